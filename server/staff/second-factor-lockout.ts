import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import type { Database } from '@/server/db/connection';
import { rateLimits, staffMembers } from '@/server/db/schema';
import { seconds, secondsUntil, timestamp } from '@/server/auth/rate-limits';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import en from '@/messages/ops/en.json';

/**
 * Second-factor lockout: someone who has a staff member's password but keeps entering wrong codes
 * is guessing the authenticator. `attempts` wrong codes within `windowSeconds` lock that member's
 * second factor for `lockSeconds` (the right code is refused too), and the operator admins get one
 * mail per lock. Counted in `rate_limits`, shared by every server process.
 */
export const SECOND_FACTOR_LOCKOUT = { attempts: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

const lockKey = (staffId: string) => `staff-factor:${staffId}`;

/** Seconds until the member's second factor unlocks, or null when it is not locked. */
export async function secondFactorLockedFor(db: Database, staffId: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, lockKey(staffId)), gt(rateLimits.blockedUntil, now)))
    .limit(1);
  return row?.blockedUntil ? secondsUntil(row.blockedUntil, now) : null;
}

/**
 * Counts one wrong code (one atomic upsert, so codes sent together each see the ones before).
 * The attempt that reaches the limit locks the factor and mails the admins: exactly one does.
 * Returns the seconds of a lock it set, else null.
 */
export async function recordWrongSecondFactor(
  db: Database,
  member: { id: string; email: string; name: string },
  now: Date,
  mailer: Mailer = getMailer(),
): Promise<number | null> {
  const { attempts, windowSeconds, lockSeconds } = SECOND_FACTOR_LOCKOUT;
  const windowOver = sql`${rateLimits.windowStartedAt} <= ${timestamp(now)} - ${seconds(windowSeconds)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: lockKey(member.id), count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${timestamp(now)} else ${rateLimits.windowStartedAt} end`,
        blockedUntil: sql`case when ${windowOver} then null else ${rateLimits.blockedUntil} end`,
      },
    })
    .returning({ count: rateLimits.count });
  if (row?.count !== attempts) return null;
  const until = new Date(now.getTime() + lockSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx.update(rateLimits).set({ blockedUntil: until }).where(eq(rateLimits.key, lockKey(member.id)));
    const admins = await tx
      .select({ email: staffMembers.email })
      .from(staffMembers)
      .where(and(eq(staffMembers.role, 'operator-admin'), eq(staffMembers.status, 'active')));
    // Staff mail is in English, the console's working language.
    const t = createTranslator({ locale: 'en', messages: en, namespace: 'ops.lockoutMail' });
    const values = { name: member.name, email: member.email, attempts, minutes: lockSeconds / 60, time: now.toISOString() };
    for (const admin of admins) {
      await mailer.send(tx, { to: admin.email, subject: t('subject', values), text: t('body', values), kind: 'staffFactorLocked' });
    }
  });
  return lockSeconds;
}

/** A right code ends the count of wrong ones. */
export async function clearWrongSecondFactors(db: Database, staffId: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, lockKey(staffId)));
}
