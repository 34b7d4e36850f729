import 'server-only';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/locales';
import { isVariant, type Variant } from '@/shared/sites/site-variants';

export type SiteParams = Promise<{ locale: string; variant: string }>;

/** Validates the route's locale and variant and enables static rendering for the locale. */
export async function resolveSiteParams(params: SiteParams): Promise<{ locale: Locale; variant: Variant }> {
  const { locale, variant } = await params;
  if (!isLocale(locale) || !isVariant(variant)) notFound();
  setRequestLocale(locale);
  return { locale, variant };
}

/**
 * The params of a page under `app/(default-site)`, which the main host's pages in the default
 * language reach without a rewrite: the route's own params, with the locale and variant that
 * `app/[locale]/[variant]` would have read from the rewritten path.
 */
export async function defaultSiteParams<RouteParams extends object>(
  params: Promise<RouteParams>,
): Promise<RouteParams & { locale: Locale; variant: Variant }> {
  return { ...(await params), locale: DEFAULT_LOCALE, variant: 'main' };
}
