import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { forbidden, redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { preparedPerDatabase } from '@/server/db/prepared';
import { staffMembers, staffSessions } from '@/server/db/schema';
import { sessionPrincipals } from '@/server/auth/session-principal';
import { can, type OpsPermission, type StaffRole } from '@/shared/auth/permissions';

/** The signed-in staff member every console query and action works for. */
export type StaffPrincipal = { staffId: string; email: string; name: string; role: StaffRole };

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

/** Staff as principals, the same way as agents (server/auth/session-principal.ts), with a console section's permission. */
const staff = sessionPrincipals<StaffPrincipal, OpsPermission>({
  kind: 'staff',
  read: async (db, { sessionId, ownerId, now }) => (await staffPrincipalQuery(db).execute({ sessionId, staffId: ownerId, now }))[0],
  allows: (principal, permission) => can(principal.role, permission),
});

/** The session's staff member, or null. */
export const getStaffPrincipal = staff.get;
export const staffPrincipalOfCookies = staff.ofCookies;
/** The member of a live staff session, or null (an agent's session is never a staff one). */
export const loadStaffPrincipal = staff.load;
/** For console server functions: the staff principal, or a typed error (401 signed out or an agent, 403 a role without it). */
export const requireStaffPermission = staff.require;

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
