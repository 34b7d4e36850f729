import { context, SpanStatusCode } from '@opentelemetry/api';
import { eq } from 'drizzle-orm';
import { telemetrySpans } from '@/server/db/schema';
import { type SpanRow, SpanStore } from '@/server/telemetry/span-store';
import { agentAttributes, ATTR, inSpan, withRequestAttributes } from '@/server/telemetry/tracing';
import { portalTracer } from '@/server/db/traced-queries';
import { registerTestTracing } from '../support/tracing';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The slow-span store (docs/telemetry.md#server): only spans at or over the threshold and failed
// ones are kept, in one batch per flush, never more than the buffer holds; every span of a request
// carries its agency, role and host; the rows fit `telemetry_spans` on the real database.

const written: SpanRow[][] = [];
const problems: { dropped: number; error?: unknown }[] = [];
let failWrites = false;
const store = new SpanStore({
  slowMs: 50,
  maxBuffered: 3,
  flushIntervalMs: 200,
  write: async (rows) => {
    if (failWrites) throw new Error('database down');
    written.push(rows);
  },
  onProblem: (problem) => void problems.push(problem),
});
const exported = registerTestTracing([store]);
const tracer = portalTracer();

/** A span that lasted `ms` (its start set back), optionally failed. */
function endedSpan(name: string, ms: number, options: { failed?: boolean } = {}) {
  const span = tracer.startSpan(name, { startTime: Date.now() - ms });
  if (options.failed) span.setStatus({ code: SpanStatusCode.ERROR, message: 'boom' });
  span.end();
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await store.forceFlush();
  written.length = 0;
  problems.length = 0;
  failWrites = false;
  exported.reset();
});

describe('the slow-span store', () => {
  it('keeps spans at or over the threshold and failed ones, and writes them in one batch after the interval', async () => {
    endedSpan('fast', 5);
    endedSpan('slow', 80);
    endedSpan('fast but failed', 1, { failed: true });
    expect(written).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(written).toHaveLength(1);
    expect(written[0]!.map((row) => [row.name, row.status])).toEqual([
      ['slow', 'unset'],
      ['fast but failed', 'error'],
    ]);
    expect(written[0]![0]!.durationMs).toBeGreaterThanOrEqual(50);
    expect(written[0]![1]!.attributes).toMatchObject({ 'status.message': 'boom' });
  });

  it('holds at most its buffer: the rest is dropped and counted, never queued without end', async () => {
    for (let i = 0; i < 10; i += 1) endedSpan(`slow ${i}`, 60);
    await store.forceFlush();
    expect(written).toHaveLength(1);
    expect(written[0]).toHaveLength(3);
    expect(problems).toEqual([{ dropped: 7 }]);
  });

  it('loses a batch the database refuses without throwing, and writes the next one', async () => {
    failWrites = true;
    endedSpan('slow while down', 60);
    await store.forceFlush();
    expect(problems).toEqual([{ dropped: 1, error: expect.any(Error) }]);
    failWrites = false;
    endedSpan('slow again', 60);
    await store.forceFlush();
    expect(written.flat().map((row) => row.name)).toEqual(['slow again']);
  });

  it("puts a request's agency, role and host on every span started under it, its queries' too, and nothing personal", async () => {
    const principal = { userId: '0b8f6f0e-3c52-4c1e-9a86-3f7c7f0f6c11', agencyId: '9d2c1c39-7c86-4cf6-a0f3-0e3f7a2b1a11', role: 'senior' as const };
    await context.with(withRequestAttributes({ [ATTR.host]: 'partner.localhost' }), () =>
      inSpan('action /en/checkout', {}, () =>
        // Awaited inside: Drizzle's query runs when awaited, in the context of that await.
        context.with(withRequestAttributes(agentAttributes(principal)), async () => await database.db.select({ id: telemetrySpans.id }).from(telemetrySpans).limit(1)),
      ),
    );
    const spans = exported.spans();
    const query = spans.find((span) => span.name === 'db.select');
    expect(query, 'a span for the query').toBeDefined();
    expect(query!.attributes).toMatchObject({
      [ATTR.agencyId]: principal.agencyId,
      [ATTR.agentId]: principal.userId,
      [ATTR.agentRole]: 'senior',
      [ATTR.host]: 'partner.localhost',
      'db.system.name': 'postgresql',
    });
    const action = spans.find((span) => span.name === 'action /en/checkout')!;
    expect(query!.parentSpanContext?.spanId).toBe(action.spanContext().spanId);
    // The action's span was started before the caller was known: the host only.
    expect(action.attributes).toMatchObject({ [ATTR.host]: 'partner.localhost' });
    expect(action.attributes[ATTR.agencyId]).toBeUndefined();
    // Only the ids: no e-mail, name or other personal attribute on any span.
    for (const span of spans) {
      expect(Object.keys(span.attributes).filter((key) => /email|phone|guest|user\.name/i.test(key))).toEqual([]);
      expect(Object.values(span.attributes).filter((value) => String(value).includes('@'))).toEqual([]);
    }
  });

  it('makes no query span outside a request or job (polling, the store’s own insert)', async () => {
    await database.db.select({ id: telemetrySpans.id }).from(telemetrySpans).limit(1);
    expect(exported.spans()).toEqual([]);
  });

  it('writes rows telemetry_spans takes: ids, parent, kind, times, status, host, agency, attributes without query strings', async () => {
    const agencyId = '9d2c1c39-7c86-4cf6-a0f3-0e3f7a2b1a11';
    await context.with(withRequestAttributes({ [ATTR.host]: 'localhost', [ATTR.agencyId]: agencyId }), () =>
      inSpan('route GET /api/reset', { attributes: { 'http.target': '/reset-password?token=secret' } }, async (span) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: 'failed' });
      }),
    );
    await store.forceFlush();
    const rows = written.flat();
    expect(rows).toHaveLength(1);
    await database.db.insert(telemetrySpans).values(rows);
    const [stored] = await database.db.select().from(telemetrySpans).where(eq(telemetrySpans.spanId, rows[0]!.spanId));
    expect(stored).toMatchObject({ name: 'route GET /api/reset', kind: 'internal', status: 'error', host: 'localhost', agencyId, parentSpanId: null });
    expect(stored!.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(stored!.attributes).toMatchObject({ 'http.target': '/reset-password' });
  });
});
