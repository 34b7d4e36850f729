// The console's telemetry view (`/ops/telemetry`): its periods, the Web Vitals it shows and the
// funnel's drop-off rule, shared by the loader (server/telemetry/console) and the page's components.

/** The periods the page offers, in hours; the charts count by hour over a day, by day beyond. */
export const TELEMETRY_PERIODS = { '24h': 24, '7d': 7 * 24, '14d': 14 * 24 } as const;
export type TelemetryPeriod = keyof typeof TELEMETRY_PERIODS;
export const DEFAULT_TELEMETRY_PERIOD: TelemetryPeriod = '7d';

export function isTelemetryPeriod(value: unknown): value is TelemetryPeriod {
  return typeof value === 'string' && Object.hasOwn(TELEMETRY_PERIODS, value);
}

/** The Web Vitals the browser SDK sends as metrics, in the order the page shows them. */
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVital = (typeof WEB_VITALS)[number];

export type Bucket = 'hour' | 'day';

/** A chart bucket's key: `yyyy-MM-dd` or `yyyy-MM-ddTHH` (Dubai time). */
export type BucketKey = string;

/**
 * The share of a stage's sessions that did not reach the next, 0–1; null when nobody reached the
 * stage (nothing to drop from). A session may skip a stage (a tour opened from a link, no search),
 * so a later stage can exceed an earlier one: the drop-off is then 0, never negative.
 */
export function dropOff(from: number, to: number): number | null {
  if (from <= 0) return null;
  return Math.max(0, (from - to) / from);
}
