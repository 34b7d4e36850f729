// Operator-maintained settings and the values a new database starts with.

import type { RefundTiers } from '@/server/shared/bookings/offer-terms';

export type { RefundTiers };

export type Settings = {
  rubPerAed: number;
  refundTiers: RefundTiers;
  /** Percent kept from every refund (spec §9: 2–3%). */
  refundProcessingFeePercent: number;
  cardTopUpFeePercent: number;
  /** Russian domain (spec §9): card fee and tax on a card or SBP charge, and the fee on rouble totals. */
  rubCardFeePercent: number;
  rubTaxPercent: number;
  rubConversionFeePercent: number;
  /** The operator's account agencies pay bank deposits into (shown on the top-up page). */
  depositBankAccount: DepositBankAccount;
};

export type DepositBankAccount = { beneficiary: string; bank: string; iban: string; swift: string };

export const DEFAULT_SETTINGS: Settings = {
  rubPerAed: 24.5,
  refundTiers: { moreThan48h: 100, between24hAnd48h: 50, lessThan24h: 0 },
  refundProcessingFeePercent: 2.5,
  cardTopUpFeePercent: 2.5,
  rubCardFeePercent: 2,
  rubTaxPercent: 6,
  rubConversionFeePercent: 4,
  depositBankAccount: {
    beneficiary: 'Traveldesk Tourism L.L.C.',
    bank: 'Emirates NBD, Sheikh Zayed Road branch, Dubai',
    iban: 'AE070331234567890123456',
    swift: 'EBILAEAD',
  },
};
