import { format } from 'date-fns';
import { enUS, ru } from 'date-fns/locale';
import type { Locale as DateFnsLocale } from 'date-fns';
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
