import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

// A guest has no account: the quote's link is the credential (docs/guest-quotes.md). It names the
// quote by its id and its expiry and carries a MAC of both under a key derived from AUTH_SECRET,
// so it cannot be guessed, made for another quote or stretched past its expiry, and needs nothing
// stored. The quote row's own expiry and withdrawal are checked as well: the agent can end a link early.

const TOKEN = /^([0-9a-f]{32})\.([0-9a-z]{1,10})\.([0-9a-f]{32})$/;

function quoteLinkSecret(env: NodeJS.ProcessEnv = process.env): string {
  return `guest-quote-link:${env.AUTH_SECRET ?? 'traveldesk-development'}`;
}

function mac(id: string, expiresAtSeconds: number, secret: string): Buffer {
  return createHmac('sha256', secret).update(`guest-quote:${id}:${expiresAtSeconds}`).digest().subarray(0, 16);
}

const compact = (id: string) => id.replaceAll('-', '').toLowerCase();
const uuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The token of a quote's guest link: `<id hex>.<expiry, seconds base 36>.<128-bit MAC hex>`. */
export function guestQuoteToken(quote: { id: string; expiresAt: Date }, secret = quoteLinkSecret()): string {
  const id = compact(quote.id);
  if (!/^[0-9a-f]{32}$/.test(id)) throw new Error(`Not a quote id: ${quote.id}`);
  const seconds = Math.floor(quote.expiresAt.getTime() / 1000);
  return `${id}.${seconds.toString(36)}.${mac(id, seconds, secret).toString('hex')}`;
}

/** What a token opens: the quote id and whether the link has expired, or null for anything else (compared in constant time). */
export function readGuestQuoteToken(token: string, now = new Date(), secret = quoteLinkSecret()): { quoteId: string; expired: boolean } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id, expiry, given] = match as unknown as [string, string, string, string];
  const seconds = parseInt(expiry, 36);
  if (!Number.isSafeInteger(seconds)) return null;
  if (!timingSafeEqual(Buffer.from(given, 'hex'), mac(id, seconds, secret))) return null;
  return { quoteId: uuidOf(id), expired: seconds * 1000 <= now.getTime() };
}
