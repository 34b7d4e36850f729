import { createContextKey, type Span, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { interceptUnsafe } from './postgres-statements';

// A span per database query (docs/telemetry.md#server), made at the driver: the one place every
// query of both drivers passes (postgres.js's `unsafe`, which Drizzle calls for every statement,
// and the named statements of PGlite, server/db/pglite-statements.ts). Drizzle's own tracing is
// switched off in its build and would put the parameters (personal data) in attributes: a span
// here carries the statement's text only, whose values are always placeholders.
// Only a query inside a span (a request, an action, a job) gets one: the job queue's polling and
// the span store's own inserts make none, and with no tracer registered `getActiveSpan` is the
// whole cost. No 'server-only': the CLI and the tests open the database too.

/**
 * The context key of the attributes every span of a request carries (agency, role, host): set by
 * the action and route wrappers (server/telemetry/tracing.ts), copied onto each span at its start
 * by the span store. `createContextKey` uses `Symbol.for`, so every bundle shares it.
 */
export const REQUEST_ATTRIBUTES = createContextKey('traveldesk.request.attributes');

const TRACER = Symbol.for('traveldesk.telemetry.tracer');
const globalForTracer = globalThis as typeof globalThis & { [TRACER]?: Tracer };

/**
 * The portal's tracer: without a collector, the one of its own provider that only keeps slow and
 * failed spans (server/telemetry/register-telemetry.ts, not registered globally so that Next's
 * own per-request spans stay off); with one, the global provider's. One for every bundle.
 */
export function portalTracer(): Tracer {
  return globalForTracer[TRACER] ?? trace.getTracer('traveldesk-b2b');
}

/** Set once by instrumentation when the portal keeps a provider of its own. */
export function setPortalTracer(tracer: Tracer): void {
  globalForTracer[TRACER] = tracer;
}

const tracer = portalTracer;

/** The first word of a statement (`select`, `insert`…), for the span's name. */
function operationOf(text: string): string {
  const match = /^\s*(\w+)/.exec(text);
  return match?.[1]?.toLowerCase() ?? 'query';
}

/** A query's span, or null outside any span (no tracer, or a query no request or job made). */
export function startQuerySpan(text: string, system: 'postgresql'): Span | null {
  if (!trace.getActiveSpan()) return null;
  const operation = operationOf(text);
  return tracer().startSpan(`db.${operation}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': system, 'db.operation.name': operation, 'db.query.text': text.length > 2000 ? `${text.slice(0, 2000)}…` : text },
  });
}

export function endQuerySpan(span: Span | null, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
    if (code) span.setAttribute('db.response.status_code', code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.slice(0, 500) : 'query failed' });
  }
  span.end();
}

/** Runs `query` inside its span. */
export async function traceQuery<T>(text: string, query: () => Promise<T>): Promise<T> {
  const span = startQuerySpan(text, 'postgresql');
  if (!span) return query();
  try {
    const result = await query();
    endQuerySpan(span);
    return result;
  } catch (error) {
    endQuerySpan(span, error);
    throw error;
  }
}

type PendingQuery = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * A postgres.js client whose `unsafe` (Drizzle's one call for every statement) makes a span per
 * query, also inside `begin` and `savepoint` (Drizzle's transactions). postgres.js runs a query
 * lazily, when it is awaited, and settles it through its own `resolve`/`reject`: the span ends
 * there, so Drizzle's `.values()` and awaiting stay exactly as they were.
 */
export function withTracedQueries<Client extends object>(client: Client): Client {
  return interceptUnsafe(client, (unsafe) => (text, params, options) => {
    const pending = unsafe(text, params, options) as PendingQuery;
    const span = startQuerySpan(text, 'postgresql');
    if (span) {
      const { resolve, reject } = pending;
      pending.resolve = (result) => {
        endQuerySpan(span);
        resolve(result);
      };
      pending.reject = (error) => {
        endQuerySpan(span, error);
        reject(error);
      };
    }
    return pending;
  });
}
