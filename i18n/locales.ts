export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `value` when it names a locale, else the default: the one way to read a locale from outside. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The public URL of a locale-free path: English unprefixed, other locales under `/{locale}`. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

export type LocaleHref = string | { pathname: string; query?: Record<string, string | number | undefined>; hash?: string };

/** A link target in `locale`: its path localized, its query and hash kept. */
export function localizeHref(locale: Locale, href: LocaleHref): string {
  if (typeof href === 'string') return localizedPath(locale, href);
  const entries = Object.entries(href.query ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  const query = new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
  return `${localizedPath(locale, href.pathname)}${query ? `?${query}` : ''}${href.hash ? `#${href.hash}` : ''}`;
}

/** The locale-free path of a public URL path (`/ru/tour/x` → `/tour/x`). */
export function stripLocale(pathname: string): string {
  const [, first, ...rest] = pathname.split('/');
  return isLocale(first) ? `/${rest.join('/')}` : pathname;
}
