import type { AnalyticsEventName } from '@/shared/telemetry/analytics-events';
import { type AnalyticsProperties, whenTelemetryLoaded } from './telemetry-loader';

/**
 * Sends a named analytics event (spec §1): to our own store through the collector, and to PostHog
 * when POSTHOG_KEY is configured. Queued until the telemetry SDK has loaded (after the page is
 * interactive); it never loads the SDK sooner. Events a server-rendered page sends on view are
 * `<AnalyticsMarker>`s instead.
 */
export function track(name: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  whenTelemetryLoaded((telemetry) => telemetry.track(name, properties));
}
