import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES } from './locales';

// English is unprefixed, Russian lives under /ru. Next config redirects and rewrites do the locale
// and host-variant routing (server/routing/route-rules.ts); this config drives next-intl's links.
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365 },
  localeDetection: false,
});
