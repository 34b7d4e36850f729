// What an offer promises about cancellation and pick-up. Client-safe: the tour
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

/** One line of a policy as the agent and the guest read it: a time window and what it refunds. */
export type PolicyLine = {
  /** Message key under `cancellationPolicy.window`. */
  window: 'moreThan48h' | 'moreThan24h' | 'between24hAnd48h' | 'lessThan48h' | 'lessThan24h' | 'anyTime';
  percent: number;
};

/**
 * A policy in as few lines as it takes: equal neighbouring tiers are merged, so 100/100/0 reads
 * "more than 24 h before: 100%; less than 24 h: no refund". Non-refundable is one line at 0%.
 */
export function policyLines(policy: BookingCancellationPolicy): PolicyLine[] {
  const { moreThan48h: early, between24hAnd48h: middle, lessThan24h: late } = refundTiersOf(policy);
  if (early === middle && middle === late) return [{ window: 'anyTime', percent: early }];
  if (early === middle) return [{ window: 'moreThan24h', percent: early }, { window: 'lessThan24h', percent: late }];
  if (middle === late) return [{ window: 'moreThan48h', percent: early }, { window: 'lessThan48h', percent: late }];
  return [
    { window: 'moreThan48h', percent: early },
    { window: 'between24hAnd48h', percent: middle },
    { window: 'lessThan24h', percent: late },
  ];
}

/** A message lookup: next-intl's `t` on a page, the document messages in a PDF. */
export type PolicyTranslate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The policy as sentences, e.g. ["Non-refundable"] or ["More than 24 hours before the start: 100% refund",
 * "Less than 24 hours before the start: no refund"]. `t` reads the `cancellationPolicy` namespace.
 */
export function describePolicy(policy: BookingCancellationPolicy, t: PolicyTranslate): string[] {
  if (policy.kind === 'nonRefundable' || policyLines(policy).every((line) => line.percent === 0)) return [t('nonRefundable')];
  return policyLines(policy).map((line) =>
    t('line', { window: t(`window.${line.window}`), refund: line.percent === 0 ? t('noRefund') : t('percentRefund', { percent: line.percent }) }),
  );
}

/**
 * The policy in a few words, for beside an offer: until when the whole price comes back, or that
 * only part does, or nothing. The lines of `describePolicy` give the rest.
 */
export type PolicySummary = 'nonRefundable' | 'fullRefundUntilStart' | 'fullRefundUntil24h' | 'fullRefundUntil48h' | 'partlyRefundable';

export function policySummary(policy: BookingCancellationPolicy): PolicySummary {
  const { moreThan48h: early, between24hAnd48h: middle, lessThan24h: late } = refundTiersOf(policy);
  if (early === 0 && middle === 0 && late === 0) return 'nonRefundable';
  if (late === 100 && middle === 100 && early === 100) return 'fullRefundUntilStart';
  if (middle === 100 && early === 100) return 'fullRefundUntil24h';
  if (early === 100) return 'fullRefundUntil48h';
  return 'partlyRefundable';
}
