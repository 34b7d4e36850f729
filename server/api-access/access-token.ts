import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecrets } from '@/server/auth/session-cookie';

// The access token the agent's session carries (spec §1/§3 "the session carries an access token",
// §6 "protected calls send a bearer access token"). It names the same `agent_sessions` row as the
// session cookie and is read through the same principal query, so whatever ends the session
// (sign-out, sign-out everywhere, a new password, deletion, a new role) ends the token on its next
// request. It is short-lived because a browser's script can read it, unlike the cookie: a copied
// token is worth minutes. Signed with HMAC-SHA256 under a key derived from the auth secret: one
// hash to check, no decryption (the cookie's key derivation cost more than its database read).

/** How long a token is good for; the session endpoint hands out a fresh one on every read. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Prefix of every access token, so one found in a log is recognisable (API keys start `td_live_`/`td_test_`). */
export const ACCESS_TOKEN_PREFIX = 'td_at_';

export type AccessTokenClaims = { userId: string; sessionId: string; expiresAt: number };

const keys = new Map<string, Buffer>();

/** A key of its own for tokens, derived from the auth secret (the secret itself signs cookies). */
function tokenKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('traveldesk access token v1').digest();
    keys.set(secret, key);
  }
  return key;
}

function sign(payload: string, secret: string): Buffer {
  return createHmac('sha256', tokenKey(secret)).update(payload).digest();
}

/** A token for an agent's session, signed with the newest secret, good until `now` + the TTL. */
export function issueAccessToken(session: { userId: string; sessionId: string }, now = Date.now(), secrets = authSecrets()): string | null {
  const secret = secrets[0];
  if (!secret) return null;
  const claims = { u: session.userId, s: session.sessionId, e: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${ACCESS_TOKEN_PREFIX}${payload}.${sign(payload, secret).toString('base64url')}`;
}

/** The claims of a token signed with any current secret and not expired, else null. Whether its session lives is the database's answer. */
export function readAccessToken(token: string, now = Date.now(), secrets = authSecrets()): AccessTokenClaims | null {
  if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return null;
  const [payload, signature, extra] = token.slice(ACCESS_TOKEN_PREFIX.length).split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const signedByUs = secrets.some((secret) => {
    const expected = sign(payload, secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signedByUs) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { u, s, e } = (claims ?? {}) as { u?: unknown; s?: unknown; e?: unknown };
  if (typeof u !== 'string' || typeof s !== 'string' || typeof e !== 'number') return null;
  if (e * 1000 <= now) return null;
  return { userId: u, sessionId: s, expiresAt: e * 1000 };
}
