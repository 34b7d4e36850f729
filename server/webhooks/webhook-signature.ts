import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';

// Deliveries are signed the Standard Webhooks way (docs/webhooks.md "Verifying a delivery"):
// `webhook-signature: v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`,
// where the key is the base64 part of the endpoint's `whsec_…` secret. Signing the id and the
// timestamp with the body lets a receiver refuse a replayed or re-dated delivery.

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 24 random bytes, `whsec_` + base64 (the Standard Webhooks format). */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The `webhook-signature` header's value for one delivery. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers a delivery carries with its JSON body. */
export function webhookHeaders(secret: string, id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
