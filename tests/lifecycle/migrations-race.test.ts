import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { type DatabaseConnection, openDatabase } from '@/server/db/connection';
import { migrateDatabase, migrationsFolder, pendingMigrations } from '@/server/db/migrate';
import { prepareDatabase } from '@/server/db/prepare';
import { agencies, ledgerEntries } from '@/server/db/schema';
import { DEMO_AGENCIES } from '@/server/db/seed/agencies';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Several portal processes start together against one PostgreSQL in a deploy: the migrations must
// run exactly once (the others wait, then find them applied) and the demo seed must not run beside
// itself. PGlite has one owner process (its directory lock), so this is PostgreSQL's alone.

const onPostgres = Boolean(process.env.DATABASE_URL);
const root = path.resolve(__dirname, '../..');

let database: TestDatabase;
const opened: DatabaseConnection[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  if (database.driver !== 'postgres') return;
  // A database no process has migrated yet.
  await database.db.execute(sql`drop schema drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((connection) => connection.close()));
  await database.dispose();
});

/** Another process's connection to the test database (its own pool). */
async function connect(): Promise<DatabaseConnection> {
  if (database.driver !== 'postgres') throw new Error('PostgreSQL only');
  const connection = await openDatabase({ driver: 'postgres', url: database.url, poolSize: 2 });
  opened.push(connection);
  return connection;
}

async function appliedMigrations(): Promise<number> {
  const rows = await database.db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return (Array.isArray(rows) ? rows : (rows as unknown as { rows: { applied: number }[] }).rows)[0]!.applied;
}

/** How many migrations drizzle-kit's journal holds. */
const committed = async () => (JSON.parse(await fs.promises.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

describe.skipIf(!onPostgres)('migrations on one PostgreSQL from processes starting together', () => {
  it('control: drizzle’s migrator alone, from two connections at once, does not apply them once', async () => {
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const { default: postgres } = await import('postgres');
    const clients = [0, 1].map(() => postgres((database as Extract<TestDatabase, { driver: 'postgres' }>).url, { max: 1, onnotice: () => {} }));
    try {
      const outcomes = await Promise.allSettled(clients.map((client) => migrate(drizzle(client), { migrationsFolder })));
      const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length;
      // One of them fails on an object the other created, or both apply the same migrations.
      expect(failed > 0 || (await appliedMigrations()) > (await committed())).toBe(true);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('migrates exactly once: the second waits for the deploy lock, then finds them applied', async () => {
    const [first, second] = await Promise.all([connect(), connect()]);
    await Promise.all([migrateDatabase(first), migrateDatabase(second)]);
    expect(await appliedMigrations()).toBe(await committed());
    expect(await pendingMigrations(database.db)).toEqual([]);
  });

  it('prepares the demo once: two starting servers write one opening balance per agency', async () => {
    const [first, second] = await Promise.all([connect(), connect()]);
    const demo = { ...process.env, DEMO: 'on' };
    // Each prints the demo sign-ins, as a starting server does.
    vi.spyOn(console, 'info').mockImplementation(() => {});
    await Promise.all([prepareDatabase(demo, first), prepareDatabase(demo, second)]);
    expect(await appliedMigrations()).toBe(await committed());
    const [{ demoAgencies }] = (await database.db.select({ demoAgencies: count() }).from(agencies)) as [{ demoAgencies: number }];
    expect(demoAgencies).toBe(DEMO_AGENCIES.length);
    for (const agency of DEMO_AGENCIES) {
      const openings = await database.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.agencyId, agency.id));
      expect(openings, agency.id).toHaveLength(1);
    }
  }, 60_000);

  it('two real `npm run db:migrate` processes started together both succeed, and migrate once', async () => {
    const url = (database as Extract<TestDatabase, { driver: 'postgres' }>).url;
    const migrateProcess = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'server/db/cli.ts', 'migrate'], {
          cwd: root,
          env: { ...process.env, DATABASE_URL: url },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const runs = await Promise.all([migrateProcess(), migrateProcess()]);
    for (const run of runs) expect(run.code, run.output).toBe(0);
    expect(await appliedMigrations()).toBe(await committed());
  }, 120_000);
});
