// @vitest-environment jsdom
import { ApplicationInsights } from '@microsoft/applicationinsights-web';
import { browserTelemetryConfig, TELEMETRY_ENDPOINT, TELEMETRY_LIMITS, TELEMETRY_REMOTE_CONFIG } from '@/components/telemetry/telemetry-config';
import { createBrowserTelemetrySdk } from '@/components/telemetry/telemetry-sdk';

// Spec §9's constants, proven against the real Application Insights SDK with our configuration:
// fake timers move the clock, and a mocked XMLHttpRequest (the SDK's transport) is the collector.

type Envelope = { name: string; time: string; iKey: string; tags: Record<string, string>; data: { baseType: string; baseData: Record<string, unknown> & { properties?: Record<string, string> } } };
type Sent = { url: string; envelopes: Envelope[]; bytes: number };

let status = 200;
let sent: Sent[] = [];
let configFetches = 0;
let sdk: ApplicationInsights | null = null;
const cookieWrites: string[] = [];

/** The collector's answer to a batch, as the SDK's XMLHttpRequest transport sees it. */
class FakeCollectorXhr {
  readyState = 0;
  status = 0;
  responseText = '';
  responseURL = '';
  onreadystatechange: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
    this.readyState = 1;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  getResponseHeader() {
    return null;
  }
  send(body: string) {
    const envelopes = JSON.parse(body) as Envelope[];
    sent.push({ url: this.url, envelopes, bytes: new TextEncoder().encode(body).length });
    const answeredStatus = status;
    queueMicrotask(() => {
      this.status = answeredStatus;
      this.responseURL = this.url;
      this.responseText = JSON.stringify({ itemsReceived: envelopes.length, itemsAccepted: answeredStatus === 200 ? envelopes.length : 0, errors: [] });
      this.readyState = 4;
      this.onreadystatechange?.();
      this.onload?.();
    });
  }
  abort() {}
}

/** The page's own fetches (failed) and the remote configuration's. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.includes(TELEMETRY_REMOTE_CONFIG)) {
    configFetches += 1;
    return Response.json({ enabled: true, config: {} });
  }
  return new Response('gone', { status: 500 });
});

// jsdom does not show a cookie's max-age once set: the raw strings the SDK writes are kept.
const cookieAccessor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
Object.defineProperty(Document.prototype, 'cookie', {
  configurable: true,
  get() {
    return cookieAccessor.get!.call(this);
  },
  set(value: string) {
    cookieWrites.push(value);
    cookieAccessor.set!.call(this, value);
  },
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-28T08:00:00Z') });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeCollectorXhr);
  status = 200;
  sent = [];
  configFetches = 0;
  cookieWrites.length = 0;
  sessionStorage.clear();
  for (const name of ['ai_session', 'ai_user', 'ai_authUser']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  document.documentElement.lang = 'ru';
  sdk = createBrowserTelemetrySdk();
});

afterEach(() => {
  sdk?.unload(false);
  sdk = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function telemetry(): ApplicationInsights {
  if (!sdk) throw new Error('no SDK');
  return sdk;
}

/** The SDK's channel (its `_buffer` is the send buffer). */
function sender(): { pause(): void; _buffer: { count(): number } } {
  return telemetry().getPlugin('AppInsightsChannelPlugin').plugin as never;
}

const envelopes = () => sent.flatMap((batch) => batch.envelopes);

/** Lets the SDK's promise callbacks (fetch answers) run without moving the clock far. */
async function settle() {
  await vi.advanceTimersByTimeAsync(1);
}

describe('browser telemetry: spec §9 constants on the Application Insights SDK', () => {
  it('sends a batch after 15 s, to our own endpoint, as envelopes carrying the locale', async () => {
    telemetry().trackEvent({ name: 'search', properties: { query: 'desert' } });
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs - 10);
    expect(sent).toEqual([]);

    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`${window.location.origin}${TELEMETRY_ENDPOINT}`);
    const [event] = sent[0]!.envelopes;
    expect(event).toMatchObject({ iKey: '00000000-0000-0000-0000-000000000000', data: { baseType: 'EventData', baseData: { name: 'search', properties: { query: 'desert', locale: 'ru' } } } });
    expect(event!.tags['ai.session.id']).toHaveLength(TELEMETRY_LIMITS.idLength);
    expect(event!.tags['ai.user.id']).toHaveLength(TELEMETRY_LIMITS.idLength);
  });

  it('sends at once when the batch would pass 102,400 bytes, before the 15 s are up', async () => {
    // Property values are cut at 8,192 characters by the SDK: about 8.5 KB an event.
    const filler = 'x'.repeat(8_000);
    let tracked = 0;
    while (sent.length === 0 && tracked < 20) {
      telemetry().trackEvent({ name: 'tour_view', properties: { filler } });
      tracked += 1;
      await settle();
    }
    expect(sent).toHaveLength(1);
    const [batch] = sent;
    expect(batch!.envelopes.length).toBe(tracked - 1);
    expect(batch!.bytes).toBeLessThanOrEqual(TELEMETRY_LIMITS.batchSizeBytes);
    // One more event would have passed the limit: the batch went as soon as it was full.
    expect(batch!.bytes + batch!.bytes / batch!.envelopes.length).toBeGreaterThan(TELEMETRY_LIMITS.batchSizeBytes);
    expect(Date.now() - new Date('2026-11-28T08:00:00Z').getTime()).toBeLessThan(TELEMETRY_LIMITS.batchIntervalMs);
  });

  it.each([401, 408, 429, 500, 502, 503, 504])('retries a batch answered %i, at most 10 times', async (code) => {
    status = code;
    telemetry().trackEvent({ name: 'page_view' });
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    expect(sent).toHaveLength(1);
    // The back-off doubles up to an hour: a day covers every retry the SDK will make.
    for (let hour = 0; hour < 24; hour += 1) await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(sent).toHaveLength(1 + TELEMETRY_LIMITS.maxRetries);
    expect(new Set(sent.map((batch) => batch.envelopes[0]!.time))).toEqual(new Set([sent[0]!.envelopes[0]!.time]));
  });

  it.each([400, 403, 404, 413])('drops a batch answered %i without retrying', async (code) => {
    status = code;
    telemetry().trackEvent({ name: 'page_view' });
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    for (let hour = 0; hour < 3; hour += 1) await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(sent).toHaveLength(1);
  });

  it('renews the session after 30 idle minutes and ends it 24 hours after it began', async () => {
    const sessionId = () => telemetry().context.sessionManager.automaticSession.id;
    telemetry().trackEvent({ name: 'search' });
    const first = sessionId();
    expect(first).toHaveLength(TELEMETRY_LIMITS.idLength);

    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.sessionRenewalMs - 60_000);
    telemetry().trackEvent({ name: 'search' });
    expect(sessionId()).toBe(first);

    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.sessionRenewalMs + 1_000);
    telemetry().trackEvent({ name: 'search' });
    const second = sessionId();
    expect(second).not.toBe(first);
    expect(second).toHaveLength(TELEMETRY_LIMITS.idLength);

    // Active every 20 minutes: the session is renewed until 24 hours after it began.
    const began = Date.now();
    while (Date.now() - began < TELEMETRY_LIMITS.sessionExpirationMs - 20 * 60_000) {
      await vi.advanceTimersByTimeAsync(20 * 60_000);
      telemetry().trackEvent({ name: 'search' });
      expect(sessionId()).toBe(second);
    }
    await vi.advanceTimersByTimeAsync(20 * 60_000 + 1_000);
    telemetry().trackEvent({ name: 'search' });
    expect(sessionId()).not.toBe(second);
  });

  it('keeps the anonymous user in a 1-year cookie, with 22-character ids', () => {
    telemetry().trackEvent({ name: 'search' });
    const userCookie = cookieWrites.find((cookie) => /^ai_user=[^;]/.test(cookie));
    expect(userCookie).toMatch(/max-age=31536000/);
    expect(TELEMETRY_LIMITS.userCookieSeconds).toBe(31_536_000);
    const userId = decodeURIComponent(userCookie!.split(';')[0]!.slice('ai_user='.length)).split('|')[0];
    expect(userId).toHaveLength(TELEMETRY_LIMITS.idLength);
  });

  it('truncates names to 150, messages to 32,768 and URLs to 2,048 characters', async () => {
    telemetry().trackEvent({ name: 'n'.repeat(400), properties: { ['k'.repeat(400)]: 'value' } });
    telemetry().trackTrace({ message: 'm'.repeat(40_000) });
    telemetry().trackPageView({ name: 'p'.repeat(400), uri: `https://portal.test/${'u'.repeat(3_000)}` });
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    const byType = Object.fromEntries(envelopes().map((envelope) => [envelope.data.baseType, envelope.data.baseData]));
    expect(String(byType.EventData?.name)).toHaveLength(TELEMETRY_LIMITS.maxNameLength);
    expect(Object.keys(byType.EventData?.properties ?? {}).filter((key) => key.startsWith('k'))).toEqual(['k'.repeat(TELEMETRY_LIMITS.maxNameLength)]);
    expect(String(byType.MessageData?.message)).toHaveLength(TELEMETRY_LIMITS.maxMessageLength);
    expect(String(byType.PageviewData?.name)).toHaveLength(TELEMETRY_LIMITS.maxNameLength);
    expect(String(byType.PageviewData?.url)).toHaveLength(TELEMETRY_LIMITS.maxUrlLength);
  });

  it('drops page-load timings over 60 s and keeps the rest', async () => {
    telemetry().trackPageViewPerformance({ name: 'slow', uri: 'https://portal.test/slow', perfTotal: '00:01:00.001', duration: '00:01:00.001' } as never);
    telemetry().trackPageViewPerformance({ name: 'fine', uri: 'https://portal.test/fine', perfTotal: '00:00:59.999', duration: '00:00:59.999' } as never);
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    const timings = envelopes().filter((envelope) => envelope.data.baseType === 'PageviewPerformanceData');
    expect(timings.map((envelope) => envelope.data.baseData.name)).toEqual(['fine']);
  });

  it('samples 100%: every item of a thousand is sent', async () => {
    for (let index = 0; index < 1_000; index += 1) telemetry().trackEvent({ name: 'checkout_step', properties: { index: String(index) } });
    for (let round = 0; round < 5; round += 1) await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    expect(envelopes().filter((envelope) => envelope.data.baseType === 'EventData')).toHaveLength(1_000);
  }, 60_000);

  it('records at most 500 failed fetches per page view, never its own posts', async () => {
    await Promise.all(Array.from({ length: 510 }, () => fetch('/api/v1/b2b/tours').catch(() => undefined)));
    for (let round = 0; round < 3; round += 1) await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.batchIntervalMs);
    const dependencies = envelopes().filter((envelope) => envelope.data.baseType === 'RemoteDependencyData');
    expect(dependencies).toHaveLength(TELEMETRY_LIMITS.ajaxCallsPerView);
    expect(dependencies.every((envelope) => envelope.data.baseData.success === false && String(envelope.data.baseData.data).includes('/api/v1/b2b/tours'))).toBe(true);
  });

  it('refetches the remote configuration from our origin every 30 minutes', async () => {
    await settle();
    expect(configFetches).toBe(1);
    await vi.advanceTimersByTimeAsync(TELEMETRY_LIMITS.remoteConfigRefreshMs - 1_000);
    expect(configFetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(configFetches).toBe(2);
  });

  it('keeps at most 2,000 unsent events in session storage, for the next page to send', () => {
    sender().pause();
    for (let index = 0; index < 2_010; index += 1) telemetry().trackEvent({ name: 'page_view' });
    const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index) ?? '');
    const bufferKey = keys.find((key) => key.startsWith('AI_buffer'));
    expect(bufferKey, `session storage keys: ${keys.join(', ')}`).toBeDefined();
    expect(JSON.parse(sessionStorage.getItem(bufferKey!)!) as unknown[]).toHaveLength(TELEMETRY_LIMITS.sessionStorageEvents);
    expect(sender()._buffer.count()).toBe(TELEMETRY_LIMITS.sessionStorageEvents);
  }, 60_000);

  it('keeps at most 10,000 unsent events in memory without session storage', () => {
    telemetry().unload(false);
    sdk = new ApplicationInsights({ config: { ...browserTelemetryConfig(), enableSessionStorageBuffer: false } });
    sdk.loadAppInsights();
    sender().pause();
    for (let index = 0; index < 10_100; index += 1) telemetry().trackEvent({ name: 'page_view' });
    expect(sender()._buffer.count()).toBe(TELEMETRY_LIMITS.eventsInMemory);
  });

  it('configures the other constants under the SDK’s own names', () => {
    const config = telemetry().config as Record<string, unknown>;
    expect(config).toMatchObject({
      endpointUrl: `${window.location.origin}${TELEMETRY_ENDPOINT}`,
      diagnosticLogInterval: 10_000,
      sessionRenewalMs: 1_800_000,
      sessionExpirationMs: 86_400_000,
      idLength: 22,
      maxAjaxCallsPerView: 500,
      samplingPercentage: 100,
      eventsLimitInMem: 10_000,
      maxRetryCnt: 10,
      maxBatchInterval: 15_000,
      maxBatchSizeInBytes: 102_400,
    });
    expect(telemetry().appInsights.autoRoutePVDelay).toBe(500);
    expect(browserTelemetryConfig().retryCodes).toEqual([401, 408, 429, 500, 502, 503, 504]);
  });
});
