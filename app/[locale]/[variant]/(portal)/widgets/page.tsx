import { Plus } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { buttonVariants } from '@/components/ui/button';
import { WidgetList } from '@/components/widgets/widget-list';
import { WidgetNotice } from '@/components/widgets/widget-notice';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { listWidgets } from '@/server/widgets/widget-queries';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'widgets' });
  return { title: t('title'), robots: { index: false } };
}

/** Spec §2 "Widgets" (admins): the agency's widgets, with create, edit, duplicate and delete. */
export default async function WidgetsPage({ params, searchParams }: { params: SiteParams; searchParams: Promise<{ notice?: string }> }) {
  const { locale } = await resolveSiteParams(params);
  const principal = await requirePageAccess('/widgets');
  const [widgets, t, { notice }] = await Promise.all([listWidgets(await getDb(), principal), getTranslations('widgets'), searchParams]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('lead')}</p>
        </div>
        <LocaleLink href="/widgets/new" className={buttonVariants()}>
          <Plus aria-hidden className="size-4" />
          {t('create')}
        </LocaleLink>
      </div>
      {notice === 'deleted' ? <WidgetNotice text={t('notices.deleted')} /> : null}
      <section aria-label={t('title')} className="mt-8">
        <p className="mb-3 text-sm text-muted-foreground" data-testid="widget-count">
          {t('count', { count: widgets.length })}
        </p>
        <WidgetList widgets={widgets} locale={locale} />
      </section>
    </div>
  );
}
