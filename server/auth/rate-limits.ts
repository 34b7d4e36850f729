import 'server-only';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { rowsOf } from '@/server/db/result-rows';
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

// Counting in batches, for limits asked on every call of a busy route (the API's, the browser
// telemetry's): a process does not write every call. It counts locally and adds its calls to the
// rows at least every FLUSH_MS or FLUSH_CALLS calls, reading back the totals of all processes (one
// upsert, in key order so concurrent flushes lock the rows alike). A write per call made every
// call of one key queue on its one row: the API key check cost a third of a month's availability
// query that way. Within a process the count is exact; processes see each other's calls at their
// next flush.

/** How long a process keeps its calls before adding them to the shared rows. */
export const FLUSH_MS = 250;
/** How many calls a process keeps before adding them to the shared rows. */
export const FLUSH_CALLS = 25;

/** One counter a call is counted against: at most `limit` calls per window under `key`. */
export type CountedLimit = { key: string; limit: number };

/** One counter as this process knows it: the shared total at its last flush, and its own calls since. */
type LocalCounter = { key: string; limit: number; windowStartedAt: Date; shared: number; unflushed: number; flushedAt: number };

/** Per database (one per process; a second handle stands for another process in tests). */
const localCounters = new WeakMap<Database, Map<string, LocalCounter>>();

/** Counters of windows ended long ago are forgotten past this many per database, so one-off keys (a browser session) do not pile up. */
const MAX_LOCAL_COUNTERS = 50_000;

function counterOf(db: Database, key: string, limit: number, now: Date, windowSeconds: number): LocalCounter {
  let counters = localCounters.get(db);
  if (!counters) localCounters.set(db, (counters = new Map()));
  let counter = counters.get(key);
  if (!counter || now.getTime() - counter.windowStartedAt.getTime() >= windowSeconds * 1000) {
    // A new window: what was not flushed of the last one no longer counts.
    if (!counter && counters.size >= MAX_LOCAL_COUNTERS) forgetEndedWindows(counters, now, windowSeconds);
    counter = { key, limit, windowStartedAt: now, shared: 0, unflushed: 0, flushedAt: 0 };
    counters.set(key, counter);
  }
  counter.limit = limit;
  return counter;
}

function forgetEndedWindows(counters: Map<string, LocalCounter>, now: Date, windowSeconds: number) {
  for (const [key, counter] of counters) {
    if (now.getTime() - counter.windowStartedAt.getTime() >= windowSeconds * 1000 && counter.unflushed === 0) counters.delete(key);
  }
}

/**
 * When a process adds its calls to the shared rows. `inline`: the call that makes a counter due
 * writes it before it returns (the API's limits: another process's calls are known at once).
 * `background`: one timer per process writes every counter with calls since the last write, in
 * one upsert, every FLUSH_MS, and no call waits for it (the browser telemetry's limits: one
 * browser posts every 15 s, so in `inline` each of its batches would write its row; here a
 * process writes four times a second whatever the number of browsers). A background write that
 * fails (the database away) loses those counts, which only makes the limit lenient for a moment.
 */
export type FlushMode = 'inline' | 'background';

/**
 * Counts one call against every counter in `limits` (fixed windows of `windowSeconds`, shared by
 * every process through `rate_limits`). A call that would pass a limit is refused and not counted.
 */
export async function countBatchedCall(db: Database, limits: CountedLimit[], windowSeconds: number, now = new Date(), flush: FlushMode = 'inline'): Promise<LimitDecision> {
  const counters = limits.map(({ key, limit }) => counterOf(db, key, limit, now, windowSeconds));
  const full = counters.filter((local) => local.shared + local.unflushed + 1 > local.limit);
  if (full.length > 0) {
    return { allowed: false, retryAfterSeconds: Math.max(...full.map((local) => secondsUntil(new Date(local.windowStartedAt.getTime() + windowSeconds * 1000), now))) };
  }
  for (const local of counters) local.unflushed += 1;
  if (flush === 'background') {
    flushInBackground(db, counters, windowSeconds);
    return { allowed: true };
  }
  const due = counters.filter((local) => local.unflushed >= FLUSH_CALLS || now.getTime() - local.flushedAt >= FLUSH_MS);
  if (due.length > 0) await flushCounters(db, due, now, windowSeconds);
  return { allowed: true };
}

/** Rows per upsert of a background write (three parameters a row). */
const FLUSH_ROWS_PER_STATEMENT = 1_000;

type BackgroundWrites = { timer: NodeJS.Timeout | null; dirty: Set<LocalCounter> };
/** Per database and window length: the counters with calls since the last background write. */
const backgroundWrites = new WeakMap<Database, Map<number, BackgroundWrites>>();

function flushInBackground(db: Database, counters: LocalCounter[], windowSeconds: number) {
  let byWindow = backgroundWrites.get(db);
  if (!byWindow) backgroundWrites.set(db, (byWindow = new Map()));
  let writes = byWindow.get(windowSeconds);
  if (!writes) byWindow.set(windowSeconds, (writes = { timer: null, dirty: new Set() }));
  for (const local of counters) writes.dirty.add(local);
  if (writes.timer) return;
  const state = writes;
  state.timer = setTimeout(() => {
    state.timer = null;
    // A counter replaced by a new window's is written as the new one only (one row per key an upsert).
    const current = localCounters.get(db);
    const due = [...state.dirty].filter((local) => local.unflushed > 0 && current?.get(local.key) === local);
    state.dirty.clear();
    void (async () => {
      for (let start = 0; start < due.length; start += FLUSH_ROWS_PER_STATEMENT) {
        await flushCounters(db, due.slice(start, start + FLUSH_ROWS_PER_STATEMENT), new Date(), windowSeconds);
      }
    })().catch((error: unknown) => console.warn('[rate-limits] a background write of the counters failed', error));
  }, FLUSH_MS);
  state.timer.unref();
}

/**
 * Adds this process's calls to the shared rows and reads back every process's totals: one upsert,
 * its rows as one JSON parameter the database reads back into rows (a multi-row VALUES cost about
 * 60 µs of CPU a row to build, and a background write holds a row per browser session), taken in
 * key order so concurrent flushes lock the rows alike.
 */
async function flushCounters(db: Database, due: LocalCounter[], now: Date, windowSeconds: number): Promise<void> {
  const sorted = [...due].sort((a, b) => a.key.localeCompare(b.key));
  const byKey = new Map(sorted.map((local) => [local.key, local]));
  const added = JSON.stringify(sorted.map((local) => ({ key: local.key, count: local.unflushed, window_started_at: local.windowStartedAt.toISOString() })));
  for (const local of sorted) {
    local.unflushed = 0;
    local.flushedAt = now.getTime();
  }
  const windowOver = sql`${rateLimits.windowStartedAt} <= ${timestamp(now)} - ${seconds(windowSeconds)}`;
  const result = await db.execute(sql`
    insert into ${rateLimits} (key, count, window_started_at)
    select key, count, window_started_at from jsonb_to_recordset(${added}::jsonb) as r(key text, count integer, window_started_at timestamptz) order by key
    on conflict (key) do update set
      count = case when ${windowOver} then excluded.count else ${rateLimits.count} + excluded.count end,
      window_started_at = case when ${windowOver} then excluded.window_started_at else ${rateLimits.windowStartedAt} end
    returning key, count, window_started_at`);
  for (const row of rowsOf<{ key: string; count: number | string; window_started_at: Date | string }>(result)) {
    const local = byKey.get(row.key)!;
    local.shared = Number(row.count);
    local.windowStartedAt = new Date(row.window_started_at);
  }
}
