import { eq, sql } from 'drizzle-orm';
import { countBatchedCall, FLUSH_MS } from '@/server/auth/rate-limits';
import { rateLimits } from '@/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The collector's rate counters are written in the background (`countBatchedCall(…, 'background')`):
// no batch waits for a counter's row, yet every process's calls reach the shared row within
// FLUSH_MS, and another process's calls found there refuse this one's.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.dispose());

const rowCount = async (key: string) => (await database.db.select({ count: rateLimits.count }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count;

describe('background-written rate counters', () => {
  it('decide within the process at once, and write every call to the shared row within FLUSH_MS', async () => {
    const key = `telemetry:session:${crypto.randomUUID()}`;
    for (let i = 0; i < 5; i++) expect(await countBatchedCall(database.db, [{ key, limit: 5 }], 60, new Date(), 'background')).toEqual({ allowed: true });
    // The sixth is refused from this process's own count, before any write.
    expect(await countBatchedCall(database.db, [{ key, limit: 5 }], 60, new Date(), 'background')).toMatchObject({ allowed: false });
    await vi.waitFor(async () => expect(await rowCount(key)).toBe(5), { timeout: 5_000, interval: FLUSH_MS });
  });

  it('learn another process’s calls from the shared row at their next write', async () => {
    const key = `telemetry:address:${crypto.randomUUID()}`;
    await countBatchedCall(database.db, [{ key, limit: 10 }], 60, new Date(), 'background');
    await vi.waitFor(async () => expect(await rowCount(key)).toBe(1), { timeout: 5_000, interval: FLUSH_MS });
    // Another process adds eight calls to the row.
    await database.db.update(rateLimits).set({ count: sql`${rateLimits.count} + 8` }).where(eq(rateLimits.key, key));
    await countBatchedCall(database.db, [{ key, limit: 10 }], 60, new Date(), 'background');
    await vi.waitFor(async () => expect(await rowCount(key)).toBe(10), { timeout: 5_000, interval: FLUSH_MS });
    // 1 + 8 + 1 = 10, the limit: the next call is refused.
    expect(await countBatchedCall(database.db, [{ key, limit: 10 }], 60, new Date(), 'background')).toMatchObject({ allowed: false, retryAfterSeconds: expect.any(Number) });
  });
});
