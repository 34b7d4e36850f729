// The card top-up fee (spec §9: "the card top-up fee percent comes from the server"). Pure, so the
// fee endpoint and the card step of the payments issue compute the same figures.

export type TopUpQuote = { amountMinor: number; feePercent: number; feeMinor: number; totalMinor: number };

export function quoteCardTopUp(amountMinor: number, feePercent: number): TopUpQuote {
  // Whole minor units, half away from zero, like every other amount (server/money).
  const feeMinor = Math.round((amountMinor * feePercent) / 100);
  return { amountMinor, feePercent, feeMinor, totalMinor: amountMinor + feeMinor };
}
