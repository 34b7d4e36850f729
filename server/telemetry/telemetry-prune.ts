import 'server-only';
import { and, like, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@/server/db/connection';
import { analyticsEvents, rateLimits, telemetryEvents, telemetrySpans } from '@/server/db/schema';
import { TELEMETRY_RATE_WINDOW_SECONDS, type TelemetrySettings, telemetrySettings } from './telemetry-settings';

// The `telemetry.prune` job (every minute, once across processes): the telemetry tables keep the
// last TELEMETRY_RETENTION_DAYS and at most TELEMETRY_MAX_EVENTS rows each, the oldest (lowest
// ids: rows are numbered as they arrive) going first. Deletes run in batches of BATCH_ROWS, each
// its own statement, so no delete holds many row locks or one long transaction, and a run deletes
// at most MAX_BATCHES of them per table (the next minute goes on). Run every minute, each run
// deletes only what aged out since the last one; with nothing to do it costs a few index lookups.
// The collector's own rate-limit counters (`telemetry:` rows of `rate_limits`, one per browser
// session) are deleted once their window is over.

export const BATCH_ROWS = 5_000;
export const MAX_BATCHES = 40;

export type PruneCounts = { telemetryEvents: number; analyticsEvents: number; telemetrySpans: number; rateLimits: number };

type Pruned = { table: PgTable; id: PgColumn; time: PgColumn };

const TABLES = {
  telemetryEvents: { table: telemetryEvents, id: telemetryEvents.id, time: telemetryEvents.receivedAt },
  analyticsEvents: { table: analyticsEvents, id: analyticsEvents.id, time: analyticsEvents.occurredAt },
  telemetrySpans: { table: telemetrySpans, id: telemetrySpans.id, time: telemetrySpans.startedAt },
} satisfies Record<string, Pruned>;

/** How much one run deletes: BATCH_ROWS a statement, at most MAX_BATCHES statements per table and rule. */
export type PruneBatches = { batchRows: number; maxBatches: number };

export async function pruneTelemetry(
  db: Database,
  now = new Date(),
  settings: Pick<TelemetrySettings, 'retentionDays' | 'maxEvents'> = telemetrySettings(),
  batches: PruneBatches = { batchRows: BATCH_ROWS, maxBatches: MAX_BATCHES },
): Promise<PruneCounts> {
  const cutoff = new Date(now.getTime() - settings.retentionDays * 24 * 3600 * 1000);
  const counts: PruneCounts = { telemetryEvents: 0, analyticsEvents: 0, telemetrySpans: 0, rateLimits: 0 };
  for (const [name, pruned] of Object.entries(TABLES) as [keyof typeof TABLES, Pruned][]) {
    counts[name] += await deleteInBatches(db, pruned, sql`${pruned.time} < ${cutoff.toISOString()}::timestamptz`, batches);
    const boundary = await capBoundary(db, pruned, settings.maxEvents);
    if (boundary !== null) counts[name] += await deleteInBatches(db, pruned, sql`${pruned.id} <= ${boundary}`, batches);
  }
  counts.rateLimits = await pruneRateCounters(db, now);
  return counts;
}

/** Deletes the rows matching `where`, oldest first, `batchRows` a statement, at most `maxBatches` statements. */
async function deleteInBatches(db: Database, { table, id }: Pruned, where: ReturnType<typeof sql>, { batchRows, maxBatches }: PruneBatches): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await db.execute(
      sql`with doomed as (select ${id} from ${table} where ${where} order by ${id} limit ${batchRows}), gone as (delete from ${table} where ${id} in (select * from doomed) returning 1) select count(*)::int as count from gone`,
    );
    const count = Number(rowsOf<{ count: number }>(deleted)[0]?.count ?? 0);
    total += count;
    if (count < batchRows) break;
  }
  return total;
}

/**
 * The highest id to delete so that `maxRows` remain, or null when there are no more than that. The
 * ids' span bounds the count from above, so the usual case (under the cap) costs two index lookups;
 * only past it are the newest `maxRows` ids walked to find the boundary.
 */
async function capBoundary(db: Database, { table, id }: Pruned, maxRows: number): Promise<number | null> {
  const [span] = rowsOf<{ low: string | null; high: string | null }>(await db.execute(sql`select min(${id})::text as low, max(${id})::text as high from ${table}`));
  if (!span?.low || !span.high || Number(span.high) - Number(span.low) + 1 <= maxRows) return null;
  const [row] = rowsOf<{ boundary: string }>(await db.execute(sql`select ${id}::text as boundary from ${table} order by ${id} desc offset ${maxRows} limit 1`));
  return row ? Number(row.boundary) : null;
}

/** The collector's counters whose window ended (server/telemetry/collector.ts counts per address and per session). */
async function pruneRateCounters(db: Database, now: Date): Promise<number> {
  const over = new Date(now.getTime() - 2 * TELEMETRY_RATE_WINDOW_SECONDS * 1000);
  const deleted = await db
    .delete(rateLimits)
    .where(and(like(rateLimits.key, 'telemetry:%'), lt(rateLimits.windowStartedAt, over)))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** `db.execute`'s rows: postgres.js returns them as the result, PGlite under `rows`. */
function rowsOf<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  return ((result as { rows?: Row[] }).rows ?? []) as Row[];
}
