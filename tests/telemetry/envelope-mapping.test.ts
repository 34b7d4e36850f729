import { envelopeSchema, MESSAGE_MAX, NAME_MAX, URL_MAX } from '@/server/telemetry/envelope-schema';
import { mapEnvelope, pathOf } from '@/server/telemetry/envelope-mapping';
import { parseTelemetryBatch } from '@/server/telemetry/telemetry-batch';
import { customEvent, dependency, envelope, exception, metric, pagePerformance, pageView, SESSION, trace, USER } from './envelopes';

// The wire mapping (docs/telemetry.md#collector): each of the SDK's base types → a telemetry_events
// row (and an analytics_events row for a named analytics event); host and agency come from the
// server, never the body.

const RECEIVED = new Date('2026-11-28T10:00:00.000Z');
const context = { host: 'partner.localhost', agencyId: '11111111-1111-4111-8111-111111111111', receivedAt: RECEIVED };
const AT = '2026-11-28T09:59:58.000Z';

function map(item: unknown) {
  const parsed = envelopeSchema.parse(item);
  return mapEnvelope(parsed, context);
}

const common = { occurredAt: new Date(AT), host: 'partner.localhost', sessionId: SESSION, userId: USER, agencyId: context.agencyId };

describe('the envelope mapping', () => {
  it('maps a page view: name, the URL’s path (no query), duration in ms, locale from its properties', () => {
    expect(map({ ...pageView(), time: AT })).toEqual({
      ok: true,
      analytics: null,
      event: { ...common, authUser: null, kind: 'page_view', name: 'Burj Khalifa', path: '/en/tour/burj-khalifa', value: 1250, locale: 'en', properties: null },
    });
  });

  it('maps page-load performance with its total in ms and its phases, and drops a load over 60 s', () => {
    expect(map({ ...pagePerformance(), time: AT })).toMatchObject({
      ok: true,
      event: { kind: 'page_view_performance', name: 'Burj Khalifa', path: '/en/tour/burj-khalifa', value: 2500, properties: { networkConnect: 100, sentRequest: 200, receivedResponse: 300, domProcessing: 1900 } },
    });
    expect(map(pagePerformance('00:01:00.001'))).toEqual({ ok: false, reason: 'page load over 60 s' });
    expect(map(pagePerformance('00:01:00.000')).ok).toBe(true);
  });

  it('maps an event, and an analytics event into analytics_events as well', () => {
    const plain = map({ ...customEvent('filter_opened', { panel: 'dates' }), time: AT });
    expect(plain).toEqual({ ok: true, analytics: null, event: { ...common, authUser: null, kind: 'event', name: 'filter_opened', path: '/en/tour/burj-khalifa', locale: 'en', properties: { panel: 'dates' } } });
    const search = map({ ...customEvent('search', { query: 'desert', results: 12, path: '/en/search' }, { 'ai.user.authUserId': 'senior@desertrose.test' }), time: AT });
    expect(search).toEqual({
      ok: true,
      event: { ...common, authUser: 'senior@desertrose.test', kind: 'event', name: 'search', path: '/en/search', locale: 'en', properties: { query: 'desert', results: 12 } },
      analytics: { occurredAt: new Date(AT), name: 'search', host: 'partner.localhost', locale: 'en', sessionId: SESSION, authUser: 'senior@desertrose.test', agencyId: context.agencyId, properties: { query: 'desert', results: 12 } },
    });
  });

  it('maps an exception: the first exception’s type and message, its severity, the stack in properties, the signed-in e-mail', () => {
    expect(map({ ...exception(), time: AT })).toEqual({
      ok: true,
      analytics: null,
      event: {
        ...common,
        authUser: 'senior@desertrose.test',
        kind: 'exception',
        name: 'TypeError',
        message: 'Cannot read properties of undefined (reading "price")',
        severity: 3,
        path: '/en/tour/burj-khalifa',
        locale: 'en',
        properties: { digest: '123', stack: 'TypeError: Cannot read properties of undefined (reading "price")\n    at PriceTable (app.js:1:2)', hasFullStack: true },
      },
    });
  });

  it('maps a Web Vital metric with its value and the path its properties name', () => {
    expect(map({ ...metric('LCP', 1834.5, '/ru/city/dubai'), time: AT })).toEqual({
      ok: true,
      analytics: null,
      event: { ...common, authUser: null, kind: 'metric', name: 'LCP', value: 1834.5, path: '/ru/city/dubai', locale: 'en', properties: { rating: 'good' } },
    });
  });

  it('maps a failed call as a dependency with its duration, result code, success and target', () => {
    expect(map({ ...dependency(), time: AT })).toEqual({
      ok: true,
      analytics: null,
      event: {
        ...common,
        authUser: null,
        kind: 'dependency',
        name: 'POST /api/v1/b2b/bookings',
        value: 420,
        severity: 3,
        path: '/en/tour/burj-khalifa',
        locale: 'en',
        properties: { resultCode: '503', success: false, target: 'localhost:3000', type: 'Fetch', data: 'http://localhost:3000/api/v1/b2b/bookings' },
      },
    });
  });

  it('maps a trace with its message and severity', () => {
    expect(map({ ...trace(), time: AT })).toEqual({
      ok: true,
      analytics: null,
      event: { ...common, authUser: null, kind: 'trace', name: 'CLIENT_SESSION_ERROR: session check answered 503', message: 'CLIENT_SESSION_ERROR: session check answered 503', severity: 3, path: '/en/tour/burj-khalifa', locale: 'ru', properties: null },
    });
  });

  it('cuts a message, a name and a URL to spec §9’s limits rather than dropping the item', () => {
    const long = map(exception('m'.repeat(MESSAGE_MAX + 10)));
    expect(long.ok && long.event.message?.length).toBe(MESSAGE_MAX);
    const named = map(customEvent('n'.repeat(NAME_MAX + 1)));
    expect(named.ok && named.event.name.length).toBe(NAME_MAX);
    const url = map(envelope('PageviewData', { name: 'x', url: `http://localhost/${'p'.repeat(URL_MAX * 2)}` }));
    expect(url.ok && url.event.path?.length).toBeLessThanOrEqual(URL_MAX);
  });

  it('never lets a browser clock ahead of ours keep a row past its retention', () => {
    const ahead = map({ ...pageView(), time: '2030-01-01T00:00:00.000Z' });
    expect(ahead.ok && ahead.event.occurredAt).toEqual(RECEIVED);
  });

  it('takes the host and agency from the server, never the body', () => {
    const forged = map(customEvent('search', { host: 'evil.example', agencyId: '22222222-2222-4222-8222-222222222222' }));
    expect(forged.ok && [forged.event.host, forged.event.agencyId]).toEqual(['partner.localhost', context.agencyId]);
  });

  it('reads paths of absolute and relative URLs without their query', () => {
    expect(pathOf('https://tours.desertrose.test/en/checkout?card=4242#pay')).toBe('/en/checkout');
    expect(pathOf('/ru/search?q=safari')).toBe('/ru/search');
  });
});

describe('a posted body', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('reads a JSON array and newline-delimited envelopes alike', () => {
    const items = [pageView(), exception()];
    const asArray = parseTelemetryBatch(bytes(JSON.stringify(items)));
    const asLines = parseTelemetryBatch(bytes(items.map((item) => JSON.stringify(item)).join('\n')));
    expect(asArray.kind === 'items' && asArray.items.map((item) => 'envelope' in item)).toEqual([true, true]);
    expect(asLines).toEqual(asArray);
  });

  it('names each unreadable item and keeps the rest', () => {
    const body = [JSON.stringify(pageView()), '{not json', JSON.stringify(envelope('UnknownData', {})), JSON.stringify({ ...pageView(), time: 'yesterday' })].join('\n');
    const parsed = parseTelemetryBatch(bytes(body));
    expect(parsed.kind).toBe('items');
    if (parsed.kind !== 'items') return;
    expect(parsed.items.map((item) => ('error' in item ? item.error : 'ok'))).toEqual(['ok', 'not JSON', expect.stringMatching(/^data\.baseType/), expect.stringMatching(/^time/)]);
  });

  it('is malformed when nothing in it is JSON, or it is empty', () => {
    expect(parseTelemetryBatch(bytes('hello\nworld'))).toEqual({ kind: 'malformed', reason: 'not JSON' });
    expect(parseTelemetryBatch(bytes('  '))).toEqual({ kind: 'malformed', reason: 'empty body' });
    expect(parseTelemetryBatch(bytes('[]'))).toEqual({ kind: 'malformed', reason: 'no items' });
  });

  it('cleans what the database cannot hold: NUL characters and unpaired surrogates, in values and keys', () => {
    const item = customEvent('search', { 'q\u0000': 'a\u0000b', broken: '\ud800x' });
    const parsed = parseTelemetryBatch(bytes(JSON.stringify([item])));
    expect(parsed.kind === 'items' && 'envelope' in parsed.items[0]! && parsed.items[0].envelope.data.baseData.properties).toEqual({ locale: 'en', q: 'ab', broken: '\ufffdx' });
  });

  it('keeps properties flat: nested values as JSON text', () => {
    const parsed = parseTelemetryBatch(bytes(JSON.stringify([customEvent('checkout_step', { step: 'pay', cart: { items: [1, 2] } })])));
    expect(parsed.kind === 'items' && 'envelope' in parsed.items[0]! && parsed.items[0].envelope.data.baseData.properties).toEqual({ locale: 'en', step: 'pay', cart: '{"items":[1,2]}' });
  });
});
