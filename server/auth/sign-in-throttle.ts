import 'server-only';
import { eq, lte, or, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { rateLimits } from '@/server/db/schema';
import { addressBucket } from '@/server/http/client-address';
import { hitWindowLimit, type LimitDecision, refundWindowHit, seconds, secondsUntil, timestamp } from './rate-limits';

/**
 * Sign-in throttling (docs/security.md). Per e-mail, a streak of attempts without a
 * right password slows that e-mail down: the first `freeAttempts` go at once, then each attempt
 * must wait 1 s, 2 s, 4 s … up to `maxDelaySeconds` after the one before. Nobody can lock an agent
 * out for long by guessing (the right password after the wait signs in and ends the streak), and
 * a guesser gets about one try a minute. Per client address, at most `perAddress.limit` failures
 * in a window, whichever e-mails they name.
 */
export const SIGN_IN_THROTTLE = {
  freeAttempts: 3,
  maxDelaySeconds: 60,
  /** A streak with no attempt for this long starts again from zero. */
  quietSeconds: 15 * 60,
  perAddress: { limit: 20, windowSeconds: 15 * 60 },
} as const;

const emailKey = (email: string) => `sign-in:email:${email}`;
const addressKey = (address: string) => `sign-in:address:${addressBucket(address)}`;

/**
 * Counts a sign-in attempt before its password is checked: first against the client's address,
 * then against the e-mail's streak. Refused attempts are not checked at all.
 */
export async function admitSignIn(db: Database, attempt: { email: string; address: string }, now: Date): Promise<LimitDecision> {
  const byAddress = await hitWindowLimit(db, { key: addressKey(attempt.address), ...SIGN_IN_THROTTLE.perAddress }, now);
  if (!byAddress.allowed) return byAddress;
  return stepStreak(db, emailKey(attempt.email), now);
}

/** A right password: the e-mail's streak ends, and the attempt does not count against the address. */
export async function recordSignInSuccess(db: Database, attempt: { email: string; address: string }): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, emailKey(attempt.email)));
  await refundWindowHit(db, addressKey(attempt.address));
}

/**
 * One upsert: unless the e-mail must still wait, the streak grows by one and the wait before the
 * next attempt is set now, before this attempt's password is checked, so attempts sent together
 * find it set. An attempt that must wait changes nothing (repeating it does not prolong the wait,
 * so a guesser cannot keep the agent out), and the upsert returns no row for it.
 */
async function stepStreak(db: Database, key: string, now: Date): Promise<LimitDecision> {
  const { freeAttempts, maxDelaySeconds, quietSeconds } = SIGN_IN_THROTTLE;
  const lastActivity = sql`coalesce(${rateLimits.blockedUntil}, ${rateLimits.windowStartedAt})`;
  const restart = sql`${lastActivity} <= ${timestamp(now)} - ${seconds(quietSeconds)}`;
  const count = sql`(case when ${restart} then 1 else ${rateLimits.count} + 1 end)`;
  // 2^(count - free) seconds, capped; the exponent is capped too, so a long streak cannot overflow.
  const delay = sql`least(power(2, least(${count} - ${freeAttempts}::integer, 16))::integer, ${maxDelaySeconds}::integer)`;
  const [stepped] = await db
    .insert(rateLimits)
    // A streak's first attempt is always free (freeAttempts > 1).
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count,
        windowStartedAt: sql`case when ${restart} then ${timestamp(now)} else ${rateLimits.windowStartedAt} end`,
        blockedUntil: sql`case when ${count} >= ${freeAttempts}::integer then ${timestamp(now)} + (${delay} * interval '1 second') end`,
      },
      setWhere: or(isNull(rateLimits.blockedUntil), lte(rateLimits.blockedUntil, now)),
    })
    .returning({ count: rateLimits.count });
  if (stepped) return { allowed: true };
  const [row] = await db.select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key));
  return { allowed: false, retryAfterSeconds: row?.blockedUntil ? secondsUntil(row.blockedUntil, now) : 1 };
}
