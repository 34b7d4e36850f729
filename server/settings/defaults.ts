// Operator-maintained settings and the values a new database starts with.

export type RefundTiers = {
  /** Percent of the price refunded when cancelled more than 48 h before the tour (Asia/Dubai). */
  moreThan48h: number;
  between24hAnd48h: number;
  lessThan24h: number;
};

export type Settings = {
  rubPerAed: number;
  refundTiers: RefundTiers;
  /** Percent kept from every refund (spec §9: 2–3%). */
  refundProcessingFeePercent: number;
  cardTopUpFeePercent: number;
};

export const DEFAULT_SETTINGS: Settings = {
  rubPerAed: 24.5,
  refundTiers: { moreThan48h: 100, between24hAnd48h: 50, lessThan24h: 0 },
  refundProcessingFeePercent: 2.5,
  cardTopUpFeePercent: 2.5,
};
