import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { cookies } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { cache } from 'react';
import { localizedPath, toLocale } from '@/i18n/locales';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { preparedPerDatabase } from '@/server/db/prepared';
import { staffMembers, staffSessions } from '@/server/db/schema';
import { Forbidden, Unauthorized } from '@/server/errors';
import { type CookieList, readSessionCookie, type SessionClaims } from '@/server/auth/session-cookie';
import { can, type OpsPermission, type StaffRole } from '@/shared/auth/permissions';

/** The signed-in staff member every console query and action works for. */
export type StaffPrincipal = { staffId: string; email: string; name: string; role: StaffRole };

/** The session's staff member, read through the session's row once per request (like getPrincipal). */
export const getStaffPrincipal = cache(async (): Promise<StaffPrincipal | null> => staffPrincipalOfCookies(await cookies(), getDb));

export async function staffPrincipalOfCookies(cookieList: CookieList, db: () => Promise<Database>, now?: Date): Promise<StaffPrincipal | null> {
  const session = await readSessionCookie(cookieList);
  if (typeof session === 'string') return null;
  return loadStaffPrincipal(await db(), session, now);
}

const staffPrincipalQuery = preparedPerDatabase((db) =>
  db
    .select({ staffId: staffMembers.id, email: staffMembers.email, name: staffMembers.name, role: staffMembers.role })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, sql.placeholder('sessionId')),
        eq(staffSessions.staffId, sql.placeholder('staffId')),
        gt(staffSessions.expiresAt, sql.placeholder('now')),
        eq(staffMembers.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('staff_principal'),
);

/** The member of a live staff session, or null (an agent's session is never a staff one). */
export async function loadStaffPrincipal(db: Database, session: SessionClaims, now: Date = new Date()): Promise<StaffPrincipal | null> {
  if (session.kind !== 'staff') return null;
  const [row] = await staffPrincipalQuery(db).execute({ sessionId: session.sessionId, staffId: session.userId, now: now.toISOString() });
  return row ?? null;
}

/** For console server functions: the staff principal, or a typed error (401 signed out or an agent, 403 a role without it). */
export async function requireStaffPermission(permission: OpsPermission): Promise<StaffPrincipal> {
  const principal = await getStaffPrincipal();
  if (!principal) throw new Unauthorized();
  if (!can(principal.role, permission)) throw new Forbidden();
  return principal;
}

/**
 * For console pages: first line of every `/ops` page. Anyone not signed in as staff (agents
 * included) goes to the staff sign-in, coming back afterwards; a role without the section gets 403.
 */
export async function requireOpsPage(permission: OpsPermission, path: string): Promise<StaffPrincipal> {
  const principal = await getStaffPrincipal();
  if (!principal) {
    const locale = toLocale(await getLocale());
    const query = new URLSearchParams({ callbackUrl: localizedPath(locale, path) });
    redirect(`${localizedPath(locale, '/ops/sign-in')}?${query}`);
  }
  if (!can(principal.role, permission)) forbidden();
  return principal;
}
