import 'server-only';
import { decode } from 'next-auth/jwt';

// Reads Auth.js's session cookie without running Auth.js: every signed-in request needs only the
// agent and session ids, and the principal query checks the rest (server/auth/principal.ts).
// Auth.js names the cookie by scheme (the `__Secure-` one over HTTPS), splits a large one into
// `name.0`, `name.1` … chunks, and encrypts it with a key derived from its secret and the name.

export const SESSION_COOKIE_NAMES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

/** `staff`: a member of the operator's staff (server/staff), whose session row is a `staff_sessions` one. */
export type SessionKind = 'agent' | 'staff';
export type SessionClaims = { userId: string; sessionId: string; kind: SessionKind };

/** `none`: no session cookie; `invalid`: one that does not decode (forged, expired, other secret). */
export type SessionCookie = SessionClaims | 'none' | 'invalid';

export type CookieList = { getAll(): { name: string; value: string }[] };

/** Auth.js's secrets as it reads them from the environment, newest first. */
export function authSecrets(env: Record<string, string | undefined> = process.env): string[] {
  return [env.AUTH_SECRET_3, env.AUTH_SECRET_2, env.AUTH_SECRET_1, env.AUTH_SECRET].filter((secret): secret is string => Boolean(secret));
}

/** `base` itself or one of its chunks. */
function isCookieOf(name: string, base: string): boolean {
  return name === base || (name.startsWith(`${base}.`) && /^\d+$/.test(name.slice(base.length + 1)));
}

export function isSessionCookieName(name: string): boolean {
  return SESSION_COOKIE_NAMES.some((base) => isCookieOf(name, base));
}

export async function readSessionCookie(cookies: CookieList, secrets = authSecrets(), now = Date.now()): Promise<SessionCookie> {
  const all = cookies.getAll();
  for (const name of SESSION_COOKIE_NAMES) {
    const token = joinChunks(all, name);
    if (!token) continue;
    if (secrets.length === 0) return 'invalid';
    const key = `${secrets.join('\n')}\n${name}\n${token}`;
    const known = decodedCookies.get(key, now);
    if (known) return known;
    try {
      const payload = await decode({ token, secret: secrets, salt: name });
      const { uid, sid, exp, kind } = payload ?? {};
      if (typeof uid !== 'string' || typeof sid !== 'string') return 'invalid';
      const claims: SessionClaims = { userId: uid, sessionId: sid, kind: kind === 'staff' ? 'staff' : 'agent' };
      if (typeof exp === 'number') decodedCookies.set(key, claims, exp * 1000);
      return claims;
    } catch {
      return 'invalid';
    }
  }
  return 'none';
}

/**
 * Cookies this process has decoded, until they expire. Decoding (a key derivation and an
 * authenticated decryption) cost more than the session's database read on every signed-in
 * request, and a given cookie always decodes to the same claims: whether its session still
 * lives is the database's answer, asked every time. Failures are not kept.
 */
class DecodedCookies {
  readonly #entries = new Map<string, { claims: SessionClaims; expiresAt: number }>();

  constructor(readonly capacity: number) {}

  get(key: string, now: number): SessionClaims | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    // Re-inserted, so the map's order is least recently used first.
    this.#entries.set(key, entry);
    return entry.claims;
  }

  set(key: string, claims: SessionClaims, expiresAt: number) {
    this.#entries.set(key, { claims, expiresAt });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

const decodedCookies = new DecodedCookies(2_000);

/** The cookie's value, its chunks joined in order (as Auth.js's SessionStore reads it). */
function joinChunks(cookies: { name: string; value: string }[], base: string): string {
  const chunkIndex = (name: string) => (name === base ? 0 : Number(name.slice(base.length + 1)));
  return cookies
    .filter(({ name, value }) => value && isCookieOf(name, base))
    .sort((a, b) => chunkIndex(a.name) - chunkIndex(b.name))
    .map(({ value }) => value)
    .join('');
}
