import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isLocale, type Locale } from '@/i18n/locales';
import { BOOKING_REFERENCE_PATTERN } from '@/server/bookings/booking-reference';
import { guestLinkSecret } from '@/server/widgets/guest-bookings/guest-link';

// The guest's public voucher link, sent by the agent (mail or WhatsApp). The guest has no account:
// the token is the credential. It is signed like the widget guest's link (server/widgets/
// guest-bookings/guest-link.ts: an HMAC under the same server secret, nothing stored), but for its
// own purpose (a voucher token is never a guest-booking token, nor the reverse), and it carries the
// guest's language and an expiry: the day after the tour, the link stops showing anything. The
// language and the expiry are under the MAC, so neither can be changed by the holder.

const TOKEN = /^(TD-[A-Z2-9]{7})-(en|ru)-([0-9a-z]{1,9})-([0-9a-f]{32})$/;

/** When a voucher link for a tour on `tourDate` (yyyy-MM-dd) stops working: the end of the next day in Dubai (UTC+4). */
export function voucherLinkExpiry(tourDate: string): Date {
  return new Date(Date.parse(`${tourDate}T23:59:59+04:00`) + 86_400_000);
}

/** The last day (yyyy-MM-dd, Dubai) a voucher link for a tour on `tourDate` works: the day after the tour. */
export function voucherLinkLastDay(tourDate: string): string {
  return new Date(Date.parse(`${tourDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function mac(reference: string, locale: Locale, expiresAt: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`guest-voucher:${reference}:${locale}:${expiresAt}`).digest().subarray(0, 16);
}

/** The token of a voucher link: `TD-XXXXXXX-<locale>-<expiry, unix seconds base 36>-<128-bit MAC in hex>`. */
export function voucherToken(reference: string, locale: Locale, expiresAt: Date, secret = guestLinkSecret()): string {
  if (!BOOKING_REFERENCE_PATTERN.test(reference)) throw new Error(`Not a booking reference: ${reference}`);
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${reference}-${locale}-${seconds.toString(36)}-${mac(reference, locale, seconds, secret).toString('hex')}`;
}

export type VoucherTokenReading =
  /** Not a token we signed (malformed, forged, altered): tells nothing. */
  | { state: 'invalid' }
  /** Signed by us, past its expiry: the page says so and shows nothing of the booking. */
  | { state: 'expired' }
  | { state: 'valid'; reference: string; locale: Locale; expiresAt: Date };

/** Reads a voucher token (the MAC compared in constant time); an expired one names no booking. */
export function readVoucherToken(token: string, now = new Date(), secret = guestLinkSecret()): VoucherTokenReading {
  const match = TOKEN.exec(token);
  if (!match) return { state: 'invalid' };
  const [, reference, locale, expiry, given] = match as unknown as [string, string, Locale, string, string];
  const seconds = parseInt(expiry, 36);
  if (!Number.isSafeInteger(seconds) || !isLocale(locale)) return { state: 'invalid' };
  if (!timingSafeEqual(Buffer.from(given, 'hex'), mac(reference, locale, seconds, secret))) return { state: 'invalid' };
  const expiresAt = new Date(seconds * 1000);
  return now.getTime() > expiresAt.getTime() ? { state: 'expired' } : { state: 'valid', reference, locale, expiresAt };
}
