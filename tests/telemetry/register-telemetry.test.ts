import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, trace } from '@opentelemetry/api';
import { flushSpanStore, registerTelemetry } from '@/server/telemetry/register-telemetry';
import { agentAttributes, inSpan, tracer, withRequestAttributes } from '@/server/telemetry/tracing';

// What runs (docs/telemetry.md#server): the portal's own tracer provider, never a global one —
// Next turns its per-request spans on as soon as a global provider exists — and the context still
// follows awaits, so queries and jobs find their parent. With a collector, every request served by
// the process's http server gets one root span of the portal's, its spans are the root's children,
// and the spans go to the collector in a batch (OTLP/HTTP).

type Received = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[] };

const received: Received[] = [];
let collector: http.Server;
let collectorUrl = '';

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans: { scopeSpans: { spans: Received[] }[] }[] };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => collector.close(resolve)));

describe('telemetry without a collector', () => {
  it('registers no global tracer provider, yet the portal’s spans record and nest across awaits', async () => {
    await registerTelemetry({});
    const global = trace.getTracerProvider() as { getDelegate?: () => object };
    // Next's own check (isOpenTelemetryEnabled): the global provider's delegate is still the no-op one.
    expect(global.getDelegate?.().constructor.name).toBe('NoopTracerProvider');
    let inner: ReturnType<typeof trace.getActiveSpan>;
    await inSpan('action /en/checkout', {}, async (span) => {
      expect(span.isRecording()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inner = trace.getActiveSpan();
      expect(inner).toBe(span);
    });
    expect(tracer().startSpan('x').isRecording()).toBe(true);
    expect(trace.getSpan(context.active())).toBeUndefined();
  });
});

describe('telemetry with a collector', () => {
  it('gives every request one root span of its own, the portal’s spans under it, and exports them in a batch; still no global provider', async () => {
    // The exporters read their URL and encoding from the environment, as in production.
    const env = { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collectorUrl}/v1/traces`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
    Object.assign(process.env, env);
    await registerTelemetry(env);
    expect((trace.getTracerProvider() as { getDelegate?: () => object }).getDelegate?.().constructor.name).toBe('NoopTracerProvider');

    // A server of the process, as Next's: its handler runs inside the request's span.
    let activeRecording: boolean | undefined;
    const server = http.createServer((_request, response) => {
      activeRecording = trace.getActiveSpan()?.isRecording();
      void inSpan('route POST /api/bookings', {}, async () => {
        context.with(withRequestAttributes({ ...agentAttributes({ userId: 'u1', agencyId: 'a1', role: 'senior' }) }), () => undefined);
        await new Promise((resolve) => setTimeout(resolve, 1));
        response.writeHead(201).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/bookings?guest=secret`, { method: 'POST' });
      expect(answer.status).toBe(201);
      await answer.text();
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await flushSpanStore();
    // Next's isOpenTelemetryEnabled: no recording span active, no global provider — its own spans stay off.
    expect(activeRecording).toBe(false);

    const root = received.find((span) => span.name === 'POST /api/bookings')!;
    expect(root, `spans received: ${received.map((span) => span.name).join(', ')}`).toBeTruthy();
    expect(root.parentSpanId || undefined).toBeUndefined();
    expect(root.kind).toBe(2); // SERVER
    const attributes = Object.fromEntries(root.attributes.map(({ key, value }) => [key, value.stringValue ?? Number(value.intValue)]));
    expect(attributes).toMatchObject({
      'http.request.method': 'POST',
      'url.path': '/api/bookings',
      'http.response.status_code': 201,
      'server.address': `127.0.0.1:${port}`,
      'traveldesk.agency.id': 'a1',
      'traveldesk.agent.role': 'senior',
    });
    expect(JSON.stringify(root)).not.toContain('secret');
    const child = received.find((span) => span.name === 'route POST /api/bookings')!;
    expect(child.traceId).toBe(root.traceId);
    expect(child.parentSpanId).toBe(root.spanId);
  });
});
