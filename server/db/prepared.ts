import 'server-only';
import type { Database } from './connection';

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
