import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { forbidden } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { redirect } from '@/i18n/navigation';
import { preparedPerDatabase } from '@/server/db/prepared';
import { agencies, agentSessions, users } from '@/server/db/schema';
import { type ApiKeyGrant, memberCan, type Permission, type Role } from '@/shared/auth/permissions';
import { type PortalPath, portalPermission } from '@/shared/auth/route-access';
import { withCustomerView } from './customer-view';
import { principalColumns } from './principal-columns';
import { sessionPrincipals } from './session-principal';

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
  /** Set when the agent acts through an agency's API key: its scopes narrow every permission (memberCan). */
  via?: ApiKeyGrant;
  /**
   * The device is in customer view (a guest looks at the screen): pages show retail prices and
   * no NET figure, commission or balance (`seesNetRates`, server/auth/customer-view.ts). Display
   * only: it narrows no permission.
   */
  customerView?: true;
};

// Every signed-in request asks it.
const principalQuery = preparedPerDatabase((db) =>
  db
    .select(principalColumns)
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
 * Agents as principals (server/auth/session-principal.ts): read through the session's row once
 * per request, so a session ends at once when its row goes (sign-out, a new password, deletion,
 * a new role) and the agent's current role applies. `null` asks only for a signed-in agent.
 */
const agents = sessionPrincipals<Principal, Permission | null>({
  kind: 'agent',
  read: async (db, { sessionId, ownerId, now }) => (await principalQuery(db).execute({ sessionId, userId: ownerId, now }))[0],
  allows: (principal, permission) => permission === null || memberCan(principal, permission),
  ofRequestCookies: withCustomerView,
});

/** The session's agent, or null. */
export const getPrincipal = agents.get;
export const principalOfCookies = agents.ofCookies;
/** The agent of a live session, or null (staff belong to no agency: never an agency's principal). */
export const loadPrincipal = agents.load;
/** For server functions: the principal, or a typed error. */
export const requirePermission = agents.require;

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
