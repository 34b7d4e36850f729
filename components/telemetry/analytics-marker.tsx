import type { AnalyticsEventName } from '@/shared/telemetry/analytics-events';
import type { AnalyticsProperties } from './telemetry-loader';

export const ANALYTICS_MARKER_ATTRIBUTE = 'data-analytics-event';
export const ANALYTICS_PROPERTIES_ATTRIBUTE = 'data-analytics-properties';

/**
 * An analytics event a server-rendered page sends when it is viewed (a search with its results, a
 * tour, a checkout step, a placed booking). A hidden element, not a client component: the
 * telemetry SDK reads the markers at each page view, so a public page's first-load JS does not
 * grow by a script per event.
 */
export function AnalyticsMarker({ event, properties }: { event: AnalyticsEventName; properties: AnalyticsProperties }) {
  return <span hidden {...{ [ANALYTICS_MARKER_ATTRIBUTE]: event, [ANALYTICS_PROPERTIES_ATTRIBUTE]: JSON.stringify(properties) }} />;
}
