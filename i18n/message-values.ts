import { type Currency, formatMoney } from '@/shared/money/money';
import { formatDisplayDay, formatMonthName } from './dates';
import type { Locale } from './locales';

// Values a message shows in its reader's language (an amount of money, a day, a month) travel as
// what they are and are formatted where the message is rendered, in the page's or request's
// language: a rule refusing a booking inside its transaction does not know who reads the refusal
// (an agent's checkout, the public API, the console).

export type LocalizedValue = { money: number; currency: Currency } | { day: string } | { month: string };
export type MessageValue = string | number | LocalizedValue;
/** Values interpolated into a message, e.g. `{ max: 3 }` for the sold-out message. */
export type MessageValues = Record<string, MessageValue>;

/** Minor units of `currency`, shown as money ("AED 1,234.50", "1 234,50 AED"). */
export function moneyValue(minor: number, currency: Currency): LocalizedValue {
  return { money: minor, currency };
}

/** A `yyyy-MM-dd` calendar day, shown in the portal's date format ("05 Dec, 26"). */
export function dayValue(day: string): LocalizedValue {
  return { day: day.slice(0, 10) };
}

/** A `yyyy-MM` (or `yyyy-MM-dd`) month, shown as its name and year ("November 2026", "ноябрь 2026"). */
export function monthValue(month: string): LocalizedValue {
  return { month: month.slice(0, 7) };
}

function localize(value: MessageValue, locale: Locale): string | number {
  if (typeof value !== 'object') return value;
  if ('money' in value) return formatMoney(value.money, value.currency, locale);
  if ('day' in value) return formatDisplayDay(value.day, locale);
  // Inside a sentence a Russian month is written in lower case ("за октябрь 2026"); a heading's is capitalised.
  const name = formatMonthName(value.month, locale);
  return locale === 'ru' ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/** The values as `locale` reads them, ready for the message. */
export function localizeMessageValues(values: MessageValues, locale: Locale): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, localize(value, locale)]));
}
