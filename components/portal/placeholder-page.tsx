import { Construction } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { requirePageAccess } from '@/server/auth/principal';
import type { PortalPath } from '@/server/shared/auth/route-access';
import { resolveSiteParams, type SiteParams } from '@/server/sites/site-params';

type PageKey = 'widgets' | 'widgetEditor';

/**
 * A route whose content arrives with a later issue: guarded by the route table like every
 * portal page, and saying plainly that it is not ready yet.
 */
export function placeholderPage(access: PortalPath, key: PageKey) {
  async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
    const { locale } = await resolveSiteParams(params);
    const t = await getTranslations({ locale, namespace: 'portal.pages' });
    return { title: t(`${key}.title`), robots: { index: false } };
  }

  async function PlaceholderPage({ params }: { params: SiteParams }) {
    await resolveSiteParams(params);
    await requirePageAccess(access);
    const t = await getTranslations('portal');
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-2xl font-semibold">{t(`pages.${key}.title`)}</h1>
        <p className="mt-2 text-muted-foreground">{t(`pages.${key}.lead`)}</p>
        <p role="status" className="mt-8 flex items-start gap-3 rounded-xl border border-dashed border-border bg-muted p-6">
          <Construction aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
          {t('comingLater')}
        </p>
      </div>
    );
  }

  return { generateMetadata, PlaceholderPage };
}
