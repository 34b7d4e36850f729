import net from 'node:net';
import { NextRequest } from 'next/server';
import { GET as ready } from '@/app/api/ready/route';
import { GET as pickUpTime } from '@/app/api/v1/pickuptimes/value/route';
import { proxy } from '@/proxy';
import type { DatabaseConnection } from '@/server/db/connection';
import { getConnection } from '@/server/db/database';
import { isDatabaseKnownDown, markDatabaseUp, pendingDatabaseCheck } from '@/server/db/health-state';
import { apiRequest, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Spec §8: from the very first request after the database goes away, the portal answers
// 'Server is under maintenance' (503), pages and API alike, and recovers by itself.

const MAINTENANCE = 'Server is under maintenance';
const onPostgres = Boolean(process.env.DATABASE_URL);
const globalForDb = globalThis as { traveldeskDb?: Promise<DatabaseConnection> };

const portalPage = () => new NextRequest('http://localhost:3000/bookings', { headers: { cookie: 'authjs.session-token=x' } });
/** A public API call that reads the database. */
const apiCall = () => pickUpTime(apiRequest(`/api/v1/pickuptimes/value?pickUpTimeId=${crypto.randomUUID()}&hotelId=${crypto.randomUUID()}&startTime=10:00`));

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  markDatabaseUp();
  delete globalForDb.traveldeskDb;
  vi.unstubAllEnvs();
  await database.dispose().catch(() => undefined);
});

/** A TCP relay to the test database that can be cut (listening socket and open connections) and restored. */
async function relayTo(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = (relay.address() as net.AddressInfo).port;
  const relayed = new URL(url);
  relayed.host = `127.0.0.1:${port}`;
  return {
    url: relayed.toString(),
    cut: () => {
      relay.close();
      for (const socket of sockets) socket.destroy();
    },
    restore: () => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve)),
    close: () => relay.close(),
  };
}

it.skipIf(!onPostgres)('a lost PostgreSQL connection is checked at once: the very first page and API request answer 503', async () => {
  const relay = await relayTo((database as Extract<TestDatabase, { driver: 'postgres' }>).url);
  vi.stubEnv('DATABASE_URL', relay.url);
  delete globalForDb.traveldeskDb;
  // The server process's own connection (server/db/database.ts), holding an open connection.
  const connection = await getConnection();
  expect((await apiCall()).status).toBe(200);

  relay.cut();
  // No request has failed on the database: the lost connection alone starts the check.
  await vi.waitFor(() => expect(pendingDatabaseCheck() !== undefined || isDatabaseKnownDown()).toBe(true));

  const page = await proxy(portalPage());
  expect(page.status).toBe(503);
  expect(await page.text()).toContain(MAINTENANCE);
  const api = await apiCall();
  expect(api.status).toBe(503);
  expect(await api.json()).toEqual({ message: MAINTENANCE });
  const readiness = await ready(apiRequest('/api/ready'));
  expect(readiness.status).toBe(503);
  expect(((await readiness.json()) as { failed: string[] }).failed).toContain('database');

  await relay.restore();
  await vi.waitFor(() => expect(isDatabaseKnownDown()).toBe(false), { timeout: 5_000 });
  expect((await proxy(portalPage())).status).toBe(200);
  await connection.close();
  relay.close();
});

it('the first API request after the database closed answers 503 and marks it down; pages then get the maintenance page', async () => {
  serveRoutesFrom(database);
  expect((await apiCall()).status).toBe(200);
  await database.close();

  const api = await apiCall();
  expect(api.status).toBe(503);
  expect(await api.json()).toEqual({ message: MAINTENANCE });
  expect(isDatabaseKnownDown()).toBe(true);
  expect((await proxy(portalPage())).status).toBe(503);
});
