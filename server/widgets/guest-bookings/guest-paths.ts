import 'server-only';

/** The widget site's page a guest returns to from the payment, and the mail links to; `{paymentId}` is filled in. */
export const GUEST_RETURN_PATH = '/booking/{paymentId}';
/** The portal's page an embed's payer returns to, top-level (the payment never runs in the frame). */
export const EMBED_RETURN_PATH = '/embedded/booking/{paymentId}';
