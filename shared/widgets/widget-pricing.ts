// A widget's sale prices (spec §5, legal terms §8): at least 5% above the b2b cost, including
// after the widget's discount. Pure: the editor's resolver, its minimum hints, the save action and
// the guest's checkout price with these same functions, in AED fils.
import type { OfferPrices } from '@/shared/catalog/prices';

export const MIN_MARGIN_PERCENT = 5;
export const MAX_DISCOUNT_PERCENT = 90;

export const PRICE_KINDS = ['adult', 'child', 'trip'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/** The lowest sale price allowed for a b2b cost: 5% above it, rounded up to a whole fils. */
export function minimumSalePrice(costMinor: number): number {
  return Math.ceil((costMinor * (100 + MIN_MARGIN_PERCENT)) / 100);
}

/** A sale price after the widget's discount, rounded to a whole fils. */
export function discountedPrice(saleMinor: number, discountPercent: number): number {
  return Math.round((saleMinor * (100 - discountPercent)) / 100);
}

/** Whether a sale price keeps the minimum margin over its cost once the discount is taken off. */
export function keepsMinimumMargin(saleMinor: number, costMinor: number, discountPercent: number): boolean {
  return discountedPrice(saleMinor, discountPercent) >= minimumSalePrice(costMinor);
}

/**
 * The lowest sale price that still keeps the margin after the discount: what the editor suggests
 * when an offer is added and shows beside each price.
 */
export function lowestAllowedSalePrice(costMinor: number, discountPercent: number): number {
  const floor = minimumSalePrice(costMinor);
  let sale = Math.ceil((floor * 100) / (100 - discountPercent));
  // Rounding in discountedPrice may leave the first candidate a fils short or long.
  while (sale > 0 && keepsMinimumMargin(sale - 1, costMinor, discountPercent)) sale -= 1;
  while (!keepsMinimumMargin(sale, costMinor, discountPercent)) sale += 1;
  return sale;
}

/** The price kinds an offer is sold by: those its b2b sheet has (a per-trip offer has only `trip`). */
export function priceKindsOf(cost: OfferPrices): PriceKind[] {
  if (cost.trip !== null) return ['trip'];
  const kinds: PriceKind[] = [];
  if (cost.adult !== null) kinds.push('adult');
  if (cost.child !== null) kinds.push('child');
  return kinds;
}

/** The guest's price sheet of a widget offer: its sale prices after the discount. */
export function guestPrices(sale: OfferPrices, discountPercent: number): OfferPrices {
  const apply = (price: number | null) => (price === null ? null : discountedPrice(price, discountPercent));
  return { adult: apply(sale.adult), child: apply(sale.child), trip: apply(sale.trip) };
}
