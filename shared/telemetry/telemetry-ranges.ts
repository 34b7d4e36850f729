// The console's telemetry view (`/ops/telemetry`): the periods it offers and the funnel's
// drop-off rule, shared by its loader (server/telemetry/console) and the page's components.

/** The periods the page offers, in hours back from now. */
export const TELEMETRY_RANGES = { '24h': 24, '7d': 7 * 24, '14d': 14 * 24 } as const;
export type TelemetryRange = keyof typeof TELEMETRY_RANGES;
export const DEFAULT_TELEMETRY_RANGE: TelemetryRange = '7d';

export function isTelemetryRange(value: unknown): value is TelemetryRange {
  return typeof value === 'string' && Object.hasOwn(TELEMETRY_RANGES, value);
}

/**
 * The share of a stage's sessions that did not reach the next, 0–1; null when nobody reached the
 * stage (nothing to drop from). A session may skip a stage (a tour opened from a link, no search),
 * so a later stage can exceed an earlier one: the drop-off is then 0, never negative.
 */
export function dropOff(from: number, to: number): number | null {
  if (from <= 0) return null;
  return Math.max(0, (from - to) / from);
}
