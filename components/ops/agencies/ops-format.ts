import type { Locale } from '@/i18n/locales';
import { formatMoney } from '@/server/shared/money/money';

// How the agency pages show money and dates: AED as kept, dates in Asia/Dubai.

export function aed(minor: number, locale: Locale): string {
  return formatMoney(minor, 'AED', locale);
}

export function dubaiDate(value: Date | string, locale: Locale): string {
  const instant = typeof value === 'string' ? new Date(`${value}T00:00:00+04:00`) : value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Dubai' }).format(instant);
}

export function dubaiDateTime(value: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dubai' }).format(value);
}

/** `yyyy-MM-01` or `yyyy-MM` as the month's name and year. */
export function monthName(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}
