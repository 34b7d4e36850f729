import 'server-only';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/server/auth/password';
import type { Database } from '@/server/db/connection';
import { agencies, users } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { EVERY_TOKEN_PURPOSE } from './account-queries';
import type { ResetPasswordInput } from './account-schemas';
import { type AccountTokenPurpose, consumeAccountToken } from './account-tokens';
import { storePassword } from './store-password';

export type PasswordSet = {
  purpose: AccountTokenPurpose;
  /** The agency still waits for approval: the sign-in page says bookings open after it. */
  agencyPending: boolean;
};

/**
 * Sets a password through a link from an e-mail: a reset, a sign-up's verification or an
 * agent's invitation. The link works once. Opening a verification or invitation link proves the
 * address, so the user becomes active.
 */
export async function resetPassword(db: Database, input: Pick<ResetPasswordInput, 'token' | 'password'>, now = new Date()): Promise<PasswordSet> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const { userId, purpose } = await consumeAccountToken(tx, input.token, EVERY_TOKEN_PURPOSE, now);
    const [user] = await tx
      .select({ status: users.status, agencyId: users.agencyId, agencyStatus: agencies.status })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agencyId))
      .where(eq(users.id, userId))
      .for('update', { of: users });
    // A deleted agent's old link opens nothing (the transaction rolls back, the link stays unused).
    if (!user || user.status === 'deleted') throw new RuleViolation('account.tokenInvalid', {}, 'token');
    await storePassword(tx, {
      userId,
      agencyId: user.agencyId,
      passwordHash,
      via: purpose,
      status: { from: user.status, to: purpose === 'resetPassword' ? user.status : 'active' },
    });
    return { purpose, agencyPending: user.agencyStatus === 'pending' };
  });
}
