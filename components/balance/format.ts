import { format } from 'date-fns';
import { dateLocale, formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';

// Formatting for the balance page, shared by its server components. Statement cells show plain
// amounts (the columns say AED), so three money columns fit a phone's width.

const INTL_LOCALE: Record<Locale, string> = { en: 'en-AE', ru: 'ru-RU' };
const amountFormats = new Map<Locale, Intl.NumberFormat>();

/** AED fils as an amount without the currency, e.g. 123456 → "1,234.56". */
export function formatAmount(minor: number, locale: Locale): string {
  let formatter = amountFormats.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(locale, formatter);
  }
  return formatter.format(minor / 100);
}

function calendarDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

/** A `yyyy-MM-dd` day in the portal's date format (spec §9). */
export function formatDay(day: string, locale: Locale): string {
  return formatDisplayDate(calendarDay(day), locale);
}

/** A `yyyy-MM` month as its name and year, e.g. "November 2026", "Ноябрь 2026". */
export function formatMonth(month: string, locale: Locale): string {
  const name = format(calendarDay(`${month}-01`), 'LLLL yyyy', { locale: dateLocale(locale) });
  return name.charAt(0).toUpperCase() + name.slice(1);
}
