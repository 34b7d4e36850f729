import { format } from 'date-fns';
import { enUS, ru } from 'date-fns/locale';
import type { Locale as DateFnsLocale } from 'date-fns';
import { dubaiWallClock } from '@/shared/availability/rules';
import type { Locale } from './locales';

// The date-picker locales (spec §2: Russian registers its own; §9: English weeks start on
// Sunday, Russian on Monday). Date pickers and date formatting take their locale from here.
const DATE_LOCALES: Record<Locale, DateFnsLocale> = { en: enUS, ru };

export function dateLocale(locale: Locale): DateFnsLocale {
  return DATE_LOCALES[locale];
}

/** Spec §9: dates are displayed as 'dd MMM, yy', times as 'HH:mm'. */
export function formatDisplayDate(date: Date, locale: Locale): string {
  return format(date, 'dd MMM, yy', { locale: dateLocale(locale) });
}

/** Spec §7: dates travel as date-only strings. */
export function formatIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** A `yyyy-MM-dd` calendar day (a tour date, a due date) in the display format, without a time zone shift. */
export function formatDisplayDay(day: string, locale: Locale): string {
  const [year, month, date] = day.split('-').map(Number);
  return formatDisplayDate(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1), locale);
}

/** An instant as its day and `HH:mm` on the Dubai wall clock (spec §9 formats; DESIGN: Asia/Dubai). */
export function formatDubaiDateTime(instant: Date, locale: Locale): string {
  const wallClock = dubaiWallClock(instant).toISOString();
  return `${formatDisplayDay(wallClock.slice(0, 10), locale)} ${wallClock.slice(11, 16)}`;
}

/** An instant's day in Dubai, in the display format. */
export function formatDubaiDay(instant: Date, locale: Locale): string {
  return formatDisplayDay(dubaiWallClock(instant).toISOString().slice(0, 10), locale);
}

/** A `yyyy-MM` (or `yyyy-MM-dd`) month as a word and its year: "November 2026", "Ноябрь 2026". */
export function formatMonthName(month: string, locale: Locale): string {
  const name = format(new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1), 'LLLL yyyy', { locale: dateLocale(locale) });
  return name.charAt(0).toUpperCase() + name.slice(1);
}
