import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { accountTokens } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** How long a link in an e-mail stays good. */
export const TOKEN_LIFETIME_MINUTES: Record<AccountTokenPurpose, number> = {
  resetPassword: 60,
  verifyEmail: 7 * 24 * 60,
  invite: 7 * 24 * 60,
};

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new single-use token for the link in an e-mail. Earlier unused tokens of the same purpose
 * stop working, so only the newest e-mail's link opens anything.
 */
export async function issueAccountToken(
  tx: Database | Transaction,
  userId: string,
  purpose: AccountTokenPurpose,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000),
    createdAt: now,
  });
  return token;
}

/**
 * Marks the token used and returns whose it is, or refuses with `account.tokenInvalid` when it
 * is unknown, used, expired or of another purpose. The conditional update makes two concurrent
 * uses of one token succeed at most once.
 */
export async function consumeAccountToken(
  tx: Database | Transaction,
  token: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date = new Date(),
): Promise<{ userId: string; purpose: AccountTokenPurpose }> {
  const [used] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId, purpose: accountTokens.purpose });
  if (!used) throw new RuleViolation('account.tokenInvalid', {}, 'token');
  return used;
}

/** Whether a token would be accepted now, without using it (to show the form or the error). */
export async function peekAccountToken(
  db: Database,
  token: string,
  purposes: readonly AccountTokenPurpose[],
  now: Date = new Date(),
): Promise<{ userId: string; purpose: AccountTokenPurpose } | null> {
  const [row] = await db
    .select({ userId: accountTokens.userId, purpose: accountTokens.purpose })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        inArray(accountTokens.purpose, [...purposes]),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
