// @vitest-environment jsdom
import { gunzipSync } from 'node:zlib';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ApplicationInsights } from '@microsoft/applicationinsights-web';
import { createBrowserTelemetrySdk, startBrowserTelemetry } from '@/components/telemetry/telemetry-sdk';
import { telemetryCollector } from '../support/telemetry-collector';

// The analytics adapter: every named event goes to our own store (the collector, as an EventData
// envelope) and, only when a PostHog key is configured, to PostHog too. PostHog's HTTP is
// third-party: msw answers for it at a host of our own.

const POSTHOG = { key: 'phc_test_key', host: 'https://posthog.analytics.test' };
const collector = telemetryCollector();
const posthogEvents: { event: string; properties: Record<string, unknown> }[] = [];
let posthogRequests = 0;

async function posthogBatch(request: Request): Promise<{ event: string; properties: Record<string, unknown> }[]> {
  const bytes = Buffer.from(await request.arrayBuffer());
  const compressed = new URL(request.url).searchParams.get('compression') === 'gzip-js' || (bytes[0] === 0x1f && bytes[1] === 0x8b);
  const text = compressed ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  const parsed = JSON.parse(text.startsWith('data=') ? decodeURIComponent(text.slice(5)) : text) as unknown;
  const list = Array.isArray(parsed) ? parsed : typeof parsed === 'object' && parsed && 'batch' in parsed ? (parsed as { batch: unknown[] }).batch : [parsed];
  return list as { event: string; properties: Record<string, unknown> }[];
}

const server = setupServer(
  ...collector.handlers,
  http.post(`${POSTHOG.host}/*`, async ({ request }) => {
    posthogRequests += 1;
    const url = new URL(request.url);
    if (/\/(e|i\/v0\/e|batch|capture)\/?$/.test(url.pathname)) posthogEvents.push(...(await posthogBatch(request)));
    return HttpResponse.json({ status: 1 });
  }),
  http.get(`${POSTHOG.host}/*`, () => {
    posthogRequests += 1;
    return HttpResponse.json({});
  }),
);

let sdk: ApplicationInsights | null = null;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  collector.clear();
  posthogEvents.length = 0;
  posthogRequests = 0;
  document.documentElement.lang = 'en';
  document.body.innerHTML = '';
  document.title = 'Desert safari';
  sdk = createBrowserTelemetrySdk();
});
afterEach(() => {
  sdk?.unload(false);
  sdk = null;
});

const events = () => collector.envelopes.filter((envelope) => envelope.data.baseType === 'EventData');

async function flushed() {
  await sdk!.flush();
}

describe('analytics', () => {
  it('sends each named event to our own store, and nothing to PostHog without a key', async () => {
    const telemetry = startBrowserTelemetry({ posthog: null }, sdk!);
    telemetry.track('search', { query: 'desert', results: 4 });
    await flushed();
    await vi.waitFor(() => expect(events().map((envelope) => envelope.data.baseData.name)).toEqual(['page_view', 'search']));
    expect(events()[1]!.data.baseData.properties).toMatchObject({ query: 'desert', results: '4', locale: 'en' });
    expect(collector.envelopes.some((envelope) => envelope.data.baseType === 'PageviewData')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posthogRequests).toBe(0);
  });

  it('reads the events a server-rendered page marks, at its page view and after a route change', async () => {
    document.body.innerHTML = `<span hidden data-analytics-event="tour_view" data-analytics-properties='{"tourId":"t1","slug":"desert-safari"}'></span><span hidden data-analytics-event="not_ours"></span>`;
    const telemetry = startBrowserTelemetry({ posthog: null }, sdk!);
    await flushed();
    await vi.waitFor(() => expect(events().map((envelope) => envelope.data.baseData.name)).toEqual(['page_view', 'tour_view']));
    expect(events()[1]!.data.baseData.properties).toMatchObject({ tourId: 't1', slug: 'desert-safari' });

    // A route change: the new page's markers are read once it has rendered (spec §9: 500 ms later).
    collector.clear();
    window.history.pushState(null, '', '/search?q=desert');
    document.body.innerHTML = `<span hidden data-analytics-event="search" data-analytics-properties='{"query":"desert","results":3}'></span>`;
    telemetry.routeChanged();
    await new Promise((resolve) => setTimeout(resolve, 400));
    await flushed();
    expect(collector.envelopes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await flushed();
    await vi.waitFor(() => expect(events().map((envelope) => envelope.data.baseData.name)).toEqual(['page_view', 'search']));
    expect(collector.envelopes.find((envelope) => envelope.data.baseType === 'PageviewData')?.data.baseData.url).toMatch(/\/search\?q=desert$/);
  });

  it('names the signed-in agent by e-mail on every item, until the sign-out', async () => {
    const telemetry = startBrowserTelemetry({ posthog: null }, sdk!);
    telemetry.setUser('senior@desertrose.test');
    telemetry.track('checkout_step', { step: 'submit' });
    await flushed();
    await vi.waitFor(() => expect(events().find((envelope) => envelope.data.baseData.name === 'checkout_step')?.tags['ai.user.authUserId']).toBe('senior@desertrose.test'));

    telemetry.setUser(null);
    telemetry.track('search', { query: 'after' });
    await flushed();
    await vi.waitFor(() => expect(events().find((envelope) => envelope.data.baseData.name === 'search')).toBeDefined());
    expect(events().find((envelope) => envelope.data.baseData.name === 'search')?.tags['ai.user.authUserId']).toBeUndefined();
  });

  it('sends a failed server action as a failed dependency with its status', async () => {
    const telemetry = startBrowserTelemetry({ posthog: null }, sdk!);
    telemetry.actionFailure({ status: 409, message: 'Those places were just taken' });
    await flushed();
    await vi.waitFor(() => expect(collector.envelopes.some((envelope) => envelope.data.baseType === 'RemoteDependencyData')).toBe(true));
    const dependency = collector.envelopes.find((envelope) => envelope.data.baseType === 'RemoteDependencyData')!;
    expect(dependency.data.baseData).toMatchObject({ name: `POST ${window.location.pathname}`, resultCode: '409', success: false, type: 'Server action' });
    expect(dependency.data.baseData.properties).toMatchObject({ message: 'Those places were just taken', locale: 'en' });
  });

  it('with a PostHog key, also sends the events to PostHog, identified by the agent’s e-mail', async () => {
    const telemetry = startBrowserTelemetry({ posthog: POSTHOG }, sdk!);
    telemetry.setUser('admin@gulfhorizons.test');
    telemetry.track('booking_placed', { reference: 'TD-ABCDEFG' });
    await flushed();
    await vi.waitFor(() => expect(events().some((envelope) => envelope.data.baseData.name === 'booking_placed')).toBe(true));
    await vi.waitFor(() => expect(posthogEvents.map((event) => event.event)).toEqual(expect.arrayContaining(['page_view', '$identify', 'booking_placed'])), { timeout: 15_000, interval: 100 });
    const booked = posthogEvents.find((event) => event.event === 'booking_placed')!;
    expect(booked.properties).toMatchObject({ reference: 'TD-ABCDEFG', distinct_id: 'admin@gulfhorizons.test' });
    // Nothing of PostHog's own: no autocaptured clicks, page views or recordings.
    expect(posthogEvents.filter((event) => event.event.startsWith('$') && event.event !== '$identify')).toEqual([]);
  });
});
