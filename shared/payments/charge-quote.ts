// What a provider payment charges, line by line (spec §9), before the payer commits. Pure: the
// checkout and top-up pages show exactly the figures the payment is created with.
import { type Currency, convertFromAed, type ExchangeRates } from '@/shared/money/money';

export type ChargeFees = {
  /** Russian domain: card fee on a rouble card charge. */
  rubCardFeePercent: number;
  /** Russian domain: tax on every rouble charge. */
  rubTaxPercent: number;
  /** Russian domain: the fee on rouble totals (conversion from AED). */
  rubConversionFeePercent: number;
};

export type ChargeLineKind = 'subtotal' | 'conversionFee' | 'cardFee' | 'tax';
export type ChargeLine = { kind: ChargeLineKind; percent: number | null; amountMinor: number };

export type ChargeQuote = {
  currency: Currency;
  lines: ChargeLine[];
  feeMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** What the charge is worth to the portal, in AED fils (the booking's NET). */
  baseAmountMinor: number;
};

export type ChargeMethod = 'card' | 'crypto' | 'sbp';

/**
 * AED and USD charges carry no fees. A rouble charge (the Russian domain, card or SBP) converts
 * at the settings' rate and adds, each on the rouble subtotal: the conversion fee, the card fee
 * for a card, and the tax.
 */
export function quoteCharge(input: {
  baseAmountMinor: number;
  currency: Currency;
  method: ChargeMethod;
  rates: ExchangeRates;
  fees: ChargeFees;
}): ChargeQuote {
  const subtotal = convertFromAed(input.baseAmountMinor, input.currency, input.rates);
  const lines: ChargeLine[] = [{ kind: 'subtotal', percent: null, amountMinor: subtotal }];
  if (input.currency === 'RUB') {
    const percentOf = (percent: number) => Math.round((subtotal * percent) / 100);
    lines.push({ kind: 'conversionFee', percent: input.fees.rubConversionFeePercent, amountMinor: percentOf(input.fees.rubConversionFeePercent) });
    if (input.method === 'card') lines.push({ kind: 'cardFee', percent: input.fees.rubCardFeePercent, amountMinor: percentOf(input.fees.rubCardFeePercent) });
    lines.push({ kind: 'tax', percent: input.fees.rubTaxPercent, amountMinor: percentOf(input.fees.rubTaxPercent) });
  }
  const feeMinor = lines.filter((line) => line.kind === 'conversionFee' || line.kind === 'cardFee').reduce((sum, line) => sum + line.amountMinor, 0);
  const taxMinor = lines.find((line) => line.kind === 'tax')?.amountMinor ?? 0;
  return { currency: input.currency, lines, feeMinor, taxMinor, totalMinor: subtotal + feeMinor + taxMinor, baseAmountMinor: input.baseAmountMinor };
}

/** What a booking's provider payment pays, in AED fils, as the booking stands or as the checkout prices it. */
export type ChargeableBooking = {
  /** The agency's NET, after the promo discount. */
  netTotalMinor: number;
  publishedTotalMinor: number;
  /** A guest's booking through an agency's widget. */
  widgetId: string | null;
  /** A booking paid by a guest from an agency's quote (docs/guest-quotes.md). */
  quoteId?: string | null;
};

/**
 * The one quote of a booking's provider payment: the checkout shows it, "Book and pay" and "Pay
 * now" charge it. A guest booking through a widget or a quote is paid by the guest at the agency's price;
 * the agency pays its NET, promo discount included.
 */
export function quoteBookingCharge(
  booking: ChargeableBooking,
  charge: { currency: Currency; method: ChargeMethod; rates: ExchangeRates; fees: ChargeFees },
): ChargeQuote {
  // A guest pays the agency's price (a widget's, a quote's); the agency pays its NET.
  const baseAmountMinor = booking.widgetId || booking.quoteId ? booking.publishedTotalMinor : booking.netTotalMinor;
  return quoteCharge({ baseAmountMinor, ...charge });
}
