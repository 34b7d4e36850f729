import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { rateLimits } from '@/server/db/schema';

// Counters in `rate_limits`, shared by every server process. Each attempt is counted by one
// atomic upsert before the work it guards, so attempts sent at the same moment queue on the row
// and each sees the ones before it: there is no read-then-write gap to slip through.

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type WindowLimit = { key: string; limit: number; windowSeconds: number };

/** A timestamp parameter both drivers send the same way. */
export function timestamp(date: Date) {
  return sql`${date.toISOString()}::timestamptz`;
}

export function seconds(count: number) {
  return sql`(${count}::integer * interval '1 second')`;
}

/** Whole seconds from `now` until `until`, at least one (a client told to wait 0 s would not). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/**
 * Counts one attempt in a fixed window: at most `limit` attempts per `windowSeconds` under `key`.
 * The attempt that finds the window full is refused (and still counted; the window does not move).
 */
export async function hitWindowLimit(db: Database, { key, limit, windowSeconds }: WindowLimit, now: Date): Promise<LimitDecision> {
  const windowOver = sql`${rateLimits.windowStartedAt} <= ${timestamp(now)} - ${seconds(windowSeconds)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${timestamp(now)} else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  if (!row) throw new Error(`The rate limit ${key} was not counted.`);
  if (row.count <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: secondsUntil(new Date(row.windowStartedAt.getTime() + windowSeconds * 1000), now) };
}

/** Gives back an attempt counted by `hitWindowLimit` that turned out not to count (a right password). */
export async function refundWindowHit(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.count, 0)));
}
