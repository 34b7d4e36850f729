import { count, countDistinct, eq, like } from 'drizzle-orm';
import { POST } from '@/app/api/telemetry/route';
import type { Database } from '@/server/db/connection';
import { isDatabaseKnownDown } from '@/server/db/health';
import { markDatabaseUp } from '@/server/db/health-state';
import { telemetryEvents } from '@/server/db/schema';
import type { TelemetryEventRow } from '@/server/telemetry/envelope-mapping';
import { FLUSH_MS } from '@/server/auth/rate-limits';
import { flushTelemetryBuffer, MAX_PENDING_BYTES, TelemetryBuffer, type TelemetryBatchRows } from '@/server/telemetry/telemetry-store';
import { serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { exception, metric, pageView } from './envelopes';

// The collector's write buffer: batches accepted at once are written together, each exactly once,
// while requests keep arriving during the writes; a write that meets an outage keeps its rows and
// tries again; a row the database refuses costs only its own batch; the buffer is bounded.
// On PostgreSQL the requests and the writes really run at the same time (PGlite runs one
// transaction at a time).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20 });
  serveRoutesFrom(database);
});
afterAll(async () => {
  markDatabaseUp();
  await flushTelemetryBuffer();
  // The rate counters' background write, before the database goes.
  await new Promise((resolve) => setTimeout(resolve, 2 * FLUSH_MS));
  await database.dispose();
});

function rows(label: string, batch: number, size: number): TelemetryBatchRows {
  const events: TelemetryEventRow[] = Array.from({ length: size }, (_, index) => ({
    occurredAt: new Date(),
    kind: 'event',
    name: `${label}:${batch}:${index}`,
    host: 'localhost',
    sessionId: label,
  }));
  return { events, analytics: [], bytes: 1_000 };
}

async function stored(label: string) {
  const [row] = await database.db
    .select({ total: count(), distinct: countDistinct(telemetryEvents.name) })
    .from(telemetryEvents)
    .where(eq(telemetryEvents.sessionId, label));
  return row!;
}

const yieldSoon = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 3));

describe('the telemetry write buffer', () => {
  it('writes every batch exactly once while batches keep arriving during the writes', async () => {
    const buffer = new TelemetryBuffer(async () => database.db, () => 2);
    const label = 'concurrent';
    // 20 writers × 15 batches × 10 rows, offered in bursts, with flushes asked for in between.
    await Promise.all(
      Array.from({ length: 20 }, async (_, writer) => {
        for (let batch = 0; batch < 15; batch++) {
          expect(buffer.offer(rows(label, writer * 100 + batch, 10))).toBe(true);
          if (batch % 7 === 0) void buffer.flush();
          await yieldSoon();
        }
      }),
    );
    await buffer.flush();
    expect(buffer.size).toBe(0);
    expect(await stored(label)).toEqual({ total: 20 * 15 * 10, distinct: 20 * 15 * 10 });
  });

  it('stores every concurrent request’s batch exactly once through /api/telemetry', async () => {
    const sessions = Array.from({ length: 60 }, (_, index) => `route-${index}`.padEnd(22, 'x'));
    const answers = await Promise.all(
      sessions.map((sessionId, index) => {
        const items = [pageView(), exception(), metric('LCP', 1000 + index)].map((item) => ({ ...item, tags: { ...item.tags, 'ai.session.id': sessionId } }));
        return POST(
          new Request('http://localhost:3000/api/telemetry', {
            method: 'POST',
            headers: { host: 'localhost:3000', 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${index}` },
            body: JSON.stringify(items),
          }),
        );
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(sessions.map(() => 200));
    await flushTelemetryBuffer();
    const [row] = await database.db
      .select({ total: count(), sessions: countDistinct(telemetryEvents.sessionId) })
      .from(telemetryEvents)
      .where(like(telemetryEvents.sessionId, 'route-%'));
    expect(row).toEqual({ total: 180, sessions: 60 });
  });

  it('keeps the rows of a write that met an outage and writes them once the database is back', async () => {
    let calls = 0;
    const unreachable = { transaction: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) } as unknown as Database;
    const buffer = new TelemetryBuffer(async () => (++calls === 1 ? unreachable : database.db), () => 2);
    expect(buffer.offer(rows('outage', 1, 10))).toBe(true);
    await buffer.flush();
    // The outage was noted (the endpoint answers 503 meanwhile) and nothing was lost.
    expect(isDatabaseKnownDown()).toBe(true);
    expect(buffer.size).toBe(10);
    markDatabaseUp();
    await vi.waitFor(async () => expect(await stored('outage')).toEqual({ total: 10, distinct: 10 }), { timeout: 5_000, interval: 100 });
    expect(buffer.size).toBe(0);
  });

  it('loses only the batch holding a row the database refuses', async () => {
    const logged: string[] = [];
    console.error = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
    const buffer = new TelemetryBuffer(async () => database.db, () => 1_000);
    const poisoned = rows('poison', 2, 3);
    poisoned.events[1]!.agencyId = 'not-a-uuid';
    for (const batch of [rows('poison', 1, 3), poisoned, rows('poison', 3, 3)]) buffer.offer(batch);
    await buffer.flush();
    expect(await stored('poison')).toEqual({ total: 6, distinct: 6 });
    expect(logged.some((line) => line.includes('could not be stored and was dropped'))).toBe(true);
  });

  it('refuses a batch past its bound, so the endpoint can answer 503 and the SDK keep it', async () => {
    const buffer = new TelemetryBuffer(async () => database.db, () => 60_000);
    expect(buffer.offer({ ...rows('bound', 1, 1), bytes: MAX_PENDING_BYTES - 10 })).toBe(true);
    expect(buffer.offer({ ...rows('bound', 2, 1), bytes: 11 })).toBe(false);
    expect(buffer.size).toBe(1);
    await buffer.flush();
    expect(buffer.offer({ ...rows('bound', 3, 1), bytes: MAX_PENDING_BYTES - 10 })).toBe(true);
    await buffer.flush();
  });
});
