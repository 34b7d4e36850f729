// What a booking costs. Pure: the checkout summary, the date picker's running total and the
// booking transaction all price with this one function, in AED fils.
import type { GuestCounts } from '@/shared/availability/rules';
import type { OfferPrices } from '@/shared/catalog/prices';

export type PriceLineKind = 'adult' | 'child' | 'trip';
export type PriceLine = { kind: PriceLineKind; quantity: number; unitMinor: number; totalMinor: number };

/**
 * The lines of one price sheet (b2b or recommended retail): a per-trip offer is one line whatever
 * the head count; a per-person offer charges adults and children (a missing child price falls
 * back to the adult price). Infants travel free.
 */
export function priceLines(prices: OfferPrices, counts: GuestCounts): PriceLine[] {
  if (prices.trip !== null) return [{ kind: 'trip', quantity: 1, unitMinor: prices.trip, totalMinor: prices.trip }];
  const adult = prices.adult ?? 0;
  const child = prices.child ?? adult;
  const lines: PriceLine[] = [];
  if (counts.adults > 0) lines.push({ kind: 'adult', quantity: counts.adults, unitMinor: adult, totalMinor: adult * counts.adults });
  if (counts.children > 0) lines.push({ kind: 'child', quantity: counts.children, unitMinor: child, totalMinor: child * counts.children });
  return lines;
}

export function linesTotal(lines: readonly PriceLine[]): number {
  return lines.reduce((sum, line) => sum + line.totalMinor, 0);
}

export type BookingQuote = {
  netLines: PriceLine[];
  /** b2b total before the promo discount. */
  netSubtotalMinor: number;
  discountMinor: number;
  /** What the agency pays: b2b total less the discount. */
  netTotalMinor: number;
  /** The guest's (recommended retail) price. */
  publishedTotalMinor: number;
};

/** Prices a booking; a promo takes `percentOff` off the agency's (b2b) total, rounded to whole fils. */
export function quoteBooking(sheet: { b2b: OfferPrices; retail: OfferPrices }, counts: GuestCounts, percentOff = 0): BookingQuote {
  const netLines = priceLines(sheet.b2b, counts);
  const netSubtotalMinor = linesTotal(netLines);
  const discountMinor = Math.round((netSubtotalMinor * percentOff) / 100);
  return {
    netLines,
    netSubtotalMinor,
    discountMinor,
    netTotalMinor: netSubtotalMinor - discountMinor,
    publishedTotalMinor: linesTotal(priceLines(sheet.retail, counts)),
  };
}
