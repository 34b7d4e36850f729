import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '@/server/audit/audit';
import { endSessions } from '@/server/auth/sessions';
import type { Transaction } from '@/server/db/connection';
import { accountTokens, users } from '@/server/db/schema';
import type { AccountTokenPurpose } from './account-tokens';

type UserStatus = (typeof users.$inferSelect)['status'];

export type PasswordChange = {
  userId: string;
  agencyId: string;
  /** The new argon2 hash (hashed before the transaction: argon2 is slow, transactions are not). */
  passwordHash: string;
  /** How the password was set, recorded in the audit trail instead of the password. */
  via: AccountTokenPurpose | 'changePassword';
  status: { from: UserStatus; to: UserStatus };
};

/**
 * Stores a new password in the caller's transaction. Every link still open for the user stops
 * working: whoever holds an older reset or verification mail can no longer change it again. Every
 * session ends too: whoever signed in with the old password (or copied a cookie) is out.
 */
export async function storePassword(tx: Transaction, change: PasswordChange): Promise<void> {
  await tx
    .update(users)
    .set({ passwordHash: change.passwordHash, status: change.status.to, updatedAt: sql`now()` })
    .where(eq(users.id, change.userId));
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, change.userId), isNull(accountTokens.usedAt)));
  await endSessions(tx, 'agent', change.userId);
  await recordAudit(tx, {
    agencyId: change.agencyId,
    actorUserId: change.userId,
    entity: 'user',
    entityId: change.userId,
    action: 'user.password',
    changes: {
      password: { from: null, to: change.via },
      ...(change.status.from !== change.status.to && { status: change.status }),
    },
  });
}
