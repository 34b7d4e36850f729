import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/server/db/connection';
import { migrateDatabase } from '@/server/db/migrate';

// Vitest's global set-up: one migrated database for the whole run, which every test file's
// database starts from (tests/support/test-database.ts) instead of creating and migrating its own.
// On PGlite a new instance spends seconds in initdb; one loaded from the template's files does not.
// On PostgreSQL the template is a database that `create database … template` copies.

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the template's data directory as a tarball on disk; PostgreSQL: the template database's name. */
    databaseTemplate: string;
  }
}

export default async function setUpDatabaseTemplate(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const connection = await openDatabase({ driver: 'pglite' });
    await migrateDatabase(connection);
    const file = path.join(os.tmpdir(), `traveldesk-test-template-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tar`);
    // Drizzle's PGlite database keeps its client as `$client`.
    const { $client } = connection.db as unknown as { $client: PGlite };
    const dump = await $client.dumpDataDir('none');
    await fs.promises.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await connection.close();
    project.provide('databaseTemplate', file);
    // With the seeded copies made from it (tests/support/test-database.ts): `<file>.demo-<day>`.
    return async () => {
      const copies = (await fs.promises.readdir(path.dirname(file))).filter((entry) => entry.startsWith(`${path.basename(file)}.`));
      await Promise.all([file, ...copies.map((entry) => path.join(path.dirname(file), entry))].map((entry) => fs.promises.rm(entry, { recursive: true, force: true })));
    };
  }
  const { default: postgres } = await import('postgres');
  const name = `traveldesk_template_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 });
  await migrateDatabase(connection);
  // A template must have no connections while it is copied.
  await connection.close();
  project.provide('databaseTemplate', name);
  return async () => {
    // With the seeded copies made from it (tests/support/test-database.ts): `<name>_demo_<day>`.
    const copies = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`${name}_demo_%`}`;
    for (const { datname } of copies) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
