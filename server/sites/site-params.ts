import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/i18n/locales';
import { isVariant, type Variant } from './site-variants';

export type SiteParams = Promise<{ locale: string; variant: string }>;

/** Validates the route's locale and variant and enables static rendering for the locale. */
export async function resolveSiteParams(params: SiteParams): Promise<{ locale: Locale; variant: Variant }> {
  const { locale, variant } = await params;
  if (!isLocale(locale) || !isVariant(variant)) notFound();
  setRequestLocale(locale);
  return { locale, variant };
}
