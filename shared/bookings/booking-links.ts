// Where a booking lives in the portal, for links in mails and pages alike.

/** The id of the booking page's "Pay now" section: a link to it lands on the payment. */
export const PAY_NOW_ANCHOR = 'pay-now';

/** The locale-free path of a booking's page; `payNow` lands on its "Pay now" section. */
export function bookingPagePath(reference: string, options: { payNow?: boolean } = {}): string {
  return `/my-bookings/${encodeURIComponent(reference)}${options.payNow ? `#${PAY_NOW_ANCHOR}` : ''}`;
}
