// Money is integer minor units (AED fils, US cents, kopecks) until it is shown (DESIGN.md).
// Pure: prices are converted and formatted on the server and in client islands alike.
import type { Locale } from '@/i18n/locales';

export const CURRENCIES = ['AED', 'USD', 'RUB'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** What the header's currency switch offers; roubles appear only at payment on the Russian domain. */
export const DISPLAY_CURRENCIES = ['AED', 'USD'] as const satisfies readonly Currency[];
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export const CURRENCY_COOKIE = 'currency';

/** Fixed peg (spec §9). */
export const AED_PER_USD = 3.65;

export type ExchangeRates = { rubPerAed: number };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

/** The currency the locale switch resets to (spec §1). */
export function currencyForLocale(locale: Locale): DisplayCurrency {
  return locale === 'ru' ? 'USD' : 'AED';
}

/** Converts AED fils into minor units of `currency`, rounded half away from zero to a whole unit. */
export function convertFromAed(fils: number, currency: Currency, rates?: ExchangeRates): number {
  if (!Number.isInteger(fils)) throw new Error(`Money must be whole minor units, got ${fils}`);
  switch (currency) {
    case 'AED':
      return fils;
    case 'USD':
      return roundHalfAway(fils / AED_PER_USD);
    case 'RUB':
      if (!rates || !(rates.rubPerAed > 0)) throw new Error('A rouble rate is needed to show roubles');
      return roundHalfAway(fils * rates.rubPerAed);
  }
}

function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

const INTL_LOCALE: Record<Locale, string> = { en: 'en-AE', ru: 'ru-RU' };
const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units for display, e.g. 15000 AED → "AED 150.00", in Russian "150,00 AED". */
export function formatMoney(minor: number, currency: Currency, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency,
      currencyDisplay: currency === 'RUB' ? 'symbol' : 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(minor / 100);
}

/** Converts an AED price and formats it in the visitor's currency. */
export function formatAedAs(fils: number, currency: Currency, locale: Locale, rates?: ExchangeRates): string {
  return formatMoney(convertFromAed(fils, currency, rates), currency, locale);
}

/** Figures that make up a sum, each as shown, and the sum derived from them. */
export type ConvertedBreakdown = { parts: number[]; total: number };

/**
 * Converts the parts of a sum (AED fils, signed: a fee kept is negative) once each and derives the
 * total from the converted parts, so the figures shown add up to the cent: converting the total
 * separately can differ from the converted parts by a unit per part (23.01 − 0.58 shown as 22.44).
 */
export function convertBreakdown(parts: readonly number[], currency: Currency, rates?: ExchangeRates): ConvertedBreakdown {
  const converted = parts.map((part) => convertFromAed(part, currency, rates));
  return { parts: converted, total: converted.reduce((sum, part) => sum + part, 0) };
}
