import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { Database, DatabaseConnection } from './connection';

/** The deploy lock's own connection (PostgreSQL), or null on PGlite. */
export type LockDatabase = PostgresJsDatabase | null;

export const migrationsFolder = path.join(process.cwd(), 'server', 'db', 'migrations');

/** Any constant works; it only has to be the same for every process that prepares the database. */
const DEPLOY_LOCK_ID = 727_461_001;

/**
 * Runs `step` as the only process preparing this database (migrations, default settings, the demo
 * seed). Several portal processes start at once against one PostgreSQL in a deploy: each takes a
 * session advisory lock on a connection of its own (the pool's connections come and go), so the
 * first applies the migrations and seeds while the others wait, then find everything done. The lock
 * goes with its connection, also when the process dies mid-way (the migration's transaction rolls
 * back with it). PGlite needs no lock: its directory has one owner process (directory-lock.ts).
 * `step` gets the lock's own database, where drizzle's migrator runs.
 */
export async function withDeployLock<T>(connection: DatabaseConnection, step: (lockDb: LockDatabase) => Promise<T>): Promise<T> {
  if (connection.driver === 'pglite') return step(null);
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { default: postgres } = await import('postgres');
  const client = postgres(connection.url, { max: 1, onnotice: () => {} });
  try {
    const lockDb = drizzle(client);
    await lockDb.execute(sql`select pg_advisory_lock(${DEPLOY_LOCK_ID})`);
    return await step(lockDb);
  } finally {
    // Closing the session releases the lock.
    await client.end();
  }
}

/** Applies the committed drizzle-kit migrations that have not run yet, under the deploy lock. */
export async function migrateDatabase(connection: DatabaseConnection): Promise<void> {
  await withDeployLock(connection, (lockDb) => applyMigrations(connection, lockDb));
}

/** Applies the pending migrations; on PostgreSQL call it inside `withDeployLock` with its `lockDb`. */
export async function applyMigrations(connection: DatabaseConnection, lockDb: LockDatabase): Promise<void> {
  if (connection.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // drizzle's migrator is typed per driver; the connection was opened with that driver.
    await migrate(connection.db as Parameters<typeof migrate>[0], { migrationsFolder });
    return;
  }
  if (!lockDb) throw new Error('PostgreSQL migrations run only under the deploy lock (withDeployLock).');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  await migrate(lockDb, { migrationsFolder });
}

type Journal = { entries: { tag: string; when: number }[] };

let journal: Journal | undefined;

/** drizzle-kit's journal of the committed migrations (what the migrator applies), read once. */
function committedMigrations(): Journal['entries'] {
  journal ??= JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries;
}

/**
 * The committed migrations the database has not applied, by drizzle's own rule: a migration is
 * applied when the newest row of `drizzle.__drizzle_migrations` is at least as new as it. A
 * database ahead of this build (a newer release migrated it first) has none pending. Throws what
 * the driver throws when the database cannot be asked.
 */
export async function pendingMigrations(db: Database): Promise<string[]> {
  let newest: number;
  try {
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { newest: string | number | null }[];
    newest = Number(rows[0]?.newest ?? -1);
  } catch (error) {
    // No migrations table yet (42P01 undefined table, 3F000 undefined schema): nothing applied.
    const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
    if (code !== '42P01' && code !== '3F000') throw error;
    newest = -1;
  }
  return committedMigrations()
    .filter((entry) => entry.when > newest)
    .map((entry) => entry.tag);
}
