import 'server-only';
import type { Logger } from '@opentelemetry/api-logs';
import type { Histogram } from '@opentelemetry/api';
import type { TelemetryEventRow } from './envelope-mapping';
import { otlpLogsConfigured, otlpMetricsConfigured } from './telemetry-settings';

// The browser's telemetry forwarded to an OTLP collector when one is configured
// (OTEL_EXPORTER_OTLP_ENDPOINT, or OTEL_EXPORTER_OTLP_LOGS_ENDPOINT / _METRICS_ENDPOINT alone):
// exceptions, traces, events, page views and failed calls as OTLP log records, Web Vitals (and any
// other browser metric) as OTLP histograms. The providers are this module's own, not the global
// ones: the server's tracing (instrumentation.ts) registers the global tracer provider, and the
// browser's records carry a service of their own (`traveldesk-b2b-browser`). The SDK's exporters
// batch and send in the background; nothing here waits on the collector, and with none configured
// nothing is loaded. The database store (telemetry-store.ts) is kept either way: the console reads it.

type Forwarder = {
  logger: Logger | null;
  histogram: (name: string) => Histogram | null;
  flush: () => Promise<void>;
};

const globalForOtlp = globalThis as typeof globalThis & { traveldeskBrowserOtlp?: Promise<Forwarder> };

/** Browser Web Vitals in OTLP: one histogram each, in milliseconds (CLS has no unit). */
const VITAL_UNITS: Record<string, string> = { LCP: 'ms', INP: 'ms', FCP: 'ms', TTFB: 'ms', CLS: '1' };

/** The SDK's severity levels (0 verbose … 4 critical) as OTLP severity numbers and texts. */
const SEVERITIES = [
  { number: 5, text: 'DEBUG' },
  { number: 9, text: 'INFO' },
  { number: 13, text: 'WARN' },
  { number: 17, text: 'ERROR' },
  { number: 21, text: 'FATAL' },
] as const;

export function isOtlpForwardingOn(env: Record<string, string | undefined> = process.env): boolean {
  return otlpLogsConfigured(env) || otlpMetricsConfigured(env);
}

/** Hands the rows to the collector's exporters (in the background); a no-op without a collector. */
export function forwardToOtlp(rows: TelemetryEventRow[]): void {
  if (rows.length === 0 || !isOtlpForwardingOn()) return;
  void forwarder()
    .then((forward) => {
      for (const row of rows) {
        if (row.kind === 'metric') recordMetric(forward, row);
        else emitLog(forward, row);
      }
    })
    .catch((error: unknown) => console.warn('[telemetry] could not forward browser telemetry over OTLP', error));
}

/** Sends what the exporters still hold (the graceful shutdown; tests). */
export async function flushOtlpForwarding(): Promise<void> {
  const pending = globalForOtlp.traveldeskBrowserOtlp;
  if (pending) await (await pending).flush();
}

function forwarder(): Promise<Forwarder> {
  globalForOtlp.traveldeskBrowserOtlp ??= startForwarder().catch((error: unknown) => {
    delete globalForOtlp.traveldeskBrowserOtlp;
    throw error;
  });
  return globalForOtlp.traveldeskBrowserOtlp;
}

async function startForwarder(): Promise<Forwarder> {
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const resource = resourceFromAttributes({ 'service.name': 'traveldesk-b2b-browser', 'telemetry.source': 'browser' });
  const flushes: (() => Promise<void>)[] = [];
  let logger: Logger | null = null;
  if (otlpLogsConfigured()) {
    const [{ LoggerProvider, BatchLogRecordProcessor }, { OTLPLogExporter }] = await Promise.all([import('@opentelemetry/sdk-logs'), import('@opentelemetry/exporter-logs-otlp-http')]);
    const provider = new LoggerProvider({ resource, processors: [new BatchLogRecordProcessor({ exporter: new OTLPLogExporter() })] });
    logger = provider.getLogger('traveldesk-b2b.browser');
    flushes.push(() => provider.forceFlush());
  }
  const histograms = new Map<string, Histogram>();
  let histogram: Forwarder['histogram'] = () => null;
  if (otlpMetricsConfigured()) {
    const [{ MeterProvider, PeriodicExportingMetricReader }, { OTLPMetricExporter }] = await Promise.all([import('@opentelemetry/sdk-metrics'), import('@opentelemetry/exporter-metrics-otlp-http')]);
    // Every 15 s, as the browser batches (spec §9); the SDK's default is a minute.
    const reader = new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: 15_000 });
    const provider = new MeterProvider({ resource, readers: [reader] });
    const meter = provider.getMeter('traveldesk-b2b.browser');
    histogram = (name) => {
      const vital = VITAL_UNITS[name];
      const key = vital ? name : 'other';
      let instrument = histograms.get(key);
      if (!instrument) {
        instrument = vital
          ? meter.createHistogram(`browser.web_vital.${name.toLowerCase()}`, { unit: vital, description: `Web Vital ${name} measured in the browser` })
          : meter.createHistogram('browser.metric', { description: 'A metric the browser reported (its name in metric.name)' });
        histograms.set(key, instrument);
      }
      return instrument;
    };
    flushes.push(() => provider.forceFlush());
  }
  return { logger, histogram, flush: async () => void (await Promise.all(flushes.map((flush) => flush()))) };
}

function commonAttributes(row: TelemetryEventRow): Record<string, string> {
  const attributes: Record<string, string> = { 'server.address': row.host };
  if (row.path) attributes['url.path'] = row.path;
  if (row.locale) attributes['browser.language'] = row.locale;
  return attributes;
}

function emitLog(forward: Forwarder, row: TelemetryEventRow) {
  if (!forward.logger) return;
  const severity = row.severity === null || row.severity === undefined ? undefined : SEVERITIES[row.severity];
  const properties = row.properties ?? {};
  const attributes: Record<string, string | number | boolean> = { ...commonAttributes(row), 'browser.telemetry.kind': row.kind, 'browser.telemetry.name': row.name };
  if (row.sessionId) attributes['session.id'] = row.sessionId;
  if (row.userId) attributes['browser.user.id'] = row.userId;
  // Spec §1: the signed-in agent's e-mail goes with the telemetry as the authenticated user.
  if (row.authUser) attributes['enduser.id'] = row.authUser;
  if (row.agencyId) attributes['traveldesk.agency.id'] = row.agencyId;
  if (row.value !== null && row.value !== undefined) attributes['browser.telemetry.value'] = row.value;
  if (row.kind === 'exception') {
    attributes['exception.type'] = row.name;
    if (row.message) attributes['exception.message'] = row.message;
    if (typeof properties.stack === 'string') attributes['exception.stacktrace'] = properties.stack;
  }
  for (const [key, value] of Object.entries(properties)) {
    if (key === 'stack') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') attributes[`browser.property.${key}`] = value;
  }
  forward.logger.emit({
    timestamp: row.occurredAt,
    eventName: row.kind === 'event' ? row.name : row.kind === 'exception' ? 'exception' : `browser.${row.kind}`,
    severityNumber: severity?.number,
    severityText: severity?.text,
    body: row.message ?? row.name,
    attributes,
  });
}

function recordMetric(forward: Forwarder, row: TelemetryEventRow) {
  if (row.value === null || row.value === undefined) return;
  const instrument = forward.histogram(row.name);
  if (!instrument) return;
  const attributes: Record<string, string> = commonAttributes(row);
  if (!VITAL_UNITS[row.name]) attributes['metric.name'] = row.name;
  instrument.record(row.value, attributes);
}
