import { count, like, sql } from 'drizzle-orm';
import { countBatchedCall } from '@/server/auth/rate-limits';
import { analyticsEvents, rateLimits, telemetryEvents, telemetrySpans } from '@/server/db/schema';
import { installJobQueue } from '@/server/jobs/jobs';
import { EmbeddedQueue } from '@/server/jobs/embedded-queue';
import { pruneTelemetry } from '@/server/telemetry/telemetry-prune';
import { workTelemetryJobs } from '@/server/telemetry/telemetry-jobs';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The `telemetry.prune` job: each telemetry table keeps the last TELEMETRY_RETENTION_DAYS and at
// most TELEMETRY_MAX_EVENTS rows, the oldest going first, deleted in batches; the collector's
// rate-limit counters go once their window is over.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate telemetry_events, analytics_events, telemetry_spans, rate_limits`);
});
afterEach(() => installJobQueue(null));
afterAll(async () => database.dispose());

/** Small batches, so a few hundred rows show the batching (the job's are 5,000 rows, 40 a run). */
const BATCHES = { batchRows: 100, maxBatches: 3 };
const NOW = new Date('2026-11-28T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000);

/** `rows` rows in each table, `ageDays` old, made by the database (generate_series), in id order oldest first. */
async function fill(rows: number, ageDays: number, label: string) {
  const at = daysAgo(ageDays).toISOString();
  await database.db.execute(sql`
    insert into telemetry_events (received_at, occurred_at, kind, name, host, session_id)
    select ${at}::timestamptz, ${at}::timestamptz, 'page_view', ${label}, 'localhost', ${label} || n from generate_series(1, ${rows}) as n`);
  await database.db.execute(sql`
    insert into analytics_events (occurred_at, name, host, session_id)
    select ${at}::timestamptz, 'search', 'localhost', ${label} || n from generate_series(1, ${rows}) as n`);
  await database.db.execute(sql`
    insert into telemetry_spans (trace_id, span_id, name, kind, started_at, duration_ms, status)
    select 't' || n, 's' || n, ${label}, 'server', ${at}::timestamptz, 600, 'ok' from generate_series(1, ${rows}) as n`);
}

async function counts() {
  const [events] = await database.db.select({ n: count() }).from(telemetryEvents);
  const [analytics] = await database.db.select({ n: count() }).from(analyticsEvents);
  const [spans] = await database.db.select({ n: count() }).from(telemetrySpans);
  return [events!.n, analytics!.n, spans!.n];
}

describe('telemetry.prune', () => {
  it('deletes what is older than the retention from the three tables, keeping the rest', async () => {
    await fill(30, 20, 'old');
    await fill(10, 13, 'recent');
    const pruned = await pruneTelemetry(database.db, NOW, { retentionDays: 14, maxEvents: 1_000_000 });
    expect(pruned).toEqual({ telemetryEvents: 30, analyticsEvents: 30, telemetrySpans: 30, rateLimits: 0 });
    expect(await counts()).toEqual([10, 10, 10]);
    const names = await database.db.selectDistinct({ name: telemetryEvents.name }).from(telemetryEvents);
    expect(names).toEqual([{ name: 'recent' }]);
    // Nothing more to do: a second run deletes nothing.
    expect(await pruneTelemetry(database.db, NOW, { retentionDays: 14, maxEvents: 1_000_000 })).toEqual({ telemetryEvents: 0, analyticsEvents: 0, telemetrySpans: 0, rateLimits: 0 });
  });

  it('caps each table at TELEMETRY_MAX_EVENTS rows, the oldest going first, in batches', async () => {
    await fill(250, 2, 'older');
    await fill(70, 1, 'newer');
    const pruned = await pruneTelemetry(database.db, NOW, { retentionDays: 14, maxEvents: 100 }, BATCHES);
    // More than one batch's worth per table: the batches went on until the cap held.
    expect(pruned).toEqual({ telemetryEvents: 220, analyticsEvents: 220, telemetrySpans: 220, rateLimits: 0 });
    expect(await counts()).toEqual([100, 100, 100]);
    const kept = await database.db.select({ name: telemetryEvents.name, n: count() }).from(telemetryEvents).groupBy(telemetryEvents.name).orderBy(telemetryEvents.name);
    expect(kept).toEqual([
      { name: 'newer', n: 70 },
      { name: 'older', n: 30 },
    ]);
  });

  it('deletes at most its batches per table in one run; the next run goes on', async () => {
    const rows = BATCHES.batchRows * BATCHES.maxBatches + 10;
    await database.db.execute(sql`
      insert into telemetry_events (received_at, occurred_at, kind, name, host)
      select ${daysAgo(30).toISOString()}::timestamptz, now(), 'metric', 'LCP', 'localhost' from generate_series(1, ${rows})`);
    expect((await pruneTelemetry(database.db, NOW, { retentionDays: 14, maxEvents: 10_000_000 }, BATCHES)).telemetryEvents).toBe(300);
    expect((await pruneTelemetry(database.db, NOW, { retentionDays: 14, maxEvents: 10_000_000 }, BATCHES)).telemetryEvents).toBe(10);
  });

  it('deletes the collector’s rate-limit counters once their window is over, and nobody else’s', async () => {
    await countBatchedCall(database.db, [{ key: 'telemetry:session:old', limit: 10 }], 60, new Date(NOW.getTime() - 5 * 60_000));
    await countBatchedCall(database.db, [{ key: 'telemetry:session:live', limit: 10 }], 60, new Date(NOW.getTime() - 10_000));
    await countBatchedCall(database.db, [{ key: 'api:key:old', limit: 10 }], 60, new Date(NOW.getTime() - 5 * 60_000));
    expect((await pruneTelemetry(database.db, NOW)).rateLimits).toBe(1);
    const left = await database.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, '%:%')).orderBy(rateLimits.key);
    expect(left.map((row) => row.key)).toEqual(['api:key:old', 'telemetry:session:live']);
  });

  it('runs as the every-minute job telemetry.prune', async () => {
    await fill(5, 30, 'old');
    const queue = new EmbeddedQueue(database.db);
    installJobQueue(queue);
    try {
      await workTelemetryJobs(queue, database.db);
      await queue.send('telemetry.prune', {});
      await vi.waitFor(async () => expect(await counts()).toEqual([0, 0, 0]), { timeout: 15_000, interval: 200 });
    } finally {
      await queue.stop({ timeoutMs: 1_000 });
    }
  });
});
