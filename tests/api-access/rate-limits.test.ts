import { GET as getBalance } from '@/app/api/v1/b2b/balance/route';
import { createApiKey } from '@/server/api-access/api-keys';
import { countApiCall, FLUSH_MS } from '@/server/api-access/api-rate-limits';
import { rateLimits } from '@/server/db/schema';
import { eq, sql } from 'drizzle-orm';
import { principalFor } from '../support/booking-fixtures';
import { apiRequest, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The API's rate limits: per key and per agency, counted in the database (rate_limits) so every
// server process shares them; over a limit, 429 with Retry-After.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  serveRoutesFrom(database);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await database.dispose();
});

async function key(email: string): Promise<string> {
  const admin = await principalFor(database.db, email);
  return (await createApiKey(database.db, admin, { name: 'Limits', scopes: ['balance'], expiresInDays: 30 })).secret;
}

const call = (secret: string) => getBalance(apiRequest('/api/v1/b2b/balance', { headers: { authorization: `Bearer ${secret}` } }));

describe('the API’s rate limits', () => {
  it('answer 429 with Retry-After once a key has made its calls for the window', async () => {
    vi.stubEnv('API_RATE_LIMIT_PER_KEY', '3');
    vi.stubEnv('API_RATE_LIMIT_PER_AGENCY', '100');
    vi.stubEnv('API_RATE_LIMIT_WINDOW_SECONDS', '60');
    const secret = await key('admin@desertrose.test');
    for (let i = 0; i < 3; i++) expect((await call(secret)).status).toBe(200);
    const refused = await call(secret);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many calls\. Please wait \d+ seconds? and try again\.$/);
    // Another key of the same agency has its own count.
    expect((await call(await key('admin@desertrose.test'))).status).toBe(200);
  });

  it('count every key of an agency against the agency’s limit, and no other agency’s', async () => {
    vi.stubEnv('API_RATE_LIMIT_PER_KEY', '100');
    vi.stubEnv('API_RATE_LIMIT_PER_AGENCY', '4');
    const [first, second] = [await key('admin@palmcoast.test'), await key('admin@palmcoast.test')];
    for (const secret of [first, second, first, second]) expect((await call(secret)).status).toBe(200);
    expect((await call(first)).status).toBe(429);
    expect((await call(second)).status).toBe(429);
    expect((await call(await key('admin@gulfhorizons.test'))).status).toBe(200);
  });

  it('count the calls of every server process: another process’s calls in the row refuse this one’s at its next flush', async () => {
    const counter = { agencyId: crypto.randomUUID(), apiKeyId: crypto.randomUUID() };
    const limits = { perCaller: 10, perAgency: 100, windowSeconds: 60 };
    const start = new Date();
    await countApiCall(database.db, counter, start, limits);
    // Another process flushes eight calls of the same key into the shared row.
    await database.db.update(rateLimits).set({ count: sql`${rateLimits.count} + 8` }).where(eq(rateLimits.key, `api:key:${counter.apiKeyId}`));
    // This process learns of them when it next adds its own (within FLUSH_MS): 1 + 8 + 1 = 10, the limit.
    await countApiCall(database.db, counter, new Date(start.getTime() + FLUSH_MS), limits);
    await expect(countApiCall(database.db, counter, new Date(start.getTime() + FLUSH_MS + 1), limits)).rejects.toMatchObject({ retryAfterSeconds: 60 });
  });

  it('open again when the window ends', async () => {
    const counter = { agencyId: crypto.randomUUID(), apiKeyId: crypto.randomUUID() };
    const limits = { perCaller: 2, perAgency: 10, windowSeconds: 60 };
    const start = new Date();
    await countApiCall(database.db, counter, start, limits);
    await countApiCall(database.db, counter, new Date(start.getTime() + 1000), limits);
    await expect(countApiCall(database.db, counter, new Date(start.getTime() + 20_000), limits)).rejects.toMatchObject({ retryAfterSeconds: 40 });
    await expect(countApiCall(database.db, counter, new Date(start.getTime() + 60_000), limits)).resolves.toBeUndefined();
  });
});
