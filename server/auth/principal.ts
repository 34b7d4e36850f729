import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { cookies } from 'next/headers';
import { forbidden } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { cache } from 'react';
import { localizedPath, toLocale } from '@/i18n/locales';
import { redirect } from '@/i18n/navigation';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { preparedPerDatabase } from '@/server/db/prepared';
import { agencyApprovedColumn } from '@/server/account/agency-standing';
import { agencies, agentSessions, users } from '@/server/db/schema';
import { Forbidden, Unauthorized } from '@/server/errors';
import { memberCan, type Permission, type Role } from '@/shared/auth/permissions';
import { type PortalPath, portalPermission } from '@/shared/auth/route-access';
import { type CookieList, readSessionCookie, type SessionClaims } from './session-cookie';

/** The signed-in agent every query and action works for. */
export type Principal = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  agencyId: string;
  agencyName: string;
  /** Approved by the operator (suspended ones were): until then no NET rate shows (memberCan). */
  agencyApproved: boolean;
};

/**
 * The session's agent, read from the database once per request through the session's row, so a
 * session ends at once when its row goes (sign-out, a new password, deletion, a new role) and
 * the agent's current role applies.
 */
export const getPrincipal = cache(async (): Promise<Principal | null> => principalOfCookies(await cookies(), getDb));

/** The principal of the request's session cookie; the database is asked only when there is one. */
export async function principalOfCookies(cookieList: CookieList, db: () => Promise<Database>, now?: Date): Promise<Principal | null> {
  const session = await readSessionCookie(cookieList);
  if (typeof session === 'string') return null;
  return loadPrincipal(await db(), session, now);
}

// Every signed-in request asks it.
const principalQuery = preparedPerDatabase((db) =>
  db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      agencyId: users.agencyId,
      agencyName: agencies.name,
      agencyApproved: agencyApprovedColumn,
    })
    .from(agentSessions)
    .innerJoin(users, eq(users.id, agentSessions.userId))
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(
      and(
        eq(agentSessions.id, sql.placeholder('sessionId')),
        eq(agentSessions.userId, sql.placeholder('userId')),
        gt(agentSessions.expiresAt, sql.placeholder('now')),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('principal'),
);

/**
 * The agent of a live session as a principal, or null unless the session's row exists, belongs
 * to that agent and has not expired, and the account is active. One query on the session's key.
 */
export async function loadPrincipal(db: Database, session: SessionClaims, now: Date = new Date()): Promise<Principal | null> {
  // Staff belong to no agency: they are never an agency's principal (server/staff/staff-principal.ts).
  if (session.kind !== 'agent') return null;
  // A placeholder skips the column's encoding: postgres.js would send a Date as its toString().
  const [row] = await principalQuery(db).execute({ sessionId: session.sessionId, userId: session.userId, now: now.toISOString() });
  return row ?? null;
}

/** For server functions: the principal, or a typed error. */
export async function requirePermission(permission: Permission | null): Promise<Principal> {
  const principal = await getPrincipal();
  if (!principal) throw new Unauthorized();
  if (permission !== null && !memberCan(principal, permission)) throw new Forbidden();
  return principal;
}

/**
 * For portal pages: first line of every page. Sends an anonymous visitor to sign-in (coming
 * back afterwards) and renders the 403 page for a role the route table does not allow.
 */
export async function requirePageAccess(path: PortalPath, search = ''): Promise<Principal> {
  const principal = await getPrincipal();
  if (!principal) {
    const locale = await getLocale();
    const callbackUrl = `${localizedPath(toLocale(locale), path)}${search}`;
    return redirect({ href: { pathname: '/sign-in', query: { error: 'SessionRequired', callbackUrl } }, locale });
  }
  const permission = portalPermission(path);
  if (permission !== null && !memberCan(principal, permission)) forbidden();
  return principal;
}
