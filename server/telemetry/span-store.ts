import 'server-only';
import { type Attributes, type AttributeValue, type Context, context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { telemetrySpans } from '@/server/db/schema';
import { REQUEST_ATTRIBUTES } from '@/server/db/traced-queries';
import { ATTR } from './tracing';

// Slow and failed server spans kept in `telemetry_spans` for the console's "slow server spans"
// view (docs/telemetry.md#server), whether or not an OTLP collector is configured: the console
// must show them on a deployment without one, and with one they are a few rows a minute. A span
// that ends is only compared with the threshold on the request's path; the ones kept wait in a
// bounded buffer that one insert empties every few seconds — never a write per request, and under
// a flood of slow spans the excess is counted and dropped rather than queued without end.

export type SpanRow = typeof telemetrySpans.$inferInsert;

/** Writes a batch of rows; the portal's is one INSERT into `telemetry_spans`. */
export type SpanRowWriter = (rows: SpanRow[]) => Promise<void>;

export type SpanStoreOptions = {
  /** Spans at least this long are kept (TELEMETRY_SLOW_SPAN_MS). */
  slowMs: number;
  write: SpanRowWriter;
  /** Rows waiting at most; beyond it a span is dropped (and counted). */
  maxBuffered?: number;
  /** How often the buffer is written. */
  flushIntervalMs?: number;
  /** Told once per flush that dropped spans or failed to write (the logger). */
  onProblem?: (problem: { dropped: number; error?: unknown }) => void;
};

export const DEFAULT_MAX_BUFFERED = 1_000;
export const DEFAULT_FLUSH_INTERVAL_MS = 5_000;

const KIND_NAMES: Record<SpanKind, string> = {
  [SpanKind.INTERNAL]: 'internal',
  [SpanKind.SERVER]: 'server',
  [SpanKind.CLIENT]: 'client',
  [SpanKind.PRODUCER]: 'producer',
  [SpanKind.CONSUMER]: 'consumer',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Attributes that hold a URL: stored without their query string (a reset token, a search). */
const URL_ATTRIBUTES = new Set(['http.target', 'http.url', 'url.full', 'url.query', 'next.rsc']);

export class SpanStore implements SpanProcessor {
  readonly #options: Required<Omit<SpanStoreOptions, 'onProblem'>> & Pick<SpanStoreOptions, 'onProblem'>;
  #buffer: SpanRow[] = [];
  #dropped = 0;
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;

  constructor(options: SpanStoreOptions) {
    this.#options = { maxBuffered: DEFAULT_MAX_BUFFERED, flushIntervalMs: DEFAULT_FLUSH_INTERVAL_MS, ...options };
  }

  /** Every span started under a request's attributes carries them (the agency, role, host). */
  onStart(span: Span, parentContext: Context): void {
    const attributes = parentContext.getValue(REQUEST_ATTRIBUTES) as Attributes | undefined;
    if (attributes) span.setAttributes(attributes);
  }

  onEnd(span: ReadableSpan): void {
    const failed = span.status.code === SpanStatusCode.ERROR;
    const durationMs = span.duration[0] * 1_000 + span.duration[1] / 1e6;
    if (!failed && durationMs < this.#options.slowMs) return;
    if (this.#buffer.length >= this.#options.maxBuffered) {
      this.#dropped += 1;
      return;
    }
    this.#buffer.push(rowOf(span, durationMs));
    if (!this.#timer) {
      this.#timer = setTimeout(() => void this.forceFlush(), this.#options.flushIntervalMs);
      this.#timer.unref();
    }
  }

  /** Writes what waits now (also at shutdown). */
  forceFlush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const previous = this.#flushing ?? Promise.resolve();
    const flushing = previous.then(() => this.#write());
    this.#flushing = flushing.finally(() => {
      if (this.#flushing === flushing) this.#flushing = null;
    });
    return flushing;
  }

  shutdown(): Promise<void> {
    return this.forceFlush();
  }

  async #write(): Promise<void> {
    const rows = this.#buffer;
    const dropped = this.#dropped;
    this.#buffer = [];
    this.#dropped = 0;
    if (rows.length === 0 && dropped === 0) return;
    try {
      // The insert's own query span would be stored again: no spans inside the store's writes.
      if (rows.length > 0) await context.with(suppressTracing(context.active()), () => this.#options.write(rows));
      if (dropped > 0) this.#options.onProblem?.({ dropped });
    } catch (error) {
      // The database may be down: this batch is lost, the next one is tried afresh.
      this.#options.onProblem?.({ dropped: dropped + rows.length, error });
    }
  }
}

function rowOf(span: ReadableSpan, durationMs: number): SpanRow {
  const attributes: Record<string, AttributeValue | undefined> = {};
  for (const [key, value] of Object.entries(span.attributes)) attributes[key] = URL_ATTRIBUTES.has(key) && typeof value === 'string' ? value.split('?')[0] : value;
  if (span.status.code === SpanStatusCode.ERROR && span.status.message) attributes['status.message'] = span.status.message;
  const agencyId = span.attributes[ATTR.agencyId];
  const host = span.attributes[ATTR.host] ?? span.attributes['http.host'];
  const [seconds, nanos] = span.startTime;
  return {
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    parentSpanId: span.parentSpanContext?.spanId ?? null,
    name: span.name.slice(0, 500),
    kind: KIND_NAMES[span.kind] ?? 'internal',
    startedAt: new Date(seconds * 1_000 + Math.floor(nanos / 1e6)),
    durationMs: Math.round(durationMs * 1_000) / 1_000,
    status: span.status.code === SpanStatusCode.ERROR ? 'error' : span.status.code === SpanStatusCode.OK ? 'ok' : 'unset',
    host: typeof host === 'string' ? host : null,
    agencyId: typeof agencyId === 'string' && UUID.test(agencyId) ? agencyId : null,
    attributes,
  };
}
