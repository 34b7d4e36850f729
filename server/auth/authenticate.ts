import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { agencies, users } from '@/server/db/schema';
import { decoyPasswordHash, verifyPassword } from './password';
import type { Role } from '@/shared/auth/permissions';
import { admitSignIn, recordSignInSuccess } from './sign-in-throttle';

export type AuthenticatedAgent = {
  id: string;
  email: string;
  name: string;
  role: Role;
  agencyId: string;
};

export type AuthenticationResult =
  | { ok: true; agent: AuthenticatedAgent }
  | { ok: false; reason: 'invalidCredentials' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Checks an agent's e-mail and password. The attempt is counted (server/auth/sign-in-throttle.ts)
 * before the password is looked at, and a throttled attempt is not checked at all. `address` is
 * the client's (server/http/client-address.ts).
 */
export async function authenticateAgent(
  db: Database,
  input: { email: string; password: string; address: string },
  now: Date = new Date(),
): Promise<AuthenticationResult> {
  const attempt = { email: input.email.trim().toLowerCase(), address: input.address };
  const admission = await admitSignIn(db, attempt, now);
  if (!admission.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: admission.retryAfterSeconds };

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
    .where(eq(users.email, attempt.email))
    .limit(1);

  // Always verify a hash, so an unknown e-mail costs as long as a wrong password.
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  const allowed =
    user !== undefined && passwordMatches && user.status === 'active' && user.agencyStatus !== 'suspended';
  if (!allowed) return { ok: false, reason: 'invalidCredentials' };
  await recordSignInSuccess(db, attempt);
  return { ok: true, agent: { id: user.id, email: user.email, name: user.name, role: user.role, agencyId: user.agencyId } };
}
