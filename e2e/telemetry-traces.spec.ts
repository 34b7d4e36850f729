import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, PORT } from './support/portal';
import { uniqueName } from './support/guest-name';

// Server traces over OTLP (docs/telemetry.md#server): a portal of this build started by the spec
// with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a receiver written here (OTLP/HTTP with JSON
// encoding, decoded as the collector would), one card booking through the sandbox, and its trace:
// the checkout's action (or route handler), its database queries, the payment provider's call
// and the hold-expiry job it schedules — the job's handler span in the same trace, run a few
// seconds later (PAYMENT_HOLD_MINUTES=0.1) by the job runner.
// Its own server, so the shared e2e server keeps running without a collector: ports E2E_PORT + 60
// (portal) and + 61 (receiver), a fresh embedded database of its own.

const PORTAL_PORT = PORT + 60;
const RECEIVER_PORT = PORT + 61;
const ORIGIN = `http://localhost:${PORTAL_PORT}`;
const DATA_DIR = path.resolve('.data-e2e-telemetry');
const TOUR = 'evening-desert-safari-bbq-dinner';

type ReceivedSpan = { traceId: string; spanId: string; parentSpanId: string; name: string; kind: number; attributes: Record<string, unknown>; status: { code?: number } };

/** OTLP JSON ids are hex; a base64 one (protobuf's JSON mapping) is turned into hex. */
function hexId(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  return /^[0-9a-f]+$/i.test(value) && (value.length === 32 || value.length === 16) ? value.toLowerCase() : Buffer.from(value, 'base64').toString('hex');
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };

function attributesOf(list: unknown): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const item of (list as { key: string; value: AnyValue }[] | undefined) ?? []) {
    const { value } = item;
    attributes[item.key] = value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue)) ?? value.boolValue ?? value.doubleValue;
  }
  return attributes;
}

const spans: ReceivedSpan[] = [];
const metricNames = new Set<string>();
let receiver: http.Server;
let portal: ChildProcess | undefined;
let portalOutput = '';

/** The collector: `/v1/traces` and `/v1/metrics`, JSON bodies only (the portal is told to send JSON). */
function startReceiver(): Promise<void> {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: Record<string, unknown[]> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown[]>;
      } catch {
        response.writeHead(400).end();
        return;
      }
      if (request.url === '/v1/traces') {
        for (const resource of (body.resourceSpans ?? []) as { scopeSpans?: { spans?: Record<string, unknown>[] }[] }[]) {
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                traceId: hexId(span.traceId),
                spanId: hexId(span.spanId),
                parentSpanId: hexId(span.parentSpanId),
                name: String(span.name),
                kind: Number(span.kind),
                attributes: attributesOf(span.attributes),
                status: (span.status as { code?: number }) ?? {},
              });
            }
          }
        }
      } else if (request.url === '/v1/metrics') {
        for (const resource of (body.resourceMetrics ?? []) as { scopeMetrics?: { metrics?: { name: string }[] }[] }[]) {
          for (const scope of resource.scopeMetrics ?? []) for (const metric of scope.metrics ?? []) metricNames.add(metric.name);
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
}

async function startPortal(): Promise<void> {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORTAL_PORT),
    DATA_DIR,
    DEMO: 'on',
    TEST_HOOKS: '1',
    TRAVELDESK_TEST_BUILD: '1',
    PAYMENTS_SANDBOX: 'on',
    AUTH_SECRET: 'e2e-only-secret-not-for-production-000000',
    PAYMENTS_WEBHOOK_BASE_URL: ORIGIN,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_METRIC_EXPORT_INTERVAL: '2000',
    // The SDK's batch export every half second instead of five: the spec waits less.
    OTEL_BSP_SCHEDULE_DELAY: '500',
    // The card's hold ends six seconds after the booking, so its expiry job runs within the test.
    PAYMENT_HOLD_MINUTES: '0.1',
  };
  // Always the embedded database: the trace is the same on both engines, and one start is enough.
  delete env.DATABASE_URL;
  portal = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const keep = (chunk: Buffer) => (portalOutput = (portalOutput + chunk.toString()).slice(-20_000));
  portal.stdout?.on('data', keep);
  portal.stderr?.on('data', keep);
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null) throw new Error(`The telemetry portal exited (${portal.exitCode}):\n${portalOutput}`);
    const up = await fetch(`${ORIGIN}/api/health`).then((response) => response.ok, () => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The telemetry portal did not answer /api/health within 240 s:\n${portalOutput}`);
}

test.describe.configure({ mode: 'serial', timeout: 360_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await startReceiver();
  await startPortal();
});

test.afterAll(async () => {
  if (portal?.pid && portal.exitCode === null) {
    const exited = new Promise((resolve) => portal!.once('exit', resolve));
    // start.mjs and the server it runs, together (their own process group).
    process.kill(-portal.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
  }
  await new Promise((resolve) => receiver?.close(resolve));
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

async function bookByCard(page: Page): Promise<void> {
  await page.goto(`${ORIGIN}/sign-in?callbackUrl=${encodeURIComponent(`/tour/${TOUR}`)}`);
  await page.locator('input[name="email"]').fill(demoEmail('senior'));
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/tour/${TOUR}`), { timeout: 60_000 });
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  expect(offerId).toBeTruthy();
  const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 37 * 86_400_000).toISOString().slice(0, 10);
  type Days = { days: { date: string; slots: { time: string; pastCutOff: boolean; left: number }[] }[] };
  const { days } = (await page.evaluate(async (url) => (await fetch(url)).json(), `/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`)) as Days;
  const day = days.find((candidate) => candidate.slots.some((slot) => !slot.pastCutOff && slot.left > 1));
  expect(day, 'an open departure in the next month').toBeTruthy();
  const time = day!.slots.find((slot) => !slot.pastCutOff && slot.left > 1)!.time;
  await page.goto(`${ORIGIN}/checkout?${new URLSearchParams({ offer: offerId!, date: day!.date, time, adults: '1' })}`);
  await page.locator('input[name="guestName"]').fill(`Tracy ${uniqueName()}`);
  await page.locator('input[name="guestPhone"]').fill('+971 50 123 4567');
  await page.locator('input[name="guestEmail"]').fill('telemetry.guest@example.test');
  await page.locator('input[name="guestEmailConfirm"]').fill('telemetry.guest@example.test');
  const hotel = page.locator('select[name="hotelId"]');
  if ((await hotel.count()) > 0) await hotel.selectOption((await hotel.locator('option:not([value=""])').first().getAttribute('value'))!);
  await page.locator('#paymentMethod-card').check();
  await page.locator('form button[type="submit"]').last().click();
  await page.waitForURL(/\/pay\/sandbox\//, { timeout: 60_000 });
}

test('a card booking’s trace has its action, its queries, the payment provider’s call and the job it scheduled', async ({ page }) => {
  await bookByCard(page);

  // The booking: the one trace holding the provider's createCharge.
  await expect.poll(() => spans.some((span) => span.name === 'payment.createCharge'), { timeout: 30_000 }).toBe(true);
  const charge = spans.find((span) => span.name === 'payment.createCharge')!;
  expect(charge.attributes).toMatchObject({ 'payment.provider': 'sandbox' });
  const inTrace = () => spans.filter((span) => span.traceId === charge.traceId);

  // The hold's expiry job, run six seconds later by the job runner, in the same trace.
  await expect.poll(() => inTrace().some((span) => span.name === 'job payments.expireHold'), { timeout: 60_000 }).toBe(true);
  const trace = inTrace();
  const byId = new Map(trace.map((span) => [span.spanId, span]));
  const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
    const chain: ReceivedSpan[] = [];
    for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) chain.push(parent);
    return chain;
  };

  // The action (or route handler) that booked, carrying who asked: agency, role, host; no e-mail.
  const entry = ancestors(charge).find((span) => /^(action|route) /.test(span.name));
  expect(entry, `the action or route span above the charge; trace: ${trace.map((span) => span.name).join(', ')}`).toBeTruthy();
  expect(entry!.attributes).toMatchObject({ 'traveldesk.agent.role': 'senior', 'server.address': `localhost:${PORTAL_PORT}` });
  expect(entry!.attributes['traveldesk.agency.id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.stringify(trace.map((span) => span.attributes))).not.toContain('@desertrose.test');

  // Its database queries, children of the action, with the statement and no parameters.
  const queries = trace.filter((span) => span.name.startsWith('db.') && ancestors(span).includes(entry!));
  expect(queries.length).toBeGreaterThan(3);
  const bookingInsert = queries.find((span) => span.name === 'db.insert' && String(span.attributes['db.query.text']).includes('"bookings"'));
  expect(bookingInsert, 'the booking row’s insert').toBeTruthy();
  // Every query carries the host (the job's too, carried with it); those after the caller is known
  // (not the session's own lookup) the agency too.
  const withoutHost = queries.filter((span) => span.attributes['server.address'] !== `localhost:${PORTAL_PORT}`);
  expect(withoutHost.map((span) => ({ name: span.name, parents: ancestors(span).map((parent) => parent.name), attributes: span.attributes }))).toEqual([]);
  expect(bookingInsert!.attributes['traveldesk.agency.id']).toBe(entry!.attributes['traveldesk.agency.id']);

  // The booking's span and the payment under it.
  const booking = trace.find((span) => span.name === 'booking.place');
  expect(booking && ancestors(charge).includes(booking)).toBe(true);

  // The job: sent from the action, handled in a consumer span under the send, its own queries and the provider asked again.
  const send = trace.find((span) => span.name === 'job.send payments.expireHold')!;
  expect(ancestors(send)).toContain(entry);
  const job = trace.find((span) => span.name === 'job payments.expireHold')!;
  expect(job.parentSpanId).toBe(send.spanId);
  expect(job.attributes['traveldesk.agency.id']).toBe(entry!.attributes['traveldesk.agency.id']);
  // Before the stock goes back the provider is asked once more how the charge stands.
  await expect.poll(() => inTrace().some((span) => span.name === 'payment.retrieve' && spanUnder(span, job)), { timeout: 10_000 }).toBe(true);
  expect(inTrace().some((span) => span.name.startsWith('db.') && spanUnder(span, job))).toBe(true);

  // The metrics went to the same collector.
  await expect.poll(() => metricNames.has('http.server.request.duration'), { timeout: 15_000 }).toBe(true);
  expect(metricNames.has('traveldesk.bookings')).toBe(true);
});

/** Whether `span` is below `ancestor` in the spans received so far. */
function spanUnder(span: ReceivedSpan, ancestor: ReceivedSpan): boolean {
  const byId = new Map(spans.map((candidate) => [candidate.spanId, candidate]));
  for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) if (parent.spanId === ancestor.spanId) return true;
  return false;
}
