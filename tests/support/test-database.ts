import crypto from 'node:crypto';
import { type DatabaseConnection, openDatabase } from '@/server/db/connection';
import { migrateDatabase } from '@/server/db/migrate';

export type TestDatabase = DatabaseConnection & { dispose: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (CI runs the suite on both).
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const connection = await openDatabase({ driver: 'pglite' });
    await migrateDatabase(connection);
    return { ...connection, dispose: connection.close };
  }

  const { default: postgres } = await import('postgres');
  const name = `traveldesk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: options.poolSize });
  await migrateDatabase(connection);
  return {
    ...connection,
    dispose: async () => {
      await connection.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
