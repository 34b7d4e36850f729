import 'server-only';
import { type Attributes, type Context, context, metrics, SpanKind } from '@opentelemetry/api';
import { type ReadableSpan, type Sampler, SamplingDecision, type SamplingResult, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { setPortalTracer } from '@/server/db/traced-queries';
import { getDb } from '@/server/db/database';
import { telemetrySpans } from '@/server/db/schema';
import { serverLog } from './logger';
import { markMetricsRegistered, recordRequest } from './metrics';
import { type SpanRow, SpanStore } from './span-store';
import { TRACER_NAME } from './tracing';

// What instrumentation.ts registers (docs/telemetry.md#server, "What runs"):
// - without a collector, a tracer provider of the portal's own, NOT registered globally, with the
//   span store: the portal's spans (actions, route handlers, their queries, payments, suppliers,
//   jobs) are made, and the slow and failed ones kept in `telemetry_spans`. Next records its own
//   request spans whenever a global provider exists — on every request, cached pages included,
//   which cost the cached tour page about 0.4 ms of CPU a request (a third more) — so it has none;
// - with OTEL_EXPORTER_OTLP_ENDPOINT (or the traces endpoint), @vercel/otel's global provider: every
//   request's root span, the portal's spans, the span store, batch export over OTLP
//   (`http/protobuf`, or `http/json` with OTEL_EXPORTER_OTLP_PROTOCOL) and the fetch
//   instrumentation. Next's inner phase spans (render, metadata, component loading) are sampled
//   out (`PortalSampler`): the root span already times the request, and recording and exporting
//   them doubled the cost of a traced request;
// - with OTEL_EXPORTER_OTLP_ENDPOINT (or the metrics endpoint), the metrics over OTLP/HTTP JSON
//   every OTEL_METRIC_EXPORT_INTERVAL ms, the request histogram fed by the requests' root spans.
// OTEL_SDK_DISABLED=true registers nothing.

export const DEFAULT_SLOW_SPAN_MS = 500;

export type TelemetrySettings = { collector: boolean; metrics: boolean; slowSpanMs: number; metricIntervalMs: number };

export function telemetrySettings(env: Readonly<Record<string, string | undefined>> = process.env): TelemetrySettings {
  const slow = Number(env.TELEMETRY_SLOW_SPAN_MS);
  const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL);
  return {
    collector: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
    metrics: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT),
    slowSpanMs: env.TELEMETRY_SLOW_SPAN_MS && Number.isFinite(slow) && slow >= 0 ? slow : DEFAULT_SLOW_SPAN_MS,
    metricIntervalMs: env.OTEL_METRIC_EXPORT_INTERVAL && Number.isFinite(interval) && interval > 0 ? interval : 60_000,
  };
}

async function writeSpanRows(rows: SpanRow[]): Promise<void> {
  const db = await getDb();
  await db.insert(telemetrySpans).values(rows);
}

const STORE = Symbol.for('traveldesk.telemetry.spanStore');
const globalForStore = globalThis as typeof globalThis & { [STORE]?: SpanStore };

/** Writes the slow spans still waiting (the shutdown, before the database closes). */
export async function flushSpanStore(): Promise<void> {
  await globalForStore[STORE]?.forceFlush();
}

export async function registerTelemetry(env: Readonly<Record<string, string | undefined>> = process.env): Promise<void> {
  // OpenTelemetry's own switch: no tracer, no slow spans, no metrics (the spans' API calls stay no-ops).
  if (env.OTEL_SDK_DISABLED === 'true') return;
  const settings = telemetrySettings(env);
  const store = new SpanStore({
    slowMs: settings.slowSpanMs,
    write: writeSpanRows,
    onProblem: ({ dropped, error }) => serverLog().warn({ err: error, dropped }, 'slow server spans not stored'),
  });
  globalForStore[STORE] = store;
  if (settings.metrics) {
    const { MeterProvider, PeriodicExportingMetricReader } = await import('@opentelemetry/sdk-metrics');
    const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-http');
    // The exporter finds its URL itself: OTEL_EXPORTER_OTLP_METRICS_ENDPOINT, else the endpoint + /v1/metrics.
    const reader = new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: settings.metricIntervalMs });
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    markMetricsRegistered();
  }
  if (!settings.collector) {
    const { BasicTracerProvider } = await import('@opentelemetry/sdk-trace-base');
    const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
    // The context travels through awaits (a query's parent, a job's sender) without a global tracer.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    setPortalTracer(new BasicTracerProvider({ spanProcessors: [store] }).getTracer(TRACER_NAME));
    return;
  }
  const processors: (SpanProcessor | 'auto')[] = [store];
  if (settings.metrics) processors.push(new RequestMetrics());
  processors.push('auto');
  const { registerOTel } = await import('@vercel/otel');
  registerOTel({ serviceName: TRACER_NAME, spanProcessors: processors, traceSampler: new PortalSampler() });
}

/** Records every span but Next's inner phases: its root request span, and all of the portal's. */
export class PortalSampler implements Sampler {
  shouldSample(_context: Context, _traceId: string, _name: string, _kind: SpanKind, attributes: Attributes): SamplingResult {
    const type = attributes['next.span_type'];
    return { decision: type === undefined || type === 'BaseServer.handleRequest' ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD };
  }

  toString(): string {
    return 'PortalSampler';
  }
}

/** Every request's duration, from its root span (Next's, so pages count as well as actions and handlers). */
class RequestMetrics implements SpanProcessor {
  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    if (span.kind !== SpanKind.SERVER || (span.parentSpanContext && !span.parentSpanContext.isRemote)) return;
    const { attributes } = span;
    const route = attributes['http.route'] ?? attributes['next.route'];
    recordRequest(span.duration[0] + span.duration[1] / 1e9, {
      'http.request.method': String(attributes['http.method'] ?? attributes['http.request.method'] ?? 'GET'),
      'http.response.status_code': Number(attributes['http.status_code'] ?? attributes['http.response.status_code'] ?? 0),
      ...(route === undefined ? {} : { 'http.route': String(route) }),
    });
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
