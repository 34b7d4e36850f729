import { formatDisplayDay, formatDubaiDateTime, formatDubaiDay, formatMonthName } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { formatMoney } from '@/shared/money/money';

// How the console shows money and dates: AED as kept, dates and times in the portal's formats
// (spec §9 'dd MMM, yy' and 'HH:mm', in Asia/Dubai), months as words, so staff and agents read
// the same date the same way.

export function aed(minor: number, locale: Locale): string {
  return formatMoney(minor, 'AED', locale);
}

/** An instant's day in Dubai, or a `yyyy-MM-dd` calendar day as it is. */
export function dubaiDate(value: Date | string, locale: Locale): string {
  return typeof value === 'string' ? formatDisplayDay(value.slice(0, 10), locale) : formatDubaiDay(value, locale);
}

export function dubaiDateTime(value: Date, locale: Locale): string {
  return formatDubaiDateTime(value, locale);
}

/** `yyyy-MM-01` or `yyyy-MM` as the month's name and year. */
export function monthName(month: string, locale: Locale): string {
  return formatMonthName(month, locale);
}
