import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BOOKING_REFERENCE_PATTERN } from '@/server/bookings/booking-reference';

// A guest has no account: the link in their confirmation mail is what lets them back to their
// booking and its documents. It names the booking by its reference (printed on the voucher anyway,
// never an internal id) and carries a MAC of it under a server secret, so it cannot be guessed or
// made for another booking, and needs nothing stored. Links stay valid while the secret does.

const TOKEN = /^(TD-[A-Z2-9]{7})-([0-9a-f]{32})$/;

export function guestLinkSecret(env: NodeJS.ProcessEnv = process.env): string {
  return env.GUEST_LINK_SECRET ?? `guest-booking-link:${env.AUTH_SECRET ?? 'traveldesk-development'}`;
}

function mac(reference: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`guest-booking:${reference}`).digest().subarray(0, 16);
}

/** The token of a booking's guest link: `TD-XXXXXXX-<128-bit MAC in hex>`. */
export function guestBookingToken(reference: string, secret = guestLinkSecret()): string {
  if (!BOOKING_REFERENCE_PATTERN.test(reference)) throw new Error(`Not a booking reference: ${reference}`);
  return `${reference}-${mac(reference, secret).toString('hex')}`;
}

/** The booking reference a token was made for, or null for anything else (compared in constant time). */
export function referenceOfGuestToken(token: string, secret = guestLinkSecret()): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, reference, given] = match as unknown as [string, string, string];
  return timingSafeEqual(Buffer.from(given, 'hex'), mac(reference, secret)) ? reference : null;
}
