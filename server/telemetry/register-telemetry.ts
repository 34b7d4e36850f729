import 'server-only';
import { SpanKind } from '@opentelemetry/api';
import type { MetricReader } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { getDb } from '@/server/db/database';
import { telemetrySpans } from '@/server/db/schema';
import { serverLog } from './logger';
import { markMetricsRegistered, recordRequest } from './metrics';
import { type SpanRow, SpanStore } from './span-store';
import { TRACER_NAME } from './tracing';

// What instrumentation.ts registers (docs/telemetry.md#server, "What runs"):
// - always, @vercel/otel's tracer provider with the span store: slow and failed spans go to
//   `telemetry_spans` for the console, collector or not. Its cost is a span object per Next
//   request phase and per query inside a request, no export and no fetch instrumentation (the
//   bench's `telemetry` part measures it against an exporting portal);
// - with OTEL_EXPORTER_OTLP_ENDPOINT (or the traces endpoint), @vercel/otel's own batch export of
//   every span over OTLP (`http/protobuf`, or `http/json` with OTEL_EXPORTER_OTLP_PROTOCOL) and its
//   fetch instrumentation (outgoing calls as client spans, their trace context propagated);
// - with OTEL_EXPORTER_OTLP_ENDPOINT (or the metrics endpoint), the metrics over OTLP/HTTP JSON
//   every OTEL_METRIC_EXPORT_INTERVAL ms, the request histogram fed by the requests' root spans.

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
  const processors: (SpanProcessor | 'auto')[] = [store];
  const metricReaders: MetricReader[] = [];
  if (settings.metrics) {
    const { PeriodicExportingMetricReader } = await import('@opentelemetry/sdk-metrics');
    const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-http');
    // The exporter finds its URL itself: OTEL_EXPORTER_OTLP_METRICS_ENDPOINT, else the endpoint + /v1/metrics.
    metricReaders.push(new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: settings.metricIntervalMs }));
    processors.push(new RequestMetrics());
  }
  if (settings.collector) processors.push('auto');
  const { registerOTel } = await import('@vercel/otel');
  registerOTel({
    serviceName: TRACER_NAME,
    spanProcessors: processors,
    // Without a collector nothing reads a fetch's span or its propagated context: fetch stays unpatched.
    instrumentations: settings.collector ? ['auto'] : [],
    metricReaders,
  });
  if (metricReaders.length > 0) markMetricsRegistered();
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
