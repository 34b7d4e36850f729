import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { POST } from '@/app/api/telemetry/route';
import { telemetryEvents } from '@/server/db/schema';
import { flushOtlpForwarding } from '@/server/telemetry/otlp-forwarding';
import { FLUSH_MS } from '@/server/auth/rate-limits';
import { flushTelemetryBuffer } from '@/server/telemetry/telemetry-store';
import { serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { customEvent, exception, metric, pageView, trace } from './envelopes';

// With an OTLP collector configured, the browser's telemetry is forwarded to it — exceptions,
// traces, events and page views as OTLP logs, Web Vitals as OTLP metrics — by the OpenTelemetry
// SDK's own exporters, and still stored for the console. The collector here is a local OTLP/HTTP
// receiver written for the test (the exporters post JSON to /v1/logs and /v1/metrics).

type AnyValue = { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
type Attribute = { key: string; value: AnyValue };
type LogRecord = { eventName?: string; severityNumber?: number; severityText?: string; body?: AnyValue; attributes?: Attribute[] };
type Received = { path: string; body: Record<string, unknown> };

let database: TestDatabase;
let receiver: http.Server;
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  // A port the system picks: nothing else can hold it.
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`);
  database = await createTestDatabase();
  serveRoutesFrom(database);
});
afterAll(async () => {
  await flushTelemetryBuffer();
  vi.unstubAllEnvs();
  await new Promise((resolve) => receiver.close(resolve));
  // The rate counters' background write, before the database goes.
  await new Promise((resolve) => setTimeout(resolve, 2 * FLUSH_MS));
  await database.dispose();
});

const attributesOf = (record: { attributes?: Attribute[] }) =>
  Object.fromEntries((record.attributes ?? []).map(({ key, value }) => [key, value.stringValue ?? value.doubleValue ?? (value.intValue === undefined ? value.boolValue : Number(value.intValue))]));

function logRecords(): LogRecord[] {
  return received
    .filter((entry) => entry.path === '/v1/logs')
    .flatMap((entry) => (entry.body.resourceLogs as { scopeLogs: { logRecords: LogRecord[] }[] }[]).flatMap((resource) => resource.scopeLogs.flatMap((scope) => scope.logRecords)));
}

type Metric = { name: string; unit?: string; histogram?: { dataPoints: { sum?: number; count?: string | number; attributes?: Attribute[] }[] } };
function metrics(): Metric[] {
  return received
    .filter((entry) => entry.path === '/v1/metrics')
    .flatMap((entry) => (entry.body.resourceMetrics as { scopeMetrics: { metrics: Metric[] }[] }[]).flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics)));
}

describe('forwarding to an OTLP collector', () => {
  it('sends exceptions, traces and events as logs and Web Vitals as metrics, and keeps them in the database too', async () => {
    const sessionId = 'otlpSession000000000000';
    const items = [exception('price is undefined'), trace('CLIENT_SESSION_ERROR: session check answered 503', 3), customEvent('search', { query: 'dhow' }), pageView(), metric('LCP', 1800, '/en/tour/dhow-cruise'), metric('CLS', 0.05, '/en/tour/dhow-cruise')].map(
      (item) => ({ ...item, tags: { ...item.tags, 'ai.session.id': sessionId } }),
    );
    const response = await POST(
      new Request('http://localhost:3000/api/telemetry', {
        method: 'POST',
        headers: { host: 'localhost:3000', 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.44' },
        body: JSON.stringify(items),
      }),
    );
    expect(response.status).toBe(200);
    await vi.waitFor(
      async () => {
        await flushOtlpForwarding();
        expect(logRecords()).toHaveLength(4);
        expect(metrics().length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 10_000, interval: 200 },
    );

    const [error, sessionError, search, view] = logRecords();
    expect(error).toMatchObject({ eventName: 'exception', severityNumber: 17, severityText: 'ERROR', body: { stringValue: 'price is undefined' } });
    expect(attributesOf(error!)).toMatchObject({
      'exception.type': 'TypeError',
      'exception.message': 'price is undefined',
      'exception.stacktrace': expect.stringContaining('at PriceTable'),
      // Spec §1: the signed-in agent's e-mail travels as the authenticated user.
      'enduser.id': 'senior@desertrose.test',
      'session.id': sessionId,
      'server.address': 'localhost',
      'url.path': '/en/tour/burj-khalifa',
    });
    expect(sessionError).toMatchObject({ eventName: 'browser.trace', severityNumber: 17, body: { stringValue: 'CLIENT_SESSION_ERROR: session check answered 503' } });
    expect(search).toMatchObject({ eventName: 'search' });
    expect(attributesOf(search!)).toMatchObject({ 'browser.property.query': 'dhow', 'browser.language': 'en' });
    expect(view).toMatchObject({ eventName: 'browser.page_view' });

    const lcp = metrics().find((entry) => entry.name === 'browser.web_vital.lcp');
    expect(lcp).toMatchObject({ unit: 'ms' });
    expect(lcp!.histogram!.dataPoints[0]).toMatchObject({ sum: 1800 });
    expect(attributesOf(lcp!.histogram!.dataPoints[0]!)).toEqual({ 'server.address': 'localhost', 'url.path': '/en/tour/dhow-cruise', 'browser.language': 'en' });
    expect(metrics().find((entry) => entry.name === 'browser.web_vital.cls')?.histogram?.dataPoints[0]).toMatchObject({ sum: 0.05 });

    await flushTelemetryBuffer();
    const stored = await database.db.select({ kind: telemetryEvents.kind }).from(telemetryEvents).where(eq(telemetryEvents.sessionId, sessionId));
    expect(stored).toHaveLength(6);
  });
});
