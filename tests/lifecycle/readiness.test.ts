import net from 'node:net';
import { sql } from 'drizzle-orm';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import type { DatabaseConnection } from '@/server/db/connection';
import { isDatabaseKnownDown, markDatabaseUp } from '@/server/db/health-state';
import { setJobRunnerState } from '@/server/jobs/jobs';
import { markShuttingDown } from '@/server/lifecycle/lifecycle-state';
import { apiRequest, serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Liveness (`/api/health`: the process answers) and readiness (`/api/ready`: the database with
// every migration applied, Redis when configured, this process's job runner), on the embedded
// database and on PostgreSQL.

type GlobalState = { traveldeskDb?: Promise<DatabaseConnection>; traveldeskShutdownSince?: number; traveldeskJobRunner?: string };
const globalState = globalThis as GlobalState;

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
  serveRoutesFrom(database);
  setJobRunnerState('running');
});
afterEach(async () => {
  delete globalState.traveldeskShutdownSince;
  delete globalState.traveldeskJobRunner;
  delete globalState.traveldeskDb;
  markDatabaseUp();
  vi.unstubAllEnvs();
  await database.dispose().catch(() => undefined);
});

async function answer(handler: typeof ready) {
  const response = await handler(apiRequest('/api/ready'));
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as Record<string, unknown> };
}

it('is ready with the database migrated and the job runner running, and says so uncached', async () => {
  expect(await answer(ready)).toEqual({
    status: 200,
    cacheControl: 'private, no-store',
    body: { ok: true, checks: { database: 'ok', migrations: 'ok', redis: 'off', jobs: 'ok' } },
  });
  expect(await answer(health)).toEqual({ status: 200, cacheControl: 'private, no-store', body: { ok: true } });
});

it('is not ready while the job runner this process should run is not running; JOBS=off needs none', async () => {
  setJobRunnerState('stopped');
  expect(await answer(ready)).toEqual({
    status: 503,
    cacheControl: 'private, no-store',
    body: { ok: false, failed: ['jobs'], checks: { database: 'ok', migrations: 'ok', redis: 'off', jobs: 'down' } },
  });
  vi.stubEnv('JOBS', 'off');
  expect(await answer(ready)).toMatchObject({ status: 200, body: { ok: true, checks: { jobs: 'off' } } });
});

it('is not ready while a committed migration is not applied', async () => {
  // The database as a release behind left it: the newest migration not yet applied.
  await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
  expect(await answer(ready)).toMatchObject({ status: 503, body: { ok: false, failed: ['migrations'], checks: { database: 'ok', migrations: 'pending' } } });
  // Nothing applied at all (a database no process has migrated yet).
  await database.db.execute(sql`drop schema drizzle cascade`);
  expect(await answer(ready)).toMatchObject({ status: 503, body: { failed: ['migrations'], checks: { migrations: 'pending' } } });
});

it('answers 503 "shutdown" at once once the process is shutting down, without asking the database', async () => {
  markShuttingDown();
  await database.close();
  expect(await answer(ready)).toEqual({ status: 503, cacheControl: 'private, no-store', body: { ok: false, failed: ['shutdown'] } });
  expect((await answer(health)).status).toBe(200);
});

it('is not ready while the database is away, alive all the same, and ready again once it is back', async () => {
  let lost: DatabaseConnection | undefined;
  if (database.driver === 'postgres') {
    // A PostgreSQL server that is not there: a port nothing listens on.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const url = new URL(database.url);
    url.host = `127.0.0.1:${port}`;
    vi.stubEnv('DATABASE_URL', url.toString());
    delete globalState.traveldeskDb;
  } else {
    await database.close();
  }
  expect(await answer(ready)).toEqual({
    status: 503,
    cacheControl: 'private, no-store',
    body: { ok: false, failed: ['database'], checks: { database: 'down', migrations: 'unknown', redis: 'off', jobs: 'ok' } },
  });
  expect(await answer(health)).toEqual({ status: 200, cacheControl: 'private, no-store', body: { ok: true } });
  expect(isDatabaseKnownDown()).toBe(true);

  // The database comes back (on PGlite: another one in its place): the recovery probe finds it.
  if (database.driver === 'postgres') {
    lost = await globalState.traveldeskDb;
    vi.unstubAllEnvs();
    serveRoutesFrom(database);
  } else {
    database = await createTestDatabase();
    serveRoutesFrom(database);
  }
  await vi.waitFor(() => expect(isDatabaseKnownDown()).toBe(false), { timeout: 5_000 });
  expect(await answer(ready)).toMatchObject({ status: 200, body: { ok: true } });
  await lost?.close();
});
