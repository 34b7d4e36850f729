import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { Forbidden, Unauthorized } from '@/server/errors';
import { type CookieList, readSessionCookie, type SessionClaims, type SessionKind } from './session-cookie';

// How a request finds who it works for, the same for both kinds of principal: the session
// cookie names a session row (server/auth/sessions.ts), one query reads the principal through
// that row once per request, and a server function asks for a permission. An agent's session is
// never a staff member's, nor the other way round. Each kind states only its query and its
// permission check (server/auth/principal.ts for agents, server/staff/staff-principal.ts for staff).

export type PrincipalKind<Principal, Permission> = {
  kind: SessionKind;
  /** The principal of a live session: the row exists, belongs to the owner, has not expired, the account is active. */
  read: (db: Database, session: { sessionId: string; ownerId: string; now: string }) => Promise<Principal | undefined>;
  allows: (principal: Principal, permission: Permission) => boolean;
  /** What the request's other cookies add to a session's principal (the agent's customer view); never from a bearer token. */
  ofRequestCookies?: (principal: Principal, cookieList: CookieList) => Principal;
};

export type SessionPrincipals<Principal, Permission> = {
  /** The session's principal, read from the database once per request. */
  get: () => Promise<Principal | null>;
  /** The principal of a request's session cookie; the database is asked only when there is one. */
  ofCookies: (cookieList: CookieList, db: () => Promise<Database>, now?: Date) => Promise<Principal | null>;
  /** The principal of decoded session claims, or null for another kind's session or a dead one. */
  load: (db: Database, session: SessionClaims, now?: Date) => Promise<Principal | null>;
  /** For server functions: the principal, or a typed error (401 signed out or another kind, 403 without the permission). */
  require: (permission: Permission) => Promise<Principal>;
};

export function sessionPrincipals<Principal, Permission>(kind: PrincipalKind<Principal, Permission>): SessionPrincipals<Principal, Permission> {
  const load = async (db: Database, session: SessionClaims, now: Date = new Date()): Promise<Principal | null> => {
    if (session.kind !== kind.kind) return null;
    // An ISO string rather than a Date: postgres.js would send a Date placeholder as its toString().
    return (await kind.read(db, { sessionId: session.sessionId, ownerId: session.userId, now: now.toISOString() })) ?? null;
  };
  const ofCookies = async (cookieList: CookieList, db: () => Promise<Database>, now?: Date): Promise<Principal | null> => {
    const session = await readSessionCookie(cookieList);
    if (typeof session === 'string') return null;
    const principal = await load(await db(), session, now);
    return principal && kind.ofRequestCookies ? kind.ofRequestCookies(principal, cookieList) : principal;
  };
  const get = cache(async (): Promise<Principal | null> => ofCookies(await cookies(), getDb));
  const require = async (permission: Permission): Promise<Principal> => {
    const principal = await get();
    if (!principal) throw new Unauthorized();
    if (!kind.allows(principal, permission)) throw new Forbidden();
    return principal;
  };
  return { get, ofCookies, load, require };
}
