/**
 * The analytics events (spec §1) by name, shared by the pages that send them, the collector that
 * stores them and the console's funnel. The funnel is the first four in order: a search, a tour
 * looked at, a checkout step, a booking placed.
 */
export const ANALYTICS_EVENTS = ['search', 'tour_view', 'checkout_step', 'booking_placed', 'page_view'] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** The funnel's stages in order (console `/ops/telemetry`). */
export const FUNNEL_STAGES = ['search', 'tour_view', 'checkout_step', 'booking_placed'] as const satisfies readonly AnalyticsEventName[];

export function isAnalyticsEvent(name: string): name is AnalyticsEventName {
  return (ANALYTICS_EVENTS as readonly string[]).includes(name);
}
