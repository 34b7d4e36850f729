import type { Locale } from './locales';

// Numbers by each language's rules, through Intl: "2.5%" in English, "2,5 %" in Russian (decimal
// comma, a no-break space before the sign). Messages format their percents with the same rule
// through next-intl, as `{percent, number, ::percent scale/0.01 .##}` (PERCENT_ARGUMENT); code
// that builds a text outside a message calls `formatPercent`.

const INTL_LOCALE: Record<Locale, string> = { en: 'en-AE', ru: 'ru-RU' };
const percentFormats = new Map<Locale, Intl.NumberFormat>();

/** How a message formats a percent argument given in percent (2.5 for 2.5 %). */
export const PERCENT_ARGUMENT = '::percent scale/0.01 .##';

/** A percent given in percent (2.5 for 2.5 %), e.g. "2.5%", "2,5 %". */
export function formatPercent(percent: number, locale: Locale): string {
  let formatter = percentFormats.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', maximumFractionDigits: 2 });
    percentFormats.set(locale, formatter);
  }
  return formatter.format(percent / 100);
}
