import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

// A body signed as the card providers sign their webhooks: `t=<unix seconds>,v1=<hex HMAC-SHA256
// of "<t>.<raw body>">`, so a replayed body with an old timestamp, or a forged one, is refused.

/** How old a signature may be (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signBody(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(`${timestamp}.${body}`, secret)}`;
}

/** What is wrong with the signature of `body`, or null when `header` signs it with `secret`. */
export function bodySignatureProblem(body: string, header: string | null, secret: string, now = Date.now()): string | null {
  if (!header) return 'no signature';
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) return 'malformed signature';
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale signature';
  const expected = Buffer.from(hmac(`${timestamp}.${body}`, secret), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'signature mismatch';
}

function hmac(text: string, secret: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}
