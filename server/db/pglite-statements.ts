import { type PGlite, type QueryOptions, type Results, type Transaction, parse, protocol } from '@electric-sql/pglite';
import { traceQuery } from './traced-queries';

// PGlite's `query` parses, describes, plans and executes every statement anew, over six round
// trips into the WebAssembly backend: for the portal's short queries that is most of their cost
// (the picker's month query: 0.64 ms, against 0.33 ms as a named statement in a standalone probe).
// PostgreSQL's driver (postgres.js) already keeps a named statement per query text on each
// connection; this gives the embedded database the same: a query text is parsed once into a named
// statement, and each call then binds and executes it in one round trip, with the backend's own
// plan cache (a generic plan after five executions, as on PostgreSQL).

/** Statements kept per database; the least recently used is closed beyond it. */
const MAX_STATEMENTS = 400;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];
type Statement = { name: string; paramTypes: number[]; rowDescription: BackendMessage | undefined };
type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

const serialize = protocol.serialize;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The named statements of one PGlite database. Every method runs under the caller's query lock. */
class NamedStatements {
  readonly #statements = new Map<string, Statement>();
  /** Names to close with the next message: evicted, or failed to execute. */
  readonly #toClose: string[] = [];
  #counter = 0;

  constructor(private readonly pg: PGlite) {}

  async run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text));
    // Most recently used last: the first entry is the one to evict.
    this.#statements.delete(text);
    this.#statements.set(text, statement);
    const values = params.map((param, index) => this.#serialize(param, statement.paramTypes[index], options));
    let messages: BackendMessage[];
    try {
      ({ messages } = await this.pg.execProtocol(concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]), { syncToFs: false }));
    } catch (error) {
      // A statement may outlive what it was planned for (a table changed, a transaction rolled
      // back): parsed again on the next call, whatever the error was.
      this.#forget(text, statement);
      throw withQuery(error, text, params, options);
    }
    const [result] = parse.parseResults(statement.rowDescription ? [statement.rowDescription, ...messages] : messages, this.pg.parsers, options);
    return result as Results<T>;
  }

  async #prepare(text: string): Promise<Statement> {
    const name = `td_${(this.#counter += 1)}`;
    const closing = this.#toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    let messages: BackendMessage[];
    try {
      ({ messages } = await this.pg.execProtocol(concat([...closing, serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false }));
    } catch (error) {
      throw withQuery(error, text, undefined, undefined);
    }
    const parameters = messages.find((message) => message.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const statement = { name, paramTypes: parameters?.dataTypeIDs ?? [], rowDescription: messages.find((message) => message.name === 'rowDescription') };
    if (this.#statements.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = this.#statements.entries().next().value as [string, Statement];
      this.#forget(oldestText, oldest);
    }
    this.#statements.set(text, statement);
    return statement;
  }

  #forget(text: string, statement: Statement) {
    if (this.#statements.get(text) === statement) this.#statements.delete(text);
    this.#toClose.push(statement.name);
  }

  /** As PGlite's own `query` does: by the parameter's type in the statement, else as text. */
  #serialize(param: unknown, type: number | undefined, options: QueryOptions | undefined): string | null {
    if (param === null || param === undefined) return null;
    const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? this.pg.serializers[type]);
    return serializer ? serializer(param) : String(param);
  }
}

/** PGlite's own errors name the query and its parameters; these do too. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, options: QueryOptions | undefined): unknown {
  if (error instanceof Error && 'code' in error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/** Declared parameter types and COPY's `/dev/blob` files are PGlite's own `query`'s (Drizzle uses neither). */
function needsPGliteQuery(options: QueryOptions | undefined): boolean {
  return Boolean(options?.paramTypes || options?.blob);
}

/**
 * `pg` with its `query` (and its transactions' `query`) run as named statements; everything else
 * (`exec`, listen, close) is PGlite's own. Give the result to Drizzle in place of `pg`.
 */
export function withNamedStatements(pg: PGlite): PGlite {
  const statements = new NamedStatements(pg);
  // Outside a transaction: wait for any transaction to end, as PGlite's `query` does.
  const query: Query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (needsPGliteQuery(options)) return pg.query<T>(text, params, options);
    // Throws "PGlite is closed" once closed, which the health check recognises (server/db/health.ts).
    await pg._checkReady();
    // A span per query when a request or job asks (server/db/traced-queries.ts), lock waits included.
    return traceQuery(text, () =>
      pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          const result = await statements.run<T>(text, params, options);
          await pg.syncToFs();
          return result;
        }),
      ),
    );
  };
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    pg.transaction((tx) => {
      // The transaction holds its lock already; each statement takes the query lock only.
      const txQuery: Query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (needsPGliteQuery(options)) return tx.query<T>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return traceQuery(text, () => pg._runExclusiveQuery(() => statements.run<T>(text, params, options)));
      };
      return callback(new Proxy(tx, { get: (target, key, receiver) => (key === 'query' ? txQuery : Reflect.get(target, key, receiver)) }));
    });
  return new Proxy(pg, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      // PGlite's methods use private fields: they must run on the instance itself.
      return typeof value === 'function' && key !== 'constructor' ? value.bind(target) : value;
    },
  });
}
