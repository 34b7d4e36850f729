import 'server-only';
import type { Metadata } from 'next';
import { LOCALES, localizedPath, type Locale } from '@/i18n/locales';
import type { Variant } from '@/shared/sites/site-variants';

// Absolute URLs for canonical links, hreflang alternates, the sitemap and Open Graph.

type Env = Readonly<Record<string, string | undefined>>;

function defaultOrigins(env: Env): Record<Variant, string> {
  const port = env.PORT ?? process.env.PORT ?? '3000';
  return {
    main: `http://localhost:${port}`,
    second: `http://partner.localhost:${port}`,
    russian: `http://ru.localhost:${port}`,
  };
}

/** `PUBLIC_ORIGINS` is JSON of variant → origin, e.g. `{"main":"https://b2b.example.com"}`. */
export function publicOrigin(variant: Variant, env: Env = process.env): string {
  return configuredPublicOrigin(variant, env) ?? defaultOrigins(env)[variant];
}

/** The variant's origin as PUBLIC_ORIGINS sets it, or null where it sets none. */
export function configuredPublicOrigin(variant: Variant, env: Env = process.env): string | null {
  const configured: unknown = env.PUBLIC_ORIGINS ? JSON.parse(env.PUBLIC_ORIGINS) : {};
  const origin = typeof configured === 'object' && configured !== null ? (configured as Record<string, unknown>)[variant] : undefined;
  return typeof origin === 'string' ? origin.replace(/\/$/, '') : null;
}

export function absoluteUrl(variant: Variant, locale: Locale, path: string): string {
  return `${publicOrigin(variant)}${localizedPath(locale, path)}`;
}

/** Canonical URL and hreflang alternates of one page (English is the x-default). */
export function alternatesFor(variant: Variant, locale: Locale, path: string): NonNullable<Metadata['alternates']> {
  const languages: Record<string, string> = Object.fromEntries(
    LOCALES.map((language) => [language, absoluteUrl(variant, language, path)]),
  );
  languages['x-default'] = absoluteUrl(variant, 'en', path);
  return { canonical: absoluteUrl(variant, locale, path), languages };
}

export function pageMetadata(options: {
  variant: Variant;
  locale: Locale;
  path: string;
  title: string;
  description: string;
  image?: string | null;
}): Metadata {
  const { variant, locale, path, title, description, image } = options;
  const url = absoluteUrl(variant, locale, path);
  return {
    title,
    description,
    alternates: alternatesFor(variant, locale, path),
    openGraph: {
      type: 'website',
      url,
      title,
      description,
      siteName: 'Traveldesk B2B',
      locale: locale === 'ru' ? 'ru_RU' : 'en_AE',
      images: image ? [{ url: `${publicOrigin(variant)}${image}`, width: 1600, height: 1000 }] : undefined,
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description },
  };
}

