import 'server-only';

/** The widget site's page where a guest's payer goes on to the payment; `{bookingId}` is filled in. */
export const GUEST_PAYMENT_PATH = '/payment/{bookingId}';
/** The portal's page an embed's payer goes on to the payment from, top-level (never in the frame). */
export const EMBED_PAYMENT_PATH = '/embedded/payment/{bookingId}';
