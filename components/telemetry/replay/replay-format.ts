import type { Locale } from '@/i18n/locales';

/** Megabytes (or kilobytes) of stored recordings, in the page's language. */
export function formatBytes(bytes: number, locale: Locale): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return bytes >= 1024 * 1024 ? `${format.format(bytes / (1024 * 1024))} MB` : `${format.format(Math.ceil(bytes / 1024))} KB`;
}
