import 'server-only';
import { sql } from 'drizzle-orm';
import { secondsUntil, seconds, timestamp } from '@/server/auth/rate-limits';
import type { Database } from '@/server/db/connection';
import { rateLimits } from '@/server/db/schema';
import { TooManyRequests } from '@/server/errors';

// Limits on the API's callers (docs/api-access.md#rate-limits): every call made with an API key
// counts against the key and its agency, every call made with a session's access token against
// the agent and the agency. The counters are rows of `rate_limits`, shared by every server
// process, in fixed windows. A process does not write every call: it counts locally and adds its
// calls to the rows at least every FLUSH_MS or FLUSH_CALLS calls, reading back the totals of all
// processes (one upsert, in key order so concurrent flushes lock the rows alike). A write per call
// made every call of an agency queue on its one row: the key check cost a third of a month's
// availability query. Within a process the count is exact; processes see each other's calls at
// their next flush. The portal's own pages (the session cookie) are not counted.

/** How long a process keeps its calls before adding them to the shared rows. */
export const FLUSH_MS = 250;
/** How many calls a process keeps before adding them to the shared rows. */
export const FLUSH_CALLS = 25;

export type ApiRateLimits = { perCaller: number; perAgency: number; windowSeconds: number };

const DEFAULTS: ApiRateLimits = { perCaller: 600, perAgency: 1200, windowSeconds: 60 };

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** The limits from the environment: `API_RATE_LIMIT_PER_KEY`, `API_RATE_LIMIT_PER_AGENCY` calls per `API_RATE_LIMIT_WINDOW_SECONDS`. */
export function apiRateLimits(env: Record<string, string | undefined> = process.env): ApiRateLimits {
  return {
    perCaller: positiveInteger(env.API_RATE_LIMIT_PER_KEY, DEFAULTS.perCaller),
    perAgency: positiveInteger(env.API_RATE_LIMIT_PER_AGENCY, DEFAULTS.perAgency),
    windowSeconds: positiveInteger(env.API_RATE_LIMIT_WINDOW_SECONDS, DEFAULTS.windowSeconds),
  };
}

/** Who a call counts against: the key (or the agent, for an access token) and the agency. */
export type ApiCounter = { agencyId: string } & ({ apiKeyId: string } | { userId: string });

/** One counter as this process knows it: the shared total at its last flush, and its own calls since. */
type LocalCounter = { key: string; limit: number; windowStartedAt: Date; shared: number; unflushed: number; flushedAt: number };

/** Per database (one per process; a second handle stands for another process in tests). */
const localCounters = new WeakMap<Database, Map<string, LocalCounter>>();

function counterOf(db: Database, key: string, limit: number, now: Date, windowSeconds: number): LocalCounter {
  let counters = localCounters.get(db);
  if (!counters) localCounters.set(db, (counters = new Map()));
  let counter = counters.get(key);
  if (!counter || now.getTime() - counter.windowStartedAt.getTime() >= windowSeconds * 1000) {
    // A new window: what was not flushed of the last one no longer counts.
    counter = { key, limit, windowStartedAt: now, shared: 0, unflushed: 0, flushedAt: 0 };
    counters.set(key, counter);
  }
  counter.limit = limit;
  return counter;
}

/** Counts one call; throws TooManyRequests (429 with Retry-After) when the key's or the agency's window is full. */
export async function countApiCall(db: Database, counter: ApiCounter, now = new Date(), limits = apiRateLimits()): Promise<void> {
  const callerKey = 'apiKeyId' in counter ? `api:key:${counter.apiKeyId}` : `api:agent:${counter.userId}`;
  const counters = [counterOf(db, `api:agency:${counter.agencyId}`, limits.perAgency, now, limits.windowSeconds), counterOf(db, callerKey, limits.perCaller, now, limits.windowSeconds)];
  const full = counters.filter((local) => local.shared + local.unflushed + 1 > local.limit);
  if (full.length > 0) throw tooMany(full, now, limits);
  for (const local of counters) local.unflushed += 1;
  const due = counters.filter((local) => local.unflushed >= FLUSH_CALLS || now.getTime() - local.flushedAt >= FLUSH_MS);
  if (due.length > 0) await flush(db, due, now, limits);
}

function tooMany(full: LocalCounter[], now: Date, limits: ApiRateLimits): TooManyRequests {
  const waits = full.map((local) => secondsUntil(new Date(local.windowStartedAt.getTime() + limits.windowSeconds * 1000), now));
  return new TooManyRequests(Math.max(...waits), 'apiAccess.errors.rateLimited');
}

/** Adds this process's calls to the shared rows and reads back every process's totals. */
async function flush(db: Database, due: LocalCounter[], now: Date, limits: ApiRateLimits): Promise<void> {
  const sorted = [...due].sort((a, b) => a.key.localeCompare(b.key));
  const added = new Map(sorted.map((local) => [local.key, local.unflushed]));
  for (const local of sorted) {
    local.unflushed = 0;
    local.flushedAt = now.getTime();
  }
  const windowOver = sql`${rateLimits.windowStartedAt} <= ${timestamp(now)} - ${seconds(limits.windowSeconds)}`;
  const rows = await db
    .insert(rateLimits)
    .values(sorted.map((local) => ({ key: local.key, count: added.get(local.key)!, windowStartedAt: local.windowStartedAt })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOver} then excluded.count else ${rateLimits.count} + excluded.count end`,
        windowStartedAt: sql`case when ${windowOver} then excluded.window_started_at else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  for (const row of rows) {
    const local = sorted.find((candidate) => candidate.key === row.key)!;
    local.shared = row.count;
    local.windowStartedAt = row.windowStartedAt;
  }
}
