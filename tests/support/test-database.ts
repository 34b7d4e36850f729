import crypto from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseConnection, openDatabase } from '@/server/db/connection';

export type TestDatabase = DatabaseConnection & { dispose: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (CI runs the suite on both). Both start from the
 * run's migrated template (tests/support/database-template.ts).
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const template = new Blob([await fs.promises.readFile(inject('databaseTemplate'))]);
    const connection = await openDatabase({ driver: 'pglite', loadDataDir: template });
    return { ...connection, dispose: connection.close };
  }

  const { default: postgres } = await import('postgres');
  const name = `traveldesk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${inject('databaseTemplate')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: options.poolSize });
  return {
    ...connection,
    dispose: async () => {
      await connection.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
