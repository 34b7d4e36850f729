// A guest quote's price (docs/guest-quotes.md). Pure, in AED fils: the agent's form, the quote's
// save, the guest's page and the booking it becomes all price with these functions, and the card
// charge is the one quote of a booking's provider payment (shared/payments/charge-quote.ts) over
// the retail total computed here — so what the guest is shown is what the card pays.
import { type Currency } from '@/shared/money/money';
import { type ChargeFees, type ChargeQuote, quoteBookingCharge } from '@/shared/payments/charge-quote';
import type { ExchangeRates } from '@/shared/money/money';
import { minimumSalePrice } from '@/shared/widgets/widget-pricing';

export const QUOTE_MARKUP_KINDS = ['percent', 'amount'] as const;
export type QuoteMarkupKind = (typeof QUOTE_MARKUP_KINDS)[number];
export type QuoteMarkup = { kind: QuoteMarkupKind; value: number };

/**
 * Sane bounds of a markup. The floor is the widgets' rule (spec §5, legal terms §8): a guest price
 * at least 5% above the NET, so a quote never sells at or below cost; the ceiling keeps a typo
 * (an extra zero) from reaching a guest: at most the NET again (a percent up to 100).
 */
export const MAX_MARKUP_PERCENT = 100;

/** Currencies a quote is priced and charged in. */
export const QUOTE_CURRENCIES = ['AED', 'USD', 'RUB'] as const satisfies readonly Currency[];
export type QuoteCurrency = (typeof QUOTE_CURRENCIES)[number];

/** How many days a quote's link stays valid by default, and at most. */
export const QUOTE_DEFAULT_VALID_DAYS = 7;
export const QUOTE_MAX_VALID_DAYS = 30;

export type QuotePrice = { netTotalMinor: number; markupMinor: number; retailTotalMinor: number };

/** Why a markup is refused; null when it is within the bounds. */
export type MarkupProblem = 'belowMinimum' | 'aboveMaximum' | null;

/** The markup in AED fils on a NET total: a percent is rounded to a whole fils. */
export function markupMinor(netTotalMinor: number, markup: QuoteMarkup): number {
  return markup.kind === 'percent' ? Math.round((netTotalMinor * markup.value) / 100) : markup.value;
}

/** NET + markup: the guest's price of a quote. */
export function quotePrice(netTotalMinor: number, markup: QuoteMarkup): QuotePrice {
  const added = markupMinor(netTotalMinor, markup);
  return { netTotalMinor, markupMinor: added, retailTotalMinor: netTotalMinor + added };
}

/** Whether a guest price keeps the bounds on this NET (checked again when the guest pays, on the NET of that moment). */
export function markupProblem(netTotalMinor: number, retailTotalMinor: number): MarkupProblem {
  if (retailTotalMinor < minimumSalePrice(netTotalMinor)) return 'belowMinimum';
  if (retailTotalMinor - netTotalMinor > netTotalMinor * (MAX_MARKUP_PERCENT / 100)) return 'aboveMaximum';
  return null;
}

/** Where a quote's card payment runs: roubles only on the Russian variant's card, dirhams and dollars on the main one. */
export function quotePaymentPlace(currency: QuoteCurrency): { variant: 'main' | 'russian'; displayCurrency: Currency } {
  return currency === 'RUB' ? { variant: 'russian', displayCurrency: 'RUB' } : { variant: 'main', displayCurrency: currency };
}

/**
 * What the guest's card is charged for a quote, line by line, in the quote's currency: the one
 * quote of a booking's provider payment over a booking sold at the quote's guest price. The guest
 * page shows it; starting the payment computes it again from the booking with the same function.
 */
export function quoteGuestCharge(price: { netTotalMinor: number; retailTotalMinor: number }, currency: QuoteCurrency, settings: ExchangeRates & ChargeFees): ChargeQuote {
  return quoteBookingCharge(
    { netTotalMinor: price.netTotalMinor, publishedTotalMinor: price.retailTotalMinor, widgetId: null, quoteId: 'quote' },
    { currency, method: 'card', rates: settings, fees: settings },
  );
}
