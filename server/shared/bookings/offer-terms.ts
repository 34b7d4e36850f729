// What an offer promises about cancellation and pick-up (issue 17 §3, §12). Client-safe: the tour
// page, the checkout, the voucher and the cancellation quote all read the same policy.

/** Percent of the price refunded by hours left before the tour starts (Asia/Dubai). */
export type RefundTiers = {
  moreThan48h: number;
  between24hAnd48h: number;
  lessThan24h: number;
};

/**
 * An offer's cancellation policy: the operator's refund tiers from settings, non-refundable, or
 * tiers of its own. A booking keeps the policy resolved at booking time (`BookingCancellationPolicy`),
 * so a later change to the offer or the settings does not change what the guest was sold.
 */
export type CancellationPolicy = { kind: 'standard' } | { kind: 'nonRefundable' } | { kind: 'custom'; tiers: RefundTiers };

/** A policy with the settings' tiers filled in: what a booking stores and a refund quote uses. */
export type BookingCancellationPolicy = { kind: 'nonRefundable' } | { kind: 'tiers'; tiers: RefundTiers };

export const NO_REFUND: RefundTiers = { moreThan48h: 0, between24hAnd48h: 0, lessThan24h: 0 };

export function resolveCancellationPolicy(policy: CancellationPolicy, settingsTiers: RefundTiers): BookingCancellationPolicy {
  switch (policy.kind) {
    case 'nonRefundable':
      return { kind: 'nonRefundable' };
    case 'custom':
      return { kind: 'tiers', tiers: policy.tiers };
    case 'standard':
      return { kind: 'tiers', tiers: settingsTiers };
  }
}

export function refundTiersOf(policy: BookingCancellationPolicy): RefundTiers {
  return policy.kind === 'nonRefundable' ? NO_REFUND : policy.tiers;
}

/** Whether the offer comes with a hotel pick-up: none (guests make their own way), optional, or included. */
export const PICK_UP_MODES = ['none', 'optional', 'included'] as const;
export type PickUpMode = (typeof PICK_UP_MODES)[number];
