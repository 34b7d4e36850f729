import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { acquireDirectoryLock } from './directory-lock';
import { withNamedStatements } from './pglite-statements';
import { withPreparedStatements } from './postgres-statements';
import { withTracedQueries } from './traced-queries';
import * as schema from './schema';

// No 'server-only' here: the CLI (migrate, seed), instrumentation and tests open the database too.

type Schema = typeof schema;
/** The one database type both drivers (PGlite and postgres.js) satisfy. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseConfig =
  | {
      driver: 'postgres';
      url: string;
      /** Defaults to DATABASE_POOL_SIZE, else 10. */
      poolSize?: number;
      /** Called when a pooled connection closes other than by `close()` (the server may be gone). */
      onConnectionLost?: () => void;
    }
  /**
   * `dataDir` undefined means an in-memory database (tests), started from `loadDataDir` if given
   * (a tarball of `dumpDataDir`: a migrated template opens in a fifth of the time of a new one).
   */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export type DatabaseConnection =
  | { driver: 'postgres'; db: Database; url: string; close: () => Promise<void> }
  | { driver: 'pglite'; db: Database; close: () => Promise<void> };

export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? '.data');
}

export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const url = env.DATABASE_URL;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('DATABASE_URL must be a postgres:// URL; unset it to use the embedded database.');
    }
    return { driver: 'postgres', url };
  }
  return { driver: 'pglite', dataDir: path.join(dataDir(env), 'pglite') };
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseConnection> {
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    // Pages that need data render on first request; a build that reaches here is a bug.
    throw new Error('The database must not be opened during `next build`.');
  }
  if (config.driver === 'postgres') {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    let closing = false;
    const { onConnectionLost } = config;
    const client = postgres(config.url, {
      max: config.poolSize ?? Number(process.env.DATABASE_POOL_SIZE ?? 10),
      onnotice: () => {},
      // After postgres.js has finished with the closed connection, so a check can use the pool.
      onclose: () => {
        if (!closing && onConnectionLost) setImmediate(onConnectionLost);
      },
    });
    const close = () => {
      closing = true;
      return client.end();
    };
    // Named statements (server/db/postgres-statements.ts); a span per query inside a request or job (docs/telemetry.md#server).
    return { driver: 'postgres', db: drizzle(withTracedQueries(withPreparedStatements(client)), { schema }), url: config.url, close };
  }
  const [{ PGlite }, { drizzle }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    pgliteExtensions(),
  ]);
  const releaseLock = config.dataDir ? acquireDirectoryLock(config.dataDir) : () => {};
  const client = config.dataDir
    ? new PGlite(config.dataDir, { extensions })
    : new PGlite({ loadDataDir: config.loadDataDir, extensions });
  await client.waitReady;
  const close = async () => {
    await client.close();
    releaseLock();
  };
  return { driver: 'pglite', db: drizzle(withNamedStatements(client), { schema }), close };
}

/**
 * The contrib extensions the migrations create (`CREATE EXTENSION`), which PGlite must load at every
 * open, also of a directory or dump made earlier: pg_trgm for the search (docs/catalogue.md#search).
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
