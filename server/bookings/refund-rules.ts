// Cancellation refunds (DESIGN.md "Booking lifecycle"; spec §9): the tier depends on the hours left
// before the tour starts in Asia/Dubai, the percents and the processing fee come from settings.
// Pure: the booking page shows the exact figures the cancellation then applies.
import 'server-only';
import { dubaiInstant } from '@/server/shared/availability/rules';
import type { RefundTiers, Settings } from '@/server/settings/defaults';

export type RefundTier = keyof RefundTiers;

export type RefundQuote = {
  tier: RefundTier;
  percent: number;
  /** What the agency paid from its balance, AED fils. */
  paidMinor: number;
  /** The tier's share of what was paid. */
  grossRefundMinor: number;
  /** The processing fee kept from the refund. */
  feeMinor: number;
  /** What goes back to the agency's balance. */
  refundMinor: number;
};

export function refundTier(tourDate: string, startTime: string | null, now: Date): RefundTier {
  const hoursLeft = (dubaiInstant(tourDate, startTime).getTime() - now.getTime()) / 3_600_000;
  if (hoursLeft > 48) return 'moreThan48h';
  if (hoursLeft >= 24) return 'between24hAnd48h';
  return 'lessThan24h';
}

export function refundQuote(
  booking: { paidMinor: number; tourDate: string; startTime: string | null },
  settings: Pick<Settings, 'refundTiers' | 'refundProcessingFeePercent'>,
  now: Date,
): RefundQuote {
  const tier = refundTier(booking.tourDate, booking.startTime, now);
  const percent = settings.refundTiers[tier];
  const grossRefundMinor = Math.round((booking.paidMinor * percent) / 100);
  const feeMinor = Math.round((grossRefundMinor * settings.refundProcessingFeePercent) / 100);
  return { tier, percent, paidMinor: booking.paidMinor, grossRefundMinor, feeMinor, refundMinor: grossRefundMinor - feeMinor };
}

/** A booking can be cancelled until its tour starts, once. */
export function isCancellable(booking: { status: string; tourDate: string; startTime: string | null }, now: Date): boolean {
  return booking.status !== 'cancelled' && now.getTime() < dubaiInstant(booking.tourDate, booking.startTime).getTime();
}
