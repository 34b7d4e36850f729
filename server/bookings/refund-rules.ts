// Cancellation refunds (DESIGN.md "Booking lifecycle"; spec §9): the tier depends on the hours left
// before the tour starts in Asia/Dubai, the percents come from the booking's cancellation policy
// and the processing fee from settings. Pure: the booking page shows the exact
// figures the cancellation then applies.
import 'server-only';
import { dubaiInstant } from '@/shared/availability/rules';
import {
  type BookingCancellationPolicy,
  type CancellationPolicy,
  type RefundTiers,
  refundTiersOf,
  resolveCancellationPolicy,
} from '@/shared/bookings/offer-terms';
import type { Settings } from '@/server/settings/defaults';

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

/**
 * The policy a booking was sold under; bookings made before offers carried policies fall back to
 * their offer's policy today.
 */
export function bookingPolicy(
  booking: { cancellationPolicy: BookingCancellationPolicy | null; offerPolicy: CancellationPolicy },
  settings: Pick<Settings, 'refundTiers'>,
): BookingCancellationPolicy {
  return booking.cancellationPolicy ?? resolveCancellationPolicy(booking.offerPolicy, settings.refundTiers);
}

export function refundQuote(
  booking: { paidMinor: number; tourDate: string; startTime: string | null; policy: BookingCancellationPolicy },
  settings: Pick<Settings, 'refundProcessingFeePercent'>,
  now: Date,
): RefundQuote {
  const tier = refundTier(booking.tourDate, booking.startTime, now);
  const percent = refundTiersOf(booking.policy)[tier];
  const grossRefundMinor = Math.round((booking.paidMinor * percent) / 100);
  const feeMinor = Math.round((grossRefundMinor * settings.refundProcessingFeePercent) / 100);
  return { tier, percent, paidMinor: booking.paidMinor, grossRefundMinor, feeMinor, refundMinor: grossRefundMinor - feeMinor };
}

/** A booking can be cancelled until its tour starts, once. */
export function isCancellable(booking: { status: string; tourDate: string; startTime: string | null }, now: Date): boolean {
  return booking.status !== 'cancelled' && now.getTime() < dubaiInstant(booking.tourDate, booking.startTime).getTime();
}

/** Where a cancellation's refund goes: the agency's balance, or back through the provider that was paid. */
export type RefundDestination = 'balance' | 'card' | 'crypto' | 'sbp';

/** A provider refund, in the currency the payment was charged in (minor units). */
export type ChargedRefund = Pick<RefundQuote, 'paidMinor' | 'grossRefundMinor' | 'feeMinor' | 'refundMinor'> & { currency: string };

export type CancellationRefund = RefundQuote & {
  destination: RefundDestination;
  /** What goes back to the card, wallet or bank account, in the charge's currency; null for the balance. */
  charged: ChargedRefund | null;
  /** The same for each payment that paid the booking, in the order given (the booking's, then its amendments'). */
  chargedParts: ChargedRefund[];
};

/**
 * What cancelling a booking now refunds, and where: the one computation behind the booking page's
 * preview and the cancellation itself. A booking paid through a provider (`paying`: each payment
 * that paid it, the booking's and its amendments', with what is left of it) gets the tier's share
 * of what was charged (fees and tax included) back the way it came, less the processing fee; its
 * books keep the same share of the NET in AED. Anything else refunds the tier's share of what was
 * paid from the balance.
 */
export function cancellationRefund(
  booking: {
    status: string;
    paymentMethod: string;
    paidMinor: number;
    netTotalMinor: number;
    tourDate: string;
    startTime: string | null;
    policy: BookingCancellationPolicy;
  },
  paying: readonly { amountMinor: number; currency: string }[],
  settings: Pick<Settings, 'refundProcessingFeePercent'>,
  now: Date,
): CancellationRefund {
  const method = booking.paymentMethod;
  const providerPaid = booking.status === 'completed' && paying.length > 0 && (method === 'card' || method === 'crypto' || method === 'sbp');
  if (!providerPaid) return { ...refundQuote(booking, settings, now), destination: 'balance', charged: null, chargedParts: [] };
  const quote = refundQuote({ ...booking, paidMinor: booking.netTotalMinor }, settings, now);
  const chargedParts = paying.map((payment) => {
    const { tier: _tier, percent: _percent, ...amounts } = refundQuote({ ...booking, paidMinor: payment.amountMinor }, settings, now);
    return { ...amounts, currency: payment.currency };
  });
  return { ...quote, destination: method, charged: chargedTotal(chargedParts), chargedParts };
}

/** The parts' refunds together: an amendment is charged in its booking's currency (amend-booking.ts), so they add up. */
function chargedTotal(parts: ChargedRefund[]): ChargedRefund {
  const [first, ...rest] = parts;
  return rest.reduce((total, part) => {
    if (part.currency !== total.currency) throw new Error(`A booking paid in ${total.currency} and ${part.currency}`);
    return {
      currency: total.currency,
      paidMinor: total.paidMinor + part.paidMinor,
      grossRefundMinor: total.grossRefundMinor + part.grossRefundMinor,
      feeMinor: total.feeMinor + part.feeMinor,
      refundMinor: total.refundMinor + part.refundMinor,
    };
  }, first!);
}
