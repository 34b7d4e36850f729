import 'server-only';
import { Column, getTableColumns, is, type Query, SQL, Table } from 'drizzle-orm';
import type { PgColumn, PreparedQueryConfig, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './connection';

/**
 * A query built and prepared once per database rather than on every call, for the few that run
 * on most requests (the session's principal, the picker's month). Its values are placeholders
 * (`sql.placeholder('name')`) given to `execute`.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const byDatabase = new WeakMap<Database, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) byDatabase.set(db, (query = prepare(db)));
    return query;
  };
}

/** A select as `build` makes it: its selection (columns, SQL values, objects of them), SQL text and rows. */
type BuiltSelect<Row> = { _: { selectedFields: Record<string, unknown> }; toSQL(): Query; execute(): Promise<Row[]> };

/**
 * A select that runs inside transactions (a locked read), built once and prepared in each
 * transaction that runs it: a query prepared on the database runs on the pool, outside the
 * caller's transaction, and building a wide select again on every call cost more than running it
 * (docs/octo-api.md#speed). `build` gets the first transaction to build on, never to run on; its
 * SQL text (the same on every database: one dialect) and placeholders are kept, and each call
 * hands them to the transaction's own session as drizzle's `.prepare()` does (a named statement,
 * parsed once per connection), its rows mapped as `select()` maps them. One difference: an object
 * of columns in the selection is never made null, as drizzle makes one of a left-joined table
 * that found no row; select such objects only from tables joined inner.
 */
export function preparedSelectInTransaction<Row>(name: string, build: (tx: Transaction) => BuiltSelect<Row>): (tx: Transaction, values: Record<string, unknown>) => Promise<Row[]> {
  let statement: { query: Query; fields: SelectedFieldsOrdered } | null = null;
  return (tx, values) => {
    if (!statement) {
      const select = build(tx);
      statement = { query: select.toSQL(), fields: orderedFields(select._.selectedFields, []) };
    }
    return tx._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(statement.query, statement.fields, name, true).execute(values);
  };
}

/** The selection's values in the order of its SQL, each with its path in the row (drizzle's own ordering). */
function orderedFields(selection: Record<string, unknown>, path: string[]): SelectedFieldsOrdered {
  return Object.entries(selection).flatMap(([key, field]): SelectedFieldsOrdered => {
    const at = [...path, key];
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)) return [{ path: at, field: field as PgColumn | SQL | SQL.Aliased }];
    if (is(field, Table)) return orderedFields(getTableColumns(field), at);
    return orderedFields(field as Record<string, unknown>, at);
  });
}
