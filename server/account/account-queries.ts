import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { agencies, users } from '@/server/db/schema';
import { type AccountTokenPurpose, peekAccountToken } from './account-tokens';

export const EVERY_TOKEN_PURPOSE: readonly AccountTokenPurpose[] = ['resetPassword', 'verifyEmail', 'invite'];

export type AccountRow = {
  id: string;
  email: string;
  name: string;
  status: (typeof users.$inferSelect)['status'];
  agencyId: string;
  agencyStatus: (typeof agencies.$inferSelect)['status'];
};

/** The user with this (lower-cased) e-mail, deleted ones included, or null. */
export async function findAccountByEmail(db: Database | Transaction, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, status: users.status, agencyId: users.agencyId, agencyStatus: agencies.status })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * What the reset-password page shows for a link: its purpose and the address it is for, or null
 * when the link would be refused (unknown, used, expired, or its user deleted).
 */
export async function loadTokenHolder(db: Database, token: string, now = new Date()): Promise<{ purpose: AccountTokenPurpose; email: string } | null> {
  const holder = await peekAccountToken(db, token, EVERY_TOKEN_PURPOSE, now);
  if (!holder) return null;
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, holder.userId), ne(users.status, 'deleted')))
    .limit(1);
  return user ? { purpose: holder.purpose, email: user.email } : null;
}
