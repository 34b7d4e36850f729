import { eq, sql } from 'drizzle-orm';
import { agencies, ledgerEntries } from '@/server/db/schema';
import { DEMO_AGENCIES } from '@/server/db/seed/agencies';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { BUILT_KIND, NO_BUILD_MESSAGE, type PortalProcess, startPortal } from './portal-process';

// A deploy: two portal processes start at the same moment on one PostgreSQL that no process has
// migrated yet. One migrates and seeds the demo under the deploy lock, the other waits and finds it
// done; both become ready, and both stop with 0.

if (!BUILT_KIND) {
  if (process.env.CI === 'true') throw new Error(NO_BUILD_MESSAGE);
  console.warn(`Skipped: ${NO_BUILD_MESSAGE}`);
}

const onPostgres = Boolean(process.env.DATABASE_URL);

let database: TestDatabase;
const portals: PortalProcess[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(portals.splice(0).map((portal) => portal.dispose()));
  await database.dispose();
});

async function count(query: Promise<unknown[]>): Promise<number> {
  return (await query).length;
}

describe.skipIf(!BUILT_KIND || !onPostgres)('two portals starting together on one PostgreSQL', () => {
  it('migrate and seed it once, both become ready, and both stop with 0', async () => {
    if (database.driver !== 'postgres') return;
    await database.db.execute(sql`drop schema drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);

    const started = await Promise.all([startPortal({ databaseUrl: database.url }), startPortal({ databaseUrl: database.url })]);
    portals.push(...started);
    for (const portal of started) expect(portal.output()).toMatch(/\[db\] postgres ready in \d+ ms with demo data/);

    const journal = (await import('@/server/db/migrations/meta/_journal.json')).default.entries;
    const applied = await database.db.execute(sql`select hash from drizzle.__drizzle_migrations`);
    expect((Array.isArray(applied) ? applied : (applied as unknown as { rows: unknown[] }).rows).length).toBe(journal.length);
    expect(await count(database.db.select({ id: agencies.id }).from(agencies))).toBe(DEMO_AGENCIES.length);
    for (const agency of DEMO_AGENCIES) {
      expect(await count(database.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.agencyId, agency.id))), agency.id).toBe(1);
    }

    for (const portal of started) portal.launcher.kill('SIGTERM');
    for (const exit of await Promise.all(started.map((portal) => portal.exited))) expect(exit.code).toBe(0);
  }, 240_000);
});
