import 'server-only';

// The collector's settings (server/config/environment.ts names them; docs/telemetry.md#collector).

export type TelemetrySettings = {
  /** Rows older than this are pruned (`TELEMETRY_RETENTION_DAYS`). */
  retentionDays: number;
  /** At most this many rows per table; the oldest go first (`TELEMETRY_MAX_EVENTS`). */
  maxEvents: number;
  /** Batches one browser session (else its anonymous user) may post per minute (`TELEMETRY_RATE_LIMIT_PER_SESSION`). */
  perSession: number;
  /** Batches one client address may post per minute (`TELEMETRY_RATE_LIMIT_PER_ADDRESS`). */
  perAddress: number;
  /** How long accepted batches wait to be written together; 0 writes each before answering (`TELEMETRY_FLUSH_MS`). */
  flushMs: number;
};

export const TELEMETRY_DEFAULTS: TelemetrySettings = { retentionDays: 14, maxEvents: 1_000_000, perSession: 60, perAddress: 600, flushMs: 200 };

/** The rate limits' window. */
export const TELEMETRY_RATE_WINDOW_SECONDS = 60;

function whole(value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
}

export function telemetrySettings(env: Record<string, string | undefined> = process.env): TelemetrySettings {
  return {
    retentionDays: whole(env.TELEMETRY_RETENTION_DAYS, TELEMETRY_DEFAULTS.retentionDays, 1),
    maxEvents: whole(env.TELEMETRY_MAX_EVENTS, TELEMETRY_DEFAULTS.maxEvents, 1),
    perSession: whole(env.TELEMETRY_RATE_LIMIT_PER_SESSION, TELEMETRY_DEFAULTS.perSession, 1),
    perAddress: whole(env.TELEMETRY_RATE_LIMIT_PER_ADDRESS, TELEMETRY_DEFAULTS.perAddress, 1),
    flushMs: whole(env.TELEMETRY_FLUSH_MS, TELEMETRY_DEFAULTS.flushMs, 0),
  };
}

/** Where browser logs go over OTLP, if anywhere (the SDK's exporter reads the same variables). */
export function otlpLogsConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** Where browser metrics (Web Vitals) go over OTLP, if anywhere. */
export function otlpMetricsConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}
