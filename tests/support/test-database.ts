import crypto from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { type DatabaseConnection, openDatabase } from '@/server/db/connection';
import { dubaiDates } from '@/server/db/seed/catalogue';

export type TestDatabase = DatabaseConnection & { dispose: () => Promise<void> };

type Options = {
  poolSize?: number;
  /**
   * The demo data (`seedDemoData`) with availability from `today`. Seeding takes a file two
   * seconds of CPU, mostly the catalogue: the first file of a run to ask for a day seeds a copy of
   * the template once, and every file asking for that day starts from that copy.
   */
  demoData?: { today: Date };
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (CI runs the suite on both). Both start from the
 * run's migrated template (tests/support/database-template.ts), or from its seeded copy.
 */
export async function createTestDatabase(options: Options = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  // The seed lays out availability by the calendar day in Dubai: that day names the copy.
  const day = options.demoData && dubaiDates(options.demoData.today, 1)[0]!.date;
  if (!serverUrl) {
    if (!day) return openPglite(inject('databaseTemplate'));
    const seeded = await seededPgliteTemplate(day);
    return typeof seeded === 'string' ? openPglite(seeded) : seeded;
  }

  const { default: postgres } = await import('postgres');
  const name = `traveldesk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const template = day ? await seededPostgresTemplate(admin, serverUrl, day) : inject('databaseTemplate');
  await admin.unsafe(`create database ${name} template ${template}`);
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

async function openPglite(templateFile: string): Promise<TestDatabase> {
  const template = new Blob([await fs.promises.readFile(templateFile)]);
  const connection = await openDatabase({ driver: 'pglite', loadDataDir: template });
  return { ...connection, dispose: connection.close };
}

async function seed(connection: DatabaseConnection, day: string): Promise<void> {
  // Imported here: most test files do not seed, and the seed pulls in the catalogue and argon2.
  const { seedDemoData } = await import('@/server/db/seed');
  await seedDemoData(connection.db, { today: new Date(`${day}T12:00:00+04:00`) });
}

/**
 * PGlite: the seeded copy is a tarball beside the template's (its clean-up removes both). The
 * file that makes it keeps the database it seeded (returned instead of the tarball's name); the
 * others wait for the tarball, which appears whole (written aside, then renamed).
 */
async function seededPgliteTemplate(day: string): Promise<string | TestDatabase> {
  const file = `${inject('databaseTemplate')}.demo-${day}`;
  const lock = `${file}.lock`;
  for (;;) {
    if (fs.existsSync(file)) return file;
    try {
      await fs.promises.mkdir(lock);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (fs.existsSync(file)) return file;
      const database = await openPglite(inject('databaseTemplate'));
      await seed(database, day);
      const { $client } = database.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } };
      const dump = await $client.dumpDataDir('none');
      await fs.promises.writeFile(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
      await fs.promises.rename(`${file}.part`, file);
      return database;
    } finally {
      await fs.promises.rm(lock, { recursive: true, force: true });
    }
  }
}

/**
 * PostgreSQL: the seeded copy is a database named after the template and the day, made under an
 * advisory lock by the first file that asks (the template's clean-up drops it).
 */
async function seededPostgresTemplate(admin: import('postgres').Sql, serverUrl: string, day: string): Promise<string> {
  const name = `${inject('databaseTemplate')}_demo_${day.replaceAll('-', '')}`;
  await admin`select pg_advisory_lock(hashtext(${name}))`;
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) {
      await admin.unsafe(`create database ${name} template ${inject('databaseTemplate')}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const connection = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 1 });
      try {
        await seed(connection, day);
      } catch (error) {
        await connection.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        throw error;
      }
      // A template must have no connections while it is copied.
      await connection.close();
    }
  } finally {
    await admin`select pg_advisory_unlock(hashtext(${name}))`;
  }
  return name;
}
