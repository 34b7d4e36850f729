import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { supplierCallStats } from '@/server/db/schema';
import type { SupplierErrorCode } from './errors';

// Calls to each supplier per minute (`supplier_call_stats`, docs/suppliers.md "Call counts"): the
// console's error rate. A call is counted in this process's memory and the counts are added to
// the rows by a flush FLUSH_MS later, one statement for everything counted since: a write per call
// would put a database round trip on every page that asks a supplier. A process that stops loses
// at most FLUSH_MS of counts, which an error rate can afford.

export const FLUSH_MS = 5_000;

/** How a call ended: fine (or a business answer), failed on the supplier's side, or timed out. */
export type CallOutcome = 'ok' | 'failure' | 'timeout';

type Counts = { supplierId: string; minute: Date; calls: number; failures: number; timeouts: number };

type Pending = { counts: Map<string, Counts>; timer: ReturnType<typeof setTimeout> | null };

/** Per database: one per process, a second handle stands for another process in tests. */
const pendingByDb = new WeakMap<Database, Pending>();

/** The outcome a connector error counts as; business answers are the supplier working. */
export function outcomeOf(code: SupplierErrorCode | null): CallOutcome {
  if (code === 'timeout') return 'timeout';
  if (code === 'unavailable' || code === 'invalid_response' || code === 'unauthorized') return 'failure';
  return 'ok';
}

function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

/** Counts one call; never waits on the database. */
export function countSupplierCall(db: Database, supplierId: string, outcome: CallOutcome, at = new Date()): void {
  let pending = pendingByDb.get(db);
  if (!pending) pendingByDb.set(db, (pending = { counts: new Map(), timer: null }));
  const minute = minuteOf(at);
  const key = `${supplierId}|${minute.toISOString()}`;
  let counts = pending.counts.get(key);
  if (!counts) pending.counts.set(key, (counts = { supplierId, minute, calls: 0, failures: 0, timeouts: 0 }));
  counts.calls += 1;
  if (outcome === 'failure') counts.failures += 1;
  if (outcome === 'timeout') counts.timeouts += 1;
  if (!pending.timer) {
    pending.timer = setTimeout(() => {
      void flushSupplierCallStats(db).catch((error: unknown) => console.warn('[suppliers] call counts not written', error));
    }, FLUSH_MS);
    pending.timer.unref?.();
  }
}

/** Adds what this process counted to the rows (a supplier deleted meanwhile is skipped). */
export async function flushSupplierCallStats(db: Database): Promise<void> {
  const pending = pendingByDb.get(db);
  if (!pending) return;
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = null;
  // In key order, so two processes flushing at once lock the rows alike.
  const rows = [...pending.counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, counts]) => counts);
  pending.counts.clear();
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.supplierId}::uuid, ${row.minute.toISOString()}::timestamptz, ${row.calls}::int, ${row.failures}::int, ${row.timeouts}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${supplierCallStats} (supplier_id, minute, calls, failures, timeouts)
    select counted.supplier_id, counted.minute, counted.calls, counted.failures, counted.timeouts
    from (values ${values}) as counted (supplier_id, minute, calls, failures, timeouts)
    where exists (select 1 from suppliers where suppliers.id = counted.supplier_id)
    order by counted.supplier_id, counted.minute
    on conflict (supplier_id, minute) do update set
      calls = ${supplierCallStats}.calls + excluded.calls,
      failures = ${supplierCallStats}.failures + excluded.failures,
      timeouts = ${supplierCallStats}.timeouts + excluded.timeouts
  `);
}
