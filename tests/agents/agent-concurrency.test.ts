import { and, count, eq, sql } from 'drizzle-orm';
import { createAgent, deleteAgent } from '@/server/agents/manage-agents';
import type { Principal } from '@/server/auth/principal';
import type { Database, Transaction } from '@/server/db/connection';
import { users } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { RuleViolation } from '@/server/errors';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// "An agency keeps an active admin" must hold when two admins delete each other at the same
// moment. PGlite runs one transaction at a time, so the race is real only on PostgreSQL: there
// each deletion has its own connection, and the control shows that the same race without the
// admins' row lock leaves the agency with no admin at all.

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 10;
const context = { locale: 'en' as const, origin: 'http://localhost:3000' };

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 4 });
  await seedAgencies(database.db);
});
afterAll(() => database.dispose());

async function activeAdmins(db: Database | Transaction, agencyId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.role, 'admin'), eq(users.status, 'active')));
  return row?.value ?? 0;
}

/** A second active admin beside the seeded one. */
async function secondAdmin(db: Database, first: Principal, round: number): Promise<Principal> {
  const email = `admin${round}-${Date.now()}@gulfhorizons.test`;
  const { id } = await createAgent(db, first, { name: 'Second Admin', email, phone: null, role: 'admin', jobTitle: null }, context);
  await db.update(users).set({ status: 'active' }).where(eq(users.id, id));
  return principalFor(db, email);
}

/** After a round, the seeded admin is the agency's only active admin again. */
async function reset(db: Database, first: Principal, second: Principal): Promise<void> {
  await db.update(users).set({ status: 'active' }).where(eq(users.id, first.userId));
  await db.update(users).set({ status: 'deleted' }).where(eq(users.id, second.userId));
}

describe.skipIf(!onPostgres)('two admins deleting each other at the same moment', () => {
  it(`leave exactly one active admin, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    const { db } = database;
    const first = await principalFor(db, 'admin@gulfhorizons.test');
    for (let round = 0; round < ROUNDS; round++) {
      const second = await secondAdmin(db, first, round);
      const results = await Promise.allSettled([deleteAgent(db, first, second.userId), deleteAgent(db, second, first.userId)]);

      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const refusal = results.find((result) => result.status === 'rejected')?.reason;
      expect(refusal).toBeInstanceOf(RuleViolation);
      expect((refusal as RuleViolation).code).toBe('agents.lastAdmin');
      expect(await activeAdmins(db, first.agencyId)).toBe(1);
      await reset(db, first, second);
    }
  });

  it('control: counting the admins without locking them lets both deletions through', async () => {
    const { db } = database;
    const first = await principalFor(db, 'admin@gulfhorizons.test');
    const second = await secondAdmin(db, first, ROUNDS);

    await Promise.all([deleteWithoutLock(db, first, second.userId), deleteWithoutLock(db, second, first.userId)]);

    expect(await activeAdmins(db, first.agencyId)).toBe(0);
    await reset(db, first, second);
  });
});

/** deleteAgent's rule without the row lock: both count two admins before either writes. */
async function deleteWithoutLock(db: Database, principal: Principal, agentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await activeAdmins(tx, principal.agencyId);
    await tx.execute(sql`select pg_sleep(0.2)`);
    if (admins <= 1) throw new RuleViolation('agents.lastAdmin');
    await tx.update(users).set({ status: 'deleted' }).where(eq(users.id, agentId));
  });
}
