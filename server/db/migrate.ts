import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseConnection } from './connection';

export const migrationsFolder = path.join(process.cwd(), 'server', 'db', 'migrations');

/** Any constant works; it only has to be the same for every instance that migrates. */
const MIGRATION_LOCK_ID = 727_461_001;

/** Applies the committed drizzle-kit migrations that have not run yet. */
export async function migrateDatabase(connection: DatabaseConnection): Promise<void> {
  if (connection.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // drizzle's migrator is typed per driver; the connection was opened with that driver.
    await migrate(connection.db as Parameters<typeof migrate>[0], { migrationsFolder });
    return;
  }
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { default: postgres } = await import('postgres');
  // Several app instances may start at once against one PostgreSQL: migrate one at a time.
  // The session lock needs a single connection, so use one of our own rather than the pool.
  const client = postgres(connection.url, { max: 1, onnotice: () => {} });
  const db = drizzle(client);
  try {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    await migrate(db, { migrationsFolder });
  } finally {
    await client.end();
  }
}
