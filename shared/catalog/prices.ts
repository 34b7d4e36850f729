// Offer prices (AED fils). Pure: shared by the catalogue queries and the price components.

export type OfferPrices = { adult: number | null; child: number | null; trip: number | null };

/** The "from" price of a tour card: the lowest per-adult or per-trip price of its offers. */
export function lowestPrice(offers: readonly OfferPrices[]): number | null {
  const candidates = offers.flatMap((prices) => [prices.adult, prices.trip]).filter((price): price is number => price !== null);
  return candidates.length > 0 ? Math.min(...candidates) : null;
}
