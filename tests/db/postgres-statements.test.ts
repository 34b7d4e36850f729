import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { MAX_NAMED_STATEMENT_PARAMETERS, runsNamed } from '@/server/db/postgres-statements';
import { rowsOf } from '@/server/db/result-rows';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// PostgreSQL's statements as named statements of their connection (server/db/postgres-statements.ts):
// a statement with parameters is prepared once per connection and then only bound and executed,
// inside transactions too; one without parameters, or a bulk one, stays unnamed.

const onPostgres = Boolean(process.env.DATABASE_URL);

it('names a statement with parameters, up to the bound, and none without', () => {
  expect(runsNamed(undefined)).toBe(false);
  expect(runsNamed([])).toBe(false);
  expect(runsNamed([1])).toBe(true);
  expect(runsNamed(Array.from({ length: MAX_NAMED_STATEMENT_PARAMETERS }, (_, index) => index))).toBe(true);
  expect(runsNamed(Array.from({ length: MAX_NAMED_STATEMENT_PARAMETERS + 1 }, (_, index) => index))).toBe(false);
});

describe.skipIf(!onPostgres)('on PostgreSQL', () => {
  let database: TestDatabase;

  // One connection: the statements a query leaves are that connection's.
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 1 });
  });
  afterAll(() => database.dispose());

  /** The connection's prepared statements whose text holds `marker`. */
  async function namedWith(db: Database | Transaction, marker: string): Promise<number> {
    const rows = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`));
    return rows[0]!.count;
  }

  it('prepares a statement with parameters once and runs it again by name, with the same answers', async () => {
    const { db } = database;
    const first = rowsOf<{ doubled: number }>(await db.execute(sql`select ${2}::int * 2 as doubled /* named-once */`));
    const second = rowsOf<{ doubled: number }>(await db.execute(sql`select ${21}::int * 2 as doubled /* named-once */`));
    expect(first[0]!.doubled).toBe(4);
    expect(second[0]!.doubled).toBe(42);
    expect(await namedWith(db, 'named-once')).toBe(1);
  });

  it('names the statements of a transaction, and a failed one leaves the transaction to roll back', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int as one /* in-transaction */`);
      expect(await namedWith(tx, 'in-transaction')).toBe(1);
    });
    await expect(db.transaction((tx) => tx.execute(sql`select 1 / ${0}::int /* failing */`))).rejects.toMatchObject({ cause: { code: '22012' } });
    // The connection is usable after the rollback, and the failed statement is named like any other.
    expect(rowsOf<{ n: number }>(await db.execute(sql`select ${3}::int as n`))[0]!.n).toBe(3);
  });

  it('leaves statements without parameters and bulk statements unnamed', async () => {
    const { db } = database;
    await db.execute(sql`select 1 as plain /* no-parameters */`);
    const values = Array.from({ length: MAX_NAMED_STATEMENT_PARAMETERS + 1 }, (_, index) => sql`(${index}::int)`);
    const [bulk] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from (values ${sql.join(values, sql`, `)}) as v(n) /* bulk */`));
    expect(bulk!.count).toBe(MAX_NAMED_STATEMENT_PARAMETERS + 1);
    expect(await namedWith(db, 'no-parameters')).toBe(0);
    expect(await namedWith(db, 'bulk')).toBe(0);
  });
});
