import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { hashPassword, verifyPassword } from '@/server/auth/password';
import type { Database } from '@/server/db/connection';
import { users } from '@/server/db/schema';
import { RuleViolation, Unauthorized } from '@/server/errors';
import type { ChangePasswordInput } from './account-schemas';
import { storePassword } from './store-password';

/**
 * A signed-in agent changes its own password (spec §2 "Account"). Every role may: the principal
 * is the permission, and the update is scoped to the principal's own user row.
 */
export async function changePassword(db: Database, principal: Principal, input: Pick<ChangePasswordInput, 'currentPassword' | 'newPassword'>): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, principal.userId), eq(users.status, 'active')))
    .limit(1);
  if (!user) throw new Unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new RuleViolation('account.currentPasswordWrong', {}, 'currentPassword');
  }
  if (input.newPassword === input.currentPassword) throw new RuleViolation('account.passwordUnchanged', {}, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction((tx) =>
    storePassword(tx, {
      userId: principal.userId,
      agencyId: principal.agencyId,
      passwordHash,
      via: 'changePassword',
      status: { from: 'active', to: 'active' },
    }),
  );
}
