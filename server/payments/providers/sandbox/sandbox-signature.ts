import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidWebhook } from '../../gateway';

// The sandbox signs its webhooks like the card providers do: `t=<unix seconds>,v1=<hex HMAC-SHA256
// of "<t>.<raw body>">`, so a replayed body with an old timestamp or a forged one is refused.

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** How old a signature may be (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signSandboxPayload(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(`${timestamp}.${body}`, secret)}`;
}

export function verifySandboxSignature(body: string, header: string | null, secret: string, now = Date.now()): void {
  if (!header) throw new InvalidWebhook('no signature');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) throw new InvalidWebhook('malformed signature');
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new InvalidWebhook('stale signature');
  const expected = Buffer.from(hmac(`${timestamp}.${body}`, secret), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidWebhook('signature mismatch');
}

function hmac(text: string, secret: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}
