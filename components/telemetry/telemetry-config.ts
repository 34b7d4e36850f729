import type { IConfig, IConfiguration } from '@microsoft/applicationinsights-web';

/**
 * Spec §9's browser telemetry constants, each with the Application Insights JavaScript SDK's
 * setting that carries it. They are that SDK's defaults, set here explicitly so a change of the
 * SDK's defaults cannot move them. Where the SDK has no setting, the value is fixed inside the SDK
 * (proven by tests/telemetry/browser-telemetry.test.ts) or enforced by our own telemetry
 * initializer (components/telemetry/telemetry-sdk.ts); docs/telemetry.md has the table.
 */
export const TELEMETRY_LIMITS = {
  /** Spec §9 "batch interval 15 s": the sender's `maxBatchInterval`. */
  batchIntervalMs: 15_000,
  /** Spec §9 "batch size 102,400 bytes": `maxBatchSizeInBytes`; a full batch is sent at once. */
  batchSizeBytes: 102_400,
  /** Spec §9 "10,000 events in memory": `eventsLimitInMem`; more are dropped until a send. */
  eventsInMemory: 10_000,
  /** Spec §9 "session-storage buffer 2,000 events": the SDK's SessionStorageSendBuffer.MAX_BUFFER_SIZE (no setting). */
  sessionStorageEvents: 2_000,
  /** Spec §9 "10 retries": `maxRetryCnt`. */
  maxRetries: 10,
  /** Spec §9 "retry on 401/408/429/500/502/503/504": `retryCodes`. */
  retryCodes: [401, 408, 429, 500, 502, 503, 504],
  /** Spec §9 "500 Ajax calls per view": the dependencies plugin's `maxAjaxCallsPerView`. */
  ajaxCallsPerView: 500,
  /** Spec §9 "session renewal 30 min": `sessionRenewalMs` (a new session after 30 idle minutes). */
  sessionRenewalMs: 30 * 60 * 1000,
  /** Spec §9 "session expiry 24 h": `sessionExpirationMs` (a new session 24 h after it began). */
  sessionExpirationMs: 24 * 60 * 60 * 1000,
  /** Spec §9 "user cookie 1 year": the `ai_user` cookie's max-age, fixed in the SDK (no setting). */
  userCookieSeconds: 365 * 24 * 60 * 60,
  /** Spec §9 "22-character ids": `idLength` (session and user ids). */
  idLength: 22,
  /** Spec §9 "log interval 10 s": `diagnosticLogInterval`. */
  diagnosticLogIntervalMs: 10_000,
  /** Spec §9 "page-view delay 500 ms": the analytics plugin's `autoRoutePVDelay` (set on the plugin; our route watcher waits it too). */
  pageViewDelayMs: 500,
  /** Spec §9 "sampling 100%": `samplingPercentage`. */
  samplingPercentage: 100,
  /** Spec §9 "message ≤ 32,768 characters": the SDK's DataSanitizer MAX_MESSAGE_LENGTH (no setting). */
  maxMessageLength: 32_768,
  /**
   * Spec §9 "name ≤ 150 characters": DataSanitizer MAX_NAME_LENGTH for property names (no setting);
   * an item's own name the SDK allows to 1,024, so our telemetry initializer cuts it.
   */
  maxNameLength: 150,
  /** Spec §9 "URL ≤ 2,048 characters": DataSanitizer MAX_URL_LENGTH (no setting). */
  maxUrlLength: 2_048,
  /**
   * Spec §9 "page-load timings over 60 s dropped": the SDK gives up waiting for timings after 60 s
   * but keeps timings up to an hour, so our telemetry initializer drops a page-view performance
   * item over this.
   */
  maxPageLoadMs: 60_000,
  /** Spec §9 "remote configuration refetched every 30 min": the config sync plugin's `scheduleFetchTimeout`. */
  remoteConfigRefreshMs: 30 * 60 * 1000,
} as const;

/** Our own collector, on the page's origin: works offline and on every host (portal, widget domains, embeds). */
export const TELEMETRY_ENDPOINT = '/api/telemetry';

/**
 * The remote configuration the SDK refetches every 30 minutes, from our origin instead of
 * Microsoft's CDN (nothing from the internet at run time): `{ enabled, config }`, the SDK's format.
 */
export const TELEMETRY_REMOTE_CONFIG = '/api/telemetry-config';

/** Nobody's Azure resource: the collector ignores it, the SDK wants one to send. */
export const TELEMETRY_INSTRUMENTATION_KEY = '00000000-0000-0000-0000-000000000000';

/** The SDK's id of the config sync plugin (its extensionConfig key). */
const CONFIG_SYNC_PLUGIN = 'AppInsightsCfgSyncPlugin';

/**
 * The SDK's configuration: the constants above under the SDK's names, pointed at our collector on
 * the page's own origin (absolute: the SDK hands the address to `new Request`).
 */
export function browserTelemetryConfig(origin: string = window.location.origin): IConfiguration & IConfig & Record<string, unknown> {
  const limits = TELEMETRY_LIMITS;
  return {
    instrumentationKey: TELEMETRY_INSTRUMENTATION_KEY,
    endpointUrl: `${origin}${TELEMETRY_ENDPOINT}`,
    // Batches go by XMLHttpRequest (the SDK's transport 1): its fetch sender gives up on an error
    // status instead of retrying it. On unload: sendBeacon (3), else fetch with keepalive (2).
    transports: [1],
    unloadTransports: [3, 2],
    isBeaconApiDisabled: false,
    maxBatchInterval: limits.batchIntervalMs,
    maxBatchSizeInBytes: limits.batchSizeBytes,
    eventsLimitInMem: limits.eventsInMemory,
    enableSessionStorageBuffer: true,
    maxRetryCnt: limits.maxRetries,
    retryCodes: [...limits.retryCodes],
    maxAjaxCallsPerView: limits.ajaxCallsPerView,
    sessionRenewalMs: limits.sessionRenewalMs,
    sessionExpirationMs: limits.sessionExpirationMs,
    idLength: limits.idLength,
    diagnosticLogInterval: limits.diagnosticLogIntervalMs,
    samplingPercentage: limits.samplingPercentage,
    // Page views are ours (the route watcher), not the SDK's history hooks: Next's router calls
    // replaceState for scroll state, which the SDK would count as a page view each time.
    enableAutoRouteTracking: false,
    disableAjaxTracking: false,
    disableFetchTracking: false,
    // The SDK must not record its own posts nor the remote configuration's fetch.
    excludeRequestFromAutoTrackingPatterns: [TELEMETRY_ENDPOINT, TELEMETRY_REMOTE_CONFIG],
    // Our own server spans carry the trace; the W3C header is what otel reads.
    distributedTracingMode: 2,
    enableCorsCorrelation: false,
    // Render errors are reported by the error boundaries, with severity Error (spec §8); the SDK's
    // window.onerror hook would report them a second time.
    disableExceptionTracking: true,
    // SDK usage statistics go to Microsoft: off (nothing leaves our origin).
    featureOptIn: { SdkStats: { mode: 2 }, iKeyUsage: { mode: 2 } },
    extensionConfig: {
      [CONFIG_SYNC_PLUGIN]: { cfgUrl: `${origin}${TELEMETRY_REMOTE_CONFIG}`, scheduleFetchTimeout: limits.remoteConfigRefreshMs, syncMode: 2 },
    },
  };
}
