// PostgreSQL's side of what server/db/pglite-statements.ts does for the embedded database: every
// statement with parameters runs as a named statement of its connection. postgres.js sends a query
// that is not prepared as Parse and Describe, waits for the server's description of its
// parameters, and only then binds and executes it: two round trips, and the queries queued behind
// it on the connection wait for both. A named statement is described once per connection, then
// bound and executed in one message that pipelines with the next. Drizzle asks postgres.js for a
// named statement only for a `.prepare()`d query; this asks for one for every statement. Plans stay
// PostgreSQL's own (a generic plan after five runs when it costs no more), as on PGlite.
// No 'server-only': the CLI and the tests open the database too.

/** postgres.js's `unsafe`: Drizzle's one call for every statement. */
export type Unsafe = (query: string, params?: unknown[], options?: unknown) => unknown;

/**
 * The most parameters of a statement that is named. Bulk inserts (the generators' batches, the
 * seed) differ in their row counts and run once: naming them would only fill the connection's
 * statement cache, which postgres.js keeps for the connection's life.
 */
export const MAX_NAMED_STATEMENT_PARAMETERS = 256;

/** Whether a statement with these parameters runs as a named statement. */
export function runsNamed(params: unknown[] | undefined): boolean {
  return params !== undefined && params.length > 0 && params.length <= MAX_NAMED_STATEMENT_PARAMETERS;
}

/** A postgres.js client whose statements with parameters run as named statements, also inside transactions. */
export function withPreparedStatements<Client extends object>(client: Client): Client {
  return interceptUnsafe(client, (unsafe) => (text, params, options) =>
    unsafe(text, params, runsNamed(params) ? { ...(options as object | undefined), prepare: true } : options),
  );
}

/**
 * A postgres.js client whose `unsafe` goes through `intercept`, also inside `begin` and `savepoint`
 * (Drizzle's transactions get a client of their own from the callback).
 */
export function interceptUnsafe<Client extends object>(client: Client, intercept: (unsafe: Unsafe) => Unsafe): Client {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (key === 'unsafe') return intercept((text, params, options) => (value as Unsafe).call(target, text, params, options));
      if (key === 'begin' || key === 'savepoint') {
        const open = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          // begin(callback) or begin(options, callback): the callback gets the transaction's client.
          const last = args.length - 1;
          const callback = args[last] as (sql: object) => unknown;
          args[last] = (sql: object) => callback(interceptUnsafe(sql, intercept));
          return open.apply(target, args);
        };
      }
      return value;
    },
    apply(target, thisArg, args) {
      return Reflect.apply(target as (...a: unknown[]) => unknown, thisArg, args);
    },
  });
}
