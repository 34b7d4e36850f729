import 'server-only';
import { context, metrics } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { installRequestSpans } from '@/server/platform/request-spans';
import { setPortalTracer } from '@/server/db/traced-queries';
import { getDb } from '@/server/db/database';
import { telemetrySpans } from '@/server/db/schema';
import { serverLog } from './logger';
import { markMetricsRegistered, METER_NAME } from './metrics';
import { RequestDurations } from './request-durations';
import { type SpanRow, SpanStore } from './span-store';
import { requestSpans } from './request-span';
import { TRACER_NAME } from './tracing';

const ATTR_SERVICE_NAME = 'service.name';

// What instrumentation.ts registers (docs/telemetry.md#server, "What runs"): always a tracer
// provider of the portal's own, NOT registered globally — Next records its own request spans
// whenever a global provider exists, on every request, cached pages included, which cost the
// cached tour page about 0.4 ms of CPU a request (40% of its rate) — with the span store, so the
// portal's spans (actions, route handlers, their queries, payments, suppliers, jobs) are made and
// the slow and failed ones kept in `telemetry_spans`. With OTEL_EXPORTER_OTLP_ENDPOINT (or the
// traces endpoint) also:
// - one root span per request of the portal's own, around Next's handler
//   (server/telemetry/request-span.ts), under which the portal's spans of that request nest;
// - a batch span processor exporting every span over OTLP/HTTP (`http/protobuf`, or `http/json`
//   with OTEL_EXPORTER_OTLP_PROTOCOL): up to 512 spans a batch, every 5 s, so the export's cost is
//   spread over many requests.
// With OTEL_EXPORTER_OTLP_ENDPOINT (or the metrics endpoint), the metrics over OTLP/HTTP JSON
// every OTEL_METRIC_EXPORT_INTERVAL ms, the request histogram counted by the root spans' hook
// (./request-durations.ts) and collected with them.
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

const PROVIDER = Symbol.for('traveldesk.telemetry.tracerProvider');
const globalForProvider = globalThis as typeof globalThis & { [PROVIDER]?: BasicTracerProvider };

/** Writes the slow spans still waiting and sends the spans still batched (the shutdown, before the database closes). */
export async function flushSpanStore(): Promise<void> {
  await globalForProvider[PROVIDER]?.forceFlush();
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
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: TRACER_NAME });
  let durations: RequestDurations | null = null;
  if (settings.metrics) {
    const { MeterProvider, PeriodicExportingMetricReader } = await import('@opentelemetry/sdk-metrics');
    const { OTLPMetricExporter } = await import('@opentelemetry/exporter-metrics-otlp-http');
    durations = new RequestDurations(METER_NAME);
    // The exporter finds its URL itself: OTEL_EXPORTER_OTLP_METRICS_ENDPOINT, else the endpoint + /v1/metrics.
    const reader = new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: settings.metricIntervalMs, metricProducers: [durations] });
    metrics.setGlobalMeterProvider(new MeterProvider({ resource, readers: [reader] }));
    markMetricsRegistered();
  }
  const processors: SpanProcessor[] = [store];
  if (settings.collector) processors.push(new BatchSpanProcessor(await traceExporter(env)));
  const provider = new BasicTracerProvider({ resource, spanProcessors: processors });
  globalForProvider[PROVIDER] = provider;
  // The context travels through awaits (a query's parent, a job's sender) without a global tracer.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracer = provider.getTracer(TRACER_NAME);
  setPortalTracer(tracer);
  // Every request's root span (and the request metric), only for a collector: without one nobody
  // reads it (slow pages show in the collector's traces), and the default stays as cheap as no
  // telemetry at all.
  if (settings.collector || settings.metrics) installRequestSpans(requestSpans(tracer, durations ? (seconds, method, status) => durations.record(seconds, method, status) : undefined));
}

/** The OTLP/HTTP trace exporter of OTEL_EXPORTER_OTLP_PROTOCOL (it finds its URL itself: the traces endpoint, else the endpoint + /v1/traces). */
async function traceExporter(env: Readonly<Record<string, string | undefined>>): Promise<SpanExporter> {
  const protocol = env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}
