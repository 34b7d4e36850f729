import type { AnalyticsEventName } from '@/shared/telemetry/analytics-events';
import type { PostHogSettings } from '@/shared/telemetry/posthog-settings';

export type AnalyticsProvider = {
  capture(name: AnalyticsEventName, properties: Record<string, string | number | boolean>): void;
  /** The signed-in agent's e-mail as the person (spec §1), or null after a sign-out. */
  identify(email: string | null): void;
};

/**
 * PostHog from node_modules (never its CDN snippet), loaded only when a key is configured. It
 * receives only our named events: its own autocapture, page-view capture, session recording,
 * surveys and remote scripts are off (our recorder is the replay; nothing else loads from the
 * internet).
 */
export async function createPostHogProvider({ key, host }: PostHogSettings): Promise<AnalyticsProvider> {
  const { default: posthog } = await import('posthog-js');
  posthog.init(key, {
    api_host: host,
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    capture_performance: false,
    capture_heatmaps: false,
    capture_dead_clicks: false,
    capture_exceptions: false,
    persistence: 'localStorage+cookie',
  });
  let identified: string | null = null;
  return {
    capture: (name, properties) => void posthog.capture(name, properties),
    identify(email) {
      if (email === identified) return;
      if (email) posthog.identify(email, { email });
      else if (identified) posthog.reset();
      identified = email;
    },
  };
}
