import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uniqueViolation } from '@/server/db/errors';
import { withNamedStatements } from '@/server/db/pglite-statements';

// The embedded database's queries as named statements (server/db/pglite-statements.ts): the same
// answers and errors as PGlite's own `query`, inside and outside transactions.

const items = pgTable('items', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  tags: jsonb('tags').$type<string[]>(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }),
});

// One database for the file (a new one takes seconds); each test has its own table and wrapper.
let pg: PGlite;
let named: PGlite;

beforeAll(async () => {
  pg = new PGlite();
  await pg.waitReady;
});

afterAll(async () => {
  await pg.close();
});

beforeEach(async () => {
  await pg.exec(`deallocate all; drop table if exists items;
    create table items (id integer primary key, name text not null unique, tags jsonb, at timestamptz);
    insert into items values (1, 'one', '["a"]', '2026-11-26T10:00:00Z'), (2, 'two', null, null);`);
  named = withNamedStatements(pg);
});

describe('withNamedStatements', () => {
  it('answers as PGlite does, with the parameters serialised by their types', async () => {
    const text = 'select id, name, tags, at, $2::date as day from items where id >= $1 order by id';
    const params = [1, new Date('2026-12-01T00:00:00Z')];
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const own = await pg.query(text, params, options);
      const asNamed = await named.query(text, params, options);
      expect(asNamed.rows).toEqual(own.rows);
      expect(asNamed.fields).toEqual(own.fields);
    }
    // The second call executes the statement parsed by the first.
    expect((await named.query<{ name: string }>(text, [2, null])).rows.map((row) => row.name)).toEqual(['two']);
  });

  it("leaves declared parameter types to PGlite's own query", async () => {
    expect((await named.query('select $1 as v', ['5'], { paramTypes: [23] })).rows).toEqual([{ v: 5 }]);
  });

  it('counts affected rows and takes JSON and null parameters through Drizzle', async () => {
    const db = drizzle(named);
    await db.insert(items).values({ id: 3, name: 'three', tags: ['x', 'y'], at: null });
    const updated = await db.update(items).set({ name: 'THREE' }).where(eq(items.id, 3)).returning({ name: items.name });
    expect(updated).toEqual([{ name: 'THREE' }]);
    expect(await db.select({ tags: items.tags }).from(items).where(eq(items.id, 3))).toEqual([{ tags: ['x', 'y'] }]);
    const deleted = await named.query('delete from items where id = $1', [3]);
    expect(deleted.affectedRows).toBe(1);
  });

  it('throws the database error with its code, and works on afterwards', async () => {
    const db = drizzle(named);
    const duplicate = await db
      .insert(items)
      .values({ id: 4, name: 'one' })
      .then(() => null, (error: unknown) => error);
    expect(uniqueViolation(duplicate)).toBe('items_name_key');
    await expect(named.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    await expect(named.query('select $1::int', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await named.query('select $1::int as n', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('parses a statement again after the table under it changed', async () => {
    const text = 'select * from items where id = $1';
    expect((await named.query(text, [1])).fields.map((field) => field.name)).toEqual(['id', 'name', 'tags', 'at']);
    await pg.exec('alter table items add column note text');
    // PostgreSQL refuses a cached plan whose result type changed; the next call parses anew.
    const first = await named.query(text, [1]).catch((error: unknown) => error);
    const again = first instanceof Error ? await named.query(text, [1]) : first;
    expect((again as { fields: { name: string }[] }).fields.map((field) => field.name)).toContain('note');
  });

  it('keeps a transaction apart: its writes are its own until commit, and a rollback undoes them', async () => {
    const db = drizzle(named);
    let insideTransaction: () => void = () => {};
    const transactionMayFinish = new Promise<void>((resolve) => (insideTransaction = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.insert(items).values({ id: 5, name: 'five' });
      expect(await tx.select({ id: items.id }).from(items).where(eq(items.id, 5))).toEqual([{ id: 5 }]);
      await transactionMayFinish;
    });
    // A query outside waits for the transaction rather than running inside it.
    const outside = db.select({ id: items.id }).from(items).where(eq(items.id, 5));
    insideTransaction();
    await transaction;
    expect(await outside).toEqual([{ id: 5 }]);

    await expect(
      db.transaction(async (tx) => {
        await tx.insert(items).values({ id: 6, name: 'six' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.select({ id: items.id }).from(items).where(eq(items.id, 6))).toEqual([]);
  });

  it('closes the least recently used statements beyond its limit and still answers', async () => {
    for (let n = 0; n < 450; n += 1) expect((await named.query(`select ${n}::int + $1::int as n`, [1])).rows).toEqual([{ n: n + 1 }]);
    expect((await named.query('select 0::int + $1::int as n', [2])).rows).toEqual([{ n: 2 }]);
    const prepared = await pg.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements');
    expect(prepared.rows[0]?.count).toBeLessThanOrEqual(401);
  });

  it('says the database is closed once it is', async () => {
    const closing = new PGlite();
    const closingNamed = withNamedStatements(closing);
    expect((await closingNamed.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await closing.close();
    await expect(closingNamed.query('select 1 as one')).rejects.toThrow(/PGlite is closed/);
  });
});
