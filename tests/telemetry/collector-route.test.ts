import { count, eq } from 'drizzle-orm';
import { encode } from 'next-auth/jwt';
import { POST } from '@/app/api/telemetry/route';
import { startSession } from '@/server/auth/sessions';
import { markDatabaseDown, markDatabaseUp } from '@/server/db/health-state';
import { analyticsEvents, telemetryEvents, users } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { TELEMETRY_MAX_BYTES } from '@/server/telemetry/collector';
import { FLUSH_MS } from '@/server/auth/rate-limits';
import { flushTelemetryBuffer } from '@/server/telemetry/telemetry-store';
import { countingStream, serveRoutesFrom, streamingRequest } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { customEvent, dependency, exception, metric, pagePerformance, pageView, trace } from './envelopes';

// `/api/telemetry`, the browser SDK's collector: what it stores, and the SDK's answers — 200, 206
// for items dropped, 400 malformed, 413 too big, 415, 429 with Retry-After for a flood, 403 for a
// cookie-carrying post from another site, 503 while the database is down. A refused batch stores
// nothing.

const SECRET = 'collector-test-secret-0000000000000000000';
const ORIGIN = 'http://partner.localhost:3000';
let database: TestDatabase;

beforeAll(async () => {
  vi.stubEnv('AUTH_SECRET', SECRET);
  database = await createTestDatabase();
  serveRoutesFrom(database);
  await seedAgencies(database.db);
});
afterAll(async () => {
  markDatabaseUp();
  vi.unstubAllEnvs();
  await flushTelemetryBuffer();
  // The rate counters' background write, before the database goes.
  await new Promise((resolve) => setTimeout(resolve, 2 * FLUSH_MS));
  await database.dispose();
});
afterEach(() => {
  vi.stubEnv('TELEMETRY_RATE_LIMIT_PER_ADDRESS', undefined);
  vi.stubEnv('TELEMETRY_RATE_LIMIT_PER_SESSION', undefined);
  vi.stubEnv('TELEMETRY_FLUSH_MS', undefined);
});

let addresses = 0;
/** Each test's client its own address, so the per-address limit of one does not touch another. */
const newAddress = () => `198.51.100.${++addresses}`;

function post(body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return POST(
    new Request(`${ORIGIN}/api/telemetry`, {
      method: 'POST',
      headers: { host: 'partner.localhost:3000', 'content-type': 'application/json', 'x-forwarded-for': newAddress(), ...headers },
      body,
    }),
  );
}

const session = () => crypto.randomUUID().replace(/-/g, '').slice(0, 22);
const tagged = <Item extends { tags: Record<string, string> }>(item: Item, sessionId: string): Item => ({ ...item, tags: { ...item.tags, 'ai.session.id': sessionId } });

async function rowsOf(sessionId: string) {
  await flushTelemetryBuffer();
  return database.db.select().from(telemetryEvents).where(eq(telemetryEvents.sessionId, sessionId)).orderBy(telemetryEvents.id);
}

async function totalRows(): Promise<number> {
  await flushTelemetryBuffer();
  const [events] = await database.db.select({ n: count() }).from(telemetryEvents);
  const [analytics] = await database.db.select({ n: count() }).from(analyticsEvents);
  return events!.n + analytics!.n;
}

describe('/api/telemetry', () => {
  it('stores a batch of every kind, host from the request, and analytics events in their own table (200)', async () => {
    const id = session();
    const items = [pageView(), pagePerformance(), customEvent('search', { query: 'desert', results: 4 }), customEvent('filter_opened'), exception(), metric('LCP', 1200), dependency(), trace()].map((item) =>
      tagged(item, id),
    );
    const response = await post(JSON.stringify(items));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ itemsReceived: 8, itemsAccepted: 8, errors: [] });
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.kind)).toEqual(['page_view', 'page_view_performance', 'event', 'event', 'exception', 'metric', 'dependency', 'trace']);
    expect(new Set(rows.map((row) => row.host))).toEqual(new Set(['partner.localhost']));
    expect(rows.every((row) => row.agencyId === null)).toBe(true);
    const analytics = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, id));
    expect(analytics.map((row) => [row.name, row.host, row.locale, row.properties])).toEqual([['search', 'partner.localhost', 'en', { query: 'desert', results: 4 }]]);
  });

  it('takes newline-delimited envelopes sent as text/plain (sendBeacon on unload)', async () => {
    const id = session();
    const body = [pageView(), metric('CLS', 0.02)].map((item) => JSON.stringify(tagged(item, id))).join('\n');
    const response = await post(new Blob([body], { type: 'text/plain;charset=UTF-8' }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(response.status).toBe(200);
    expect((await rowsOf(id)).map((row) => [row.kind, row.name])).toEqual([
      ['page_view', 'Burj Khalifa'],
      ['metric', 'CLS'],
    ]);
  });

  it('answers 206 naming each dropped item with a status the SDK does not retry, and stores the rest', async () => {
    const id = session();
    const items = [tagged(pageView(), id), { ...tagged(exception(), id), time: 'not a time' }, tagged(pagePerformance('00:01:30.000'), id), tagged(metric('INP', 90), id)];
    const response = await post(JSON.stringify(items));
    expect(response.status).toBe(206);
    const body = (await response.json()) as { itemsReceived: number; itemsAccepted: number; errors: { index: number; statusCode: number; message: string }[] };
    expect(body.itemsReceived).toBe(4);
    expect(body.itemsAccepted).toBe(2);
    expect(body.errors.map(({ index, statusCode }) => [index, statusCode])).toEqual([
      [1, 400],
      [2, 400],
    ]);
    expect(body.errors[1]!.message).toBe('page load over 60 s');
    expect((await rowsOf(id)).map((row) => row.kind)).toEqual(['page_view', 'metric']);
  });

  it('refuses a malformed body with 400 and stores nothing', async () => {
    const before = await totalRows();
    const garbage = await post('this is not telemetry');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ itemsReceived: 0, itemsAccepted: 0, errors: [{ index: 0, statusCode: 400, message: 'not JSON' }] });
    const unreadable = await post(JSON.stringify([{ time: 'x' }, { data: { baseType: 'PageviewData' } }]));
    expect(unreadable.status).toBe(400);
    expect(((await unreadable.json()) as { errors: unknown[] }).errors).toHaveLength(2);
    expect(await totalRows()).toBe(before);
  });

  it('refuses an oversized batch with 413 whether it declares its size or streams it, and stores nothing', async () => {
    const before = await totalRows();
    const id = session();
    const big = JSON.stringify([tagged(pageView({ locale: 'en', filler: 'x'.repeat(8000) }), id)]);
    const declared = await post(big, { 'content-length': String(TELEMETRY_MAX_BYTES + 1) });
    expect(declared.status).toBe(413);
    const { stream, counter } = countingStream(TELEMETRY_MAX_BYTES * 8);
    const streamed = await POST(streamingRequest('/api/telemetry', stream, { 'content-type': 'application/json', 'x-forwarded-for': newAddress() }));
    expect(streamed.status).toBe(413);
    // Reading stopped at the first chunk past the cap (the stream pulls a chunk or two ahead).
    expect(counter.pulled).toBeLessThanOrEqual(TELEMETRY_MAX_BYTES + 3 * 64 * 1024);
    expect(await totalRows()).toBe(before);
  });

  it('refuses a content type the SDK never sends (415)', async () => {
    expect((await post(JSON.stringify([pageView()]), { 'content-type': 'application/xml' })).status).toBe(415);
  });

  it('answers a flood from one address with 429 and Retry-After, storing nothing of it', async () => {
    vi.stubEnv('TELEMETRY_RATE_LIMIT_PER_ADDRESS', '3');
    const address = newAddress();
    const id = session();
    for (let i = 0; i < 3; i++) expect((await post(JSON.stringify([tagged(pageView(), id)]), { 'x-forwarded-for': address })).status).toBe(200);
    const refused = await post(JSON.stringify([tagged(exception(), id)]), { 'x-forwarded-for': address });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await rowsOf(id)).map((row) => row.kind)).toEqual(['page_view', 'page_view', 'page_view']);
    // Another address is not held back.
    expect((await post(JSON.stringify([tagged(pageView(), session())]))).status).toBe(200);
  });

  it('answers a flood from one browser session with 429 whatever addresses it comes from', async () => {
    vi.stubEnv('TELEMETRY_RATE_LIMIT_PER_SESSION', '2');
    const id = session();
    for (let i = 0; i < 2; i++) expect((await post(JSON.stringify([tagged(pageView(), id)]))).status).toBe(200);
    const refused = await post(JSON.stringify([tagged(pageView(), id)]));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await rowsOf(id)).toHaveLength(2);
    expect((await post(JSON.stringify([tagged(pageView(), session())]))).status).toBe(200);
  });

  it('answers 503 while the database is down, so the SDK keeps the batch, and stores nothing', async () => {
    const before = await totalRows();
    markDatabaseDown();
    try {
      const response = await post(JSON.stringify([pageView()]));
      expect(response.status).toBe(503);
    } finally {
      markDatabaseUp();
    }
    expect(await totalRows()).toBe(before);
  });

  it('attributes a signed-in agent’s batch to the agent’s agency from the session, never from the body', async () => {
    const [agent] = await database.db.select({ id: users.id, agencyId: users.agencyId }).from(users).where(eq(users.email, 'senior@desertrose.test'));
    const sessionId = await startSession(database.db, 'agent', agent!.id);
    const cookie = await encode({ token: { uid: agent!.id, sid: sessionId }, secret: SECRET, salt: 'authjs.session-token' });
    const id = session();
    const forged = tagged(customEvent('booking_placed', { reference: 'TD-1', agencyId: '22222222-2222-4222-8222-222222222222' }, { 'ai.user.authUserId': 'senior@desertrose.test' }), id);
    const response = await post(JSON.stringify([forged]), { cookie: `authjs.session-token=${cookie}`, origin: ORIGIN });
    expect(response.status).toBe(200);
    const [row] = await rowsOf(id);
    expect([row!.agencyId, row!.authUser]).toEqual([agent!.agencyId, 'senior@desertrose.test']);
    const [analytics] = await database.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, id));
    expect(analytics!.agencyId).toBe(agent!.agencyId);
  });

  it('refuses a cookie-carrying post from another site (403) and stores nothing', async () => {
    const id = session();
    const response = await post(JSON.stringify([tagged(pageView(), id)]), { cookie: 'authjs.session-token=x', origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('with TELEMETRY_FLUSH_MS=0, has written the batch when it answers', async () => {
    vi.stubEnv('TELEMETRY_FLUSH_MS', '0');
    const id = session();
    expect((await post(JSON.stringify([tagged(exception(), id)]))).status).toBe(200);
    const rows = await database.db.select().from(telemetryEvents).where(eq(telemetryEvents.sessionId, id));
    expect(rows.map((row) => [row.kind, row.name, row.severity])).toEqual([['exception', 'TypeError', 3]]);
  });
});
