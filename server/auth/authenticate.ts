import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { agencies, signInAttempts, users } from '@/server/db/schema';
import { decoyPasswordHash, verifyPassword } from './password';
import type { Role } from '@/server/shared/auth/permissions';

/** After this many failures within the window, an e-mail (or an address) must wait. */
export const THROTTLE = { perEmail: 5, perIp: 20, windowMinutes: 15 } as const;

export type AuthenticatedAgent = {
  id: string;
  email: string;
  name: string;
  role: Role;
  agencyId: string;
};

export type AuthenticationResult =
  | { ok: true; agent: AuthenticatedAgent }
  | { ok: false; reason: 'invalidCredentials' | 'throttled' };

export async function authenticateAgent(
  db: Database,
  input: { email: string; password: string; ip: string },
  now: Date = new Date(),
): Promise<AuthenticationResult> {
  const email = input.email.trim().toLowerCase();
  if (await isThrottled(db, email, input.ip, now)) return { ok: false, reason: 'throttled' };

  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      status: users.status,
      agencyId: users.agencyId,
      passwordHash: users.passwordHash,
      agencyStatus: agencies.status,
    })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.email, email))
    .limit(1);

  // Always verify a hash, so an unknown e-mail costs as long as a wrong password.
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  const allowed =
    user !== undefined && passwordMatches && user.status === 'active' && user.agencyStatus !== 'suspended';

  await db.insert(signInAttempts).values({ email, ip: input.ip, succeeded: allowed, attemptedAt: now });
  if (!allowed) return { ok: false, reason: 'invalidCredentials' };
  return { ok: true, agent: { id: user.id, email: user.email, name: user.name, role: user.role, agencyId: user.agencyId } };
}

async function isThrottled(db: Database, email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - THROTTLE.windowMinutes * 60_000);
  const failuresWhere = (column: typeof signInAttempts.email | typeof signInAttempts.ip, value: string) =>
    and(eq(column, value), eq(signInAttempts.succeeded, false), gt(signInAttempts.attemptedAt, since));
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${failuresWhere(signInAttempts.email, email)})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${failuresWhere(signInAttempts.ip, ip)})`.mapWith(Number),
    })
    .from(signInAttempts)
    .where(gt(signInAttempts.attemptedAt, since));
  return (row?.byEmail ?? 0) >= THROTTLE.perEmail || (row?.byIp ?? 0) >= THROTTLE.perIp;
}
