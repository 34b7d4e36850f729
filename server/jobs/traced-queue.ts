import 'server-only';
import { type Attributes, type Context, context, ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { serverLog } from '@/server/telemetry/logger';
import { countError, countJobRun, type QueueStat } from '@/server/telemetry/metrics';
import { inSpan, requestAttributesOf, withRequestAttributes } from '@/server/telemetry/tracing';
import type { JobHandler, JobName, JobQueue, SendOptions } from './job-queue';

// Jobs in their sender's trace (docs/telemetry.md#server): `send` is a producer span whose W3C
// `traceparent` travels in the job's data under TRACE_KEY, and the handler runs in a consumer span
// that is its child, however much later and in whichever process it runs — so a booking's trace
// shows the jobs it scheduled. A job no request sent (the minute's sweeps) starts a trace of its
// own. The sender's request attributes (agency, role, host) travel too, so the job's spans carry
// them. The handler never sees either key; a failure is logged as one JSON line with the trace id.

export const TRACE_KEY = '_traceparent';
/** The sender's request attributes (agency, role, host), so the job's spans say on whose behalf it runs. */
export const ATTRIBUTES_KEY = '_requestAttributes';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The active span's `traceparent`, or undefined outside any span. */
export function currentTraceparent(): string | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!trace.isSpanContextValid(span.spanContext())) return undefined;
  return `00-${traceId}-${spanId}-${(traceFlags & TraceFlags.SAMPLED ? 1 : 0).toString(16).padStart(2, '0')}`;
}

/** The sender's context from a job's `traceparent`; null when absent or malformed. */
export function senderContext(traceparent: unknown): Context | null {
  if (typeof traceparent !== 'string') return null;
  const match = TRACEPARENT.exec(traceparent);
  if (!match) return null;
  const [, traceId = '', spanId = '', flags = '00'] = match;
  return trace.setSpanContext(ROOT_CONTEXT, { traceId, spanId, traceFlags: Number.parseInt(flags, 16), isRemote: true });
}

export function tracedJobQueue(queue: JobQueue): JobQueue {
  return {
    kind: queue.kind,
    send: (name: JobName, data: Record<string, unknown>, options?: SendOptions) => {
      // Outside a request or job, nothing to carry and no span to make.
      if (!trace.getActiveSpan()) return queue.send(name, data, options);
      return inSpan(`job.send ${name}`, { kind: SpanKind.PRODUCER, attributes: { 'job.name': name } }, async () => {
        const traceparent = currentTraceparent();
        const attributes = requestAttributesOf(context.active());
        await queue.send(name, traceparent ? { ...data, [TRACE_KEY]: traceparent, ...(attributes ? { [ATTRIBUTES_KEY]: attributes } : {}) } : data, options);
      });
    },
    work: (name: JobName, handler: JobHandler) => queue.work(name, tracedHandler(name, handler)),
    everyMinute: (name) => queue.everyMinute(name),
    stopWorking: () => queue.stopWorking(),
    stop: (options) => queue.stop(options),
  };
}

/** The handler in its consumer span, in the sender's trace; the data as sent, without the key. */
export function tracedHandler(name: JobName, handler: JobHandler): JobHandler {
  return async (data) => {
    const { [TRACE_KEY]: traceparent, [ATTRIBUTES_KEY]: attributes, ...payload } = data ?? {};
    const sender = senderContext(traceparent);
    const parent = sender && isAttributes(attributes) ? withRequestAttributes(attributes, sender) : sender;
    try {
      await inSpan(
        `job ${name}`,
        { kind: SpanKind.CONSUMER, attributes: { 'job.name': name }, ...(parent ? { parent } : { parent: ROOT_CONTEXT, root: true }) },
        () => handler(payload),
      );
      countJobRun({ job: name, outcome: 'ok' });
    } catch (error) {
      countJobRun({ job: name, outcome: 'error' });
      countError('job');
      // Logged in the job's own trace: the span has ended, its context is the sender's child.
      context.with(parent ?? ROOT_CONTEXT, () => serverLog().error({ err: error, job: name }, 'job failed; it is retried with backoff until its retries run out'));
      throw error;
    }
  };
}

/** Attributes as carried in a job's data: strings, numbers and booleans only. */
function isAttributes(value: unknown): value is Attributes {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
  );
}

/**
 * The jobs due now and how long the oldest has waited, per queue (the metrics' gauges): pg-boss's
 * `pgboss.job` rows not yet started, or the embedded queue's table.
 */
export async function readQueueStats(db: Database, kind: JobQueue['kind']): Promise<QueueStat[]> {
  type Row = { queue: string; depth: number; age: number };
  const result =
    kind === 'pg-boss'
      ? await db.execute(
          sql`select name as queue, count(*)::int as depth, coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as age
              from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name`,
        )
      : await db.execute(
          sql`select name as queue, count(*)::int as depth, coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as age
              from embedded_jobs where failed_at is null and run_at <= now() group by name`,
        );
  // postgres.js answers the rows, PGlite an object holding them.
  const rows: Row[] = Array.isArray(result) ? (result as unknown as Row[]) : ((result as unknown as { rows?: Row[] }).rows ?? []);
  return rows.map((row) => ({ queue: row.queue, depth: Number(row.depth), oldestAgeSeconds: Number(row.age) }));
}
