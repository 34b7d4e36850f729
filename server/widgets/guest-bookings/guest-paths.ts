import 'server-only';

/** The widget site's page a guest returns to from the payment, and the mail links to; `{paymentId}` is filled in. */
export const GUEST_RETURN_PATH = '/booking/{paymentId}';
