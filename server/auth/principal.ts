import 'server-only';
import { and, eq } from 'drizzle-orm';
import { forbidden } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { cache } from 'react';
import { isLocale, localizedPath } from '@/i18n/locales';
import { redirect } from '@/i18n/navigation';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { agencies, users } from '@/server/db/schema';
import { Forbidden, Unauthorized } from '@/server/errors';
import { auth } from './auth';
import { can, type Permission, type Role } from '@/server/shared/auth/permissions';
import { canOpen, type PortalPath } from '@/server/shared/auth/route-access';

/** The signed-in agent every query and action works for. */
export type Principal = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  agencyId: string;
  agencyName: string;
};

/**
 * The session's agent, re-read from the database once per request, so that a deleted agent's
 * session ends at once and a changed role applies on the next request.
 */
export const getPrincipal = cache(async (): Promise<Principal | null> => {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  return loadPrincipal(await getDb(), userId);
});

/** The agent as a principal, or null unless the account is active. */
export async function loadPrincipal(db: Database, userId: string): Promise<Principal | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      agencyId: users.agencyId,
      agencyName: agencies.name,
    })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  return row ?? null;
}

/** For server functions: the principal, or a typed error. */
export async function requirePermission(permission: Permission | null): Promise<Principal> {
  const principal = await getPrincipal();
  if (!principal) throw new Unauthorized();
  if (permission !== null && !can(principal.role, permission)) throw new Forbidden();
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
    const callbackUrl = `${localizedPath(isLocale(locale) ? locale : 'en', path)}${search}`;
    return redirect({ href: { pathname: '/sign-in', query: { error: 'SessionRequired', callbackUrl } }, locale });
  }
  if (!canOpen(principal.role, path)) forbidden();
  return principal;
}
