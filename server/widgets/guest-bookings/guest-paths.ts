import 'server-only';

/** The widget site's page a guest returns to from the payment; `{paymentId}` is filled in. */
export const GUEST_RETURN_PATH = '/booking/{paymentId}';
/** The portal's page an embed's payer returns to, top-level (the payment never runs in the frame). */
export const EMBED_RETURN_PATH = '/embedded/booking/{paymentId}';
/** The widget site's page of a guest's booking, linked from the confirmation mail; `{token}` is the guest link's (./guest-link.ts). */
export const GUEST_BOOKING_PATH = '/my-booking/{token}';
/**
 * The same page for an embed's guest, on the portal, top-level and unframed. An embed lives on the
 * agency's own pages, which cannot serve it; the guest already met this page (in the agency's
 * brand and language, without the portal's chrome) when the payment brought them back.
 */
export const EMBED_GUEST_BOOKING_PATH = '/embedded/my-booking/{token}';
/** A guest's document (voucher, tickets), by the guest link's token, on whichever host shows the booking. */
export const GUEST_DOCUMENT_PATH = '/api/widgets/guest-bookings/{token}/{kind}';
