import Link from 'next/link';
import type { WidgetSite } from '@/server/widgets/sites/widget-site';
import { WidgetSiteFooter, WidgetSiteHeader, type WidgetSiteTranslator } from './widget-site-landing';

/**
 * The 404 of a widget's domain: a path the site does not have, in the site's own frame; or, on a
 * domain no widget serves (unknown, not verified yet, deleted), a plain page naming no one.
 */
export function WidgetSiteNotFound({ site, t }: { site: WidgetSite | null; t: WidgetSiteTranslator }) {
  const body = (
    <main className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <p className="text-5xl font-bold text-zinc-400">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t(site ? 'notFound.pageTitle' : 'notFound.siteTitle')}</h1>
      <p className="mt-2 text-zinc-600">{t(site ? 'notFound.pageText' : 'notFound.siteText')}</p>
      {site ? (
        <Link href="/" prefetch={false} className="mt-8 inline-block font-medium underline underline-offset-4">
          {t('notFound.backHome')}
        </Link>
      ) : null}
    </main>
  );
  if (!site) return <div className="flex min-h-dvh flex-col bg-white text-zinc-900">{body}</div>;
  return (
    <div className="flex min-h-dvh flex-col bg-white text-zinc-900">
      <WidgetSiteHeader site={site} t={t} />
      {body}
      <WidgetSiteFooter site={site} t={t} />
    </div>
  );
}
