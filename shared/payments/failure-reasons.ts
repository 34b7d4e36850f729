// Why a provider payment failed, in the few words the payer can act on (spec §4 "payment failed"
// with its reason). Pure: each provider adapter maps its own decline codes onto this set.

export const PAYMENT_FAILURE_REASONS = [
  'declined',
  'insufficientFunds',
  'authenticationFailed',
  'expiredCard',
  'payerCancelled',
  'timedOut',
  'providerUnavailable',
  'other',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** A provider's failure codes (lower case) and the reason each one means. */
export type FailureReasonTable = Readonly<Record<string, PaymentFailureReason>>;

/** Codes the portal itself writes, whatever the provider: the charge could not even be created. */
const PORTAL_CODES: FailureReasonTable = { provider_unavailable: 'providerUnavailable' };

/** The reason of a stored failure code in its provider's table; an unknown code is `other`. */
export function failureReasonOf(table: FailureReasonTable, failureCode: string | null): PaymentFailureReason {
  if (!failureCode) return 'other';
  const code = failureCode.trim().toLowerCase();
  return PORTAL_CODES[code] ?? table[code] ?? 'other';
}
