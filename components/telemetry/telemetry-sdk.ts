import { ApplicationInsights, type ITelemetryItem } from '@microsoft/applicationinsights-web';
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { type AnalyticsEventName, isAnalyticsEvent } from '@/shared/telemetry/analytics-events';
import { ANALYTICS_MARKER_ATTRIBUTE, ANALYTICS_PROPERTIES_ATTRIBUTE } from './analytics-marker';
import type { AnalyticsProvider } from './posthog-adapter';
import { browserTelemetryConfig, TELEMETRY_LIMITS } from './telemetry-config';
import type { AnalyticsProperties, BrowserTelemetry, TelemetrySettings } from './telemetry-loader';

// The Application Insights JavaScript SDK, configured with spec §9's constants
// (telemetry-config.ts) and posting batches to our collector. Loaded as its own chunk, after the
// page is interactive: never part of a page's first-load JS.

/** The SDK's severity "Error" (eSeverityLevel.Error): spec §8's error severity. */
const SEVERITY_ERROR = 3;

/**
 * The SDK with our configuration and telemetry initializers, loaded but with nothing tracked yet
 * (the tests drive it directly).
 */
export function createBrowserTelemetrySdk(): ApplicationInsights {
  const sdk = new ApplicationInsights({ config: browserTelemetryConfig() });
  sdk.loadAppInsights();
  // Spec §9's page-view delay, on the plugin that owns it (the SDK keeps it on the instance, not in config).
  sdk.appInsights.autoRoutePVDelay = TELEMETRY_LIMITS.pageViewDelayMs;
  sdk.addTelemetryInitializer(withLocale);
  sdk.addTelemetryInitializer(shortName);
  sdk.addTelemetryInitializer(dropSlowPageLoad);
  sdk.addTelemetryInitializer(onlyFailedDependencies);
  return sdk;
}

/** Every item names the page's language (the `locale` property the collector stores). */
function withLocale(item: ITelemetryItem): void {
  item.baseData ??= {};
  item.baseData.properties = { ...item.baseData.properties, locale: document.documentElement.lang || 'en' };
}

/**
 * Spec §9 "name ≤ 150 characters": the SDK cuts property names at 150 but an item's own name
 * (event, page view, metric, dependency) only at 1,024, so that is cut here.
 */
function shortName(item: ITelemetryItem): void {
  const name = item.baseData?.name;
  if (typeof name === 'string' && name.length > TELEMETRY_LIMITS.maxNameLength) item.baseData!.name = name.slice(0, TELEMETRY_LIMITS.maxNameLength);
}

/**
 * Spec §9 "page-load timings over 60 s dropped": the SDK itself drops only timings of an hour or
 * more, so a page-view performance item over 60 s is dropped here.
 */
function dropSlowPageLoad(item: ITelemetryItem): boolean {
  if (item.baseType !== 'PageviewPerformanceData') return true;
  const total = pageLoadMs(item.baseData ?? {});
  return total === null || total <= TELEMETRY_LIMITS.maxPageLoadMs;
}

function pageLoadMs(data: Record<string, unknown>): number | null {
  if (typeof data.durationMs === 'number') return data.durationMs;
  // The SDK's time span "d.hh:mm:ss.fff" or "hh:mm:ss.fff".
  const match = typeof data.perfTotal === 'string' ? /^(?:(\d+)\.)?(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(data.perfTotal) : null;
  if (!match) return null;
  const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  return (((Number(days) * 24 + Number(hours)) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}

/**
 * Fetches and XHRs are counted against the 500-per-view cap by the SDK, but only failures are
 * sent: the console shows what failed, and a successful call's timing is the server spans' job.
 */
function onlyFailedDependencies(item: ITelemetryItem): boolean {
  return item.baseType !== 'RemoteDependencyData' || item.baseData?.success === false;
}

/** Starts telemetry for this page: the first page view, Web Vitals, analytics. */
export function startBrowserTelemetry(settings: TelemetrySettings, sdk: ApplicationInsights = createBrowserTelemetrySdk()): BrowserTelemetry {
  const provider: Promise<AnalyticsProvider> | null = settings.posthog
    ? import('./posthog-adapter').then(({ createPostHogProvider }) => createPostHogProvider(settings.posthog!))
    : null;
  let lastPage: string | null = null;
  let pending: ReturnType<typeof setTimeout> | null = null;

  const track = (name: AnalyticsEventName, properties: AnalyticsProperties) => {
    sdk.trackEvent({ name, properties });
    void provider?.then((analytics) => analytics.capture(name, properties));
  };

  const pageView = () => {
    const here = window.location.href.split('#')[0] ?? '';
    if (here === lastPage) return;
    lastPage = here;
    sdk.trackPageView({ name: document.title, uri: here });
    track('page_view', { path: window.location.pathname });
    for (const [name, properties] of markedEvents(document)) track(name, properties);
  };

  const reportVital = (metric: Metric) =>
    sdk.trackMetric({ name: metric.name, average: metric.value, sampleCount: 1 }, { path: window.location.pathname, rating: metric.rating, navigationType: metric.navigationType });
  for (const observe of [onLCP, onINP, onCLS, onFCP, onTTFB]) observe(reportVital);

  pageView();
  return {
    routeChanged() {
      if (pending) clearTimeout(pending);
      pending = setTimeout(() => {
        pending = null;
        pageView();
      }, TELEMETRY_LIMITS.pageViewDelayMs);
    },
    track,
    exception({ code, message, stack, componentStack, digest }) {
      const error = Object.assign(new Error(message), { name: code ?? 'Error', stack: stack ?? `${code ?? 'Error'}: ${message}` });
      sdk.trackException({
        exception: error,
        severityLevel: SEVERITY_ERROR,
        properties: { path: window.location.pathname, ...(code ? { code } : {}), ...(componentStack ? { componentStack } : {}), ...(digest ? { digest } : {}) },
      });
      // Sent now, not with the next batch: the error screen is often followed by a reload.
      void sdk.flush();
    },
    actionFailure({ status, message }) {
      sdk.trackDependencyData({
        id: crypto.randomUUID().replaceAll('-', ''),
        name: `POST ${window.location.pathname}`,
        target: window.location.host,
        type: 'Server action',
        responseCode: status,
        success: false,
        properties: { message },
      });
    },
    setUser(email) {
      if (email) sdk.setAuthenticatedUserContext(email, undefined, false);
      else sdk.clearAuthenticatedUserContext();
      void provider?.then((analytics) => analytics.identify(email));
    },
  };
}

/** The analytics events a server-rendered page marks (analytics-marker.tsx), read at its page view. */
export function markedEvents(root: ParentNode): [AnalyticsEventName, AnalyticsProperties][] {
  const events: [AnalyticsEventName, AnalyticsProperties][] = [];
  for (const element of root.querySelectorAll<HTMLElement>(`[${ANALYTICS_MARKER_ATTRIBUTE}]`)) {
    const name = element.getAttribute(ANALYTICS_MARKER_ATTRIBUTE) ?? '';
    if (!isAnalyticsEvent(name)) continue;
    events.push([name, parseProperties(element.getAttribute(ANALYTICS_PROPERTIES_ATTRIBUTE))]);
  }
  return events;
}

function parseProperties(text: string | null): AnalyticsProperties {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string | number | boolean] => ['string', 'number', 'boolean'].includes(typeof entry[1])),
    );
  } catch {
    return {};
  }
}
