import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Principal } from '@/server/auth/principal';
import { moveBooking } from '@/server/bookings/booking-status';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { createBooking } from '@/server/bookings/create-booking';
import { returnFromProvider } from '@/server/checkout/settlement';
import type { Database } from '@/server/db/connection';
import { bookings, embeddedJobs, mailOutbox, paymentRefunds, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '@/server/db/schema';
import { isDomainError } from '@/server/errors';
import { processRefund } from '@/server/payments/refunds';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { deliverDueWebhooks, DISABLE_AFTER_MS, retryDelaySeconds } from '@/server/webhooks/deliver-webhooks';
import { createEndpoint, resendDelivery, sendTestEvent } from '@/server/webhooks/manage-webhooks';
import { postWebhook } from '@/server/webhooks/post-webhook';
import { isPublicAddress } from '@/server/webhooks/webhook-address';
import { listWebhookEndpoints } from '@/server/webhooks/webhook-queries';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@/shared/webhooks/webhook-schema';
import { cardBooking, forgetPayments, setUpPayments } from '../payments/payment-fixtures';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Webhooks out (docs/webhooks.md) over a real database and a real receiver on 127.0.0.1: the
// outbox written with each change, signed deliveries retried until they land once, the docs'
// verification recipe, the SSRF rule, the order per booking, and an endpoint switched off with a
// mail after three days of failures. The delivery run is called with a chosen `now`, as the job
// runner would call it at that time.

type Received = { headers: http.IncomingHttpHeaders; body: string };
type Verify = (secret: string, headers: Record<string, string | undefined>, rawBody: string, nowSeconds?: number) => boolean;

let database: TestDatabase;
let receiver: http.Server;
let origin: string;
let received: Received[] = [];
/** The status the receiver answers a delivery's body with (200 unless a test says otherwise). */
let answer: (body: string) => number = () => 200;
let verifyWebhook: Verify;
const allowPrivate = { allowPrivate: true } as const;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  setUpPayments(database.db);
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const status = answer(body);
      if (status === 200) received.push({ headers: request.headers, body });
      response.writeHead(status).end(status === 200 ? 'ok' : 'busy');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  verifyWebhook = await loadDocsRecipe();
});
afterAll(async () => {
  forgetPayments();
  receiver.close();
  await database.dispose();
});
beforeEach(async () => {
  received = [];
  answer = () => 200;
  vi.stubEnv('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', 'on');
  // Each test starts with no endpoint (and so no event written).
  await database.db.delete(webhookEndpoints);
});
afterEach(() => vi.unstubAllEnvs());

/** The `js` block after `<!-- verify-recipe -->` in docs/webhooks.md, loaded as a module. */
async function loadDocsRecipe(): Promise<Verify> {
  const docs = fs.readFileSync(path.join(process.cwd(), 'docs/webhooks.md'), 'utf8');
  const code = /<!-- verify-recipe -->\s*```js\n([\s\S]*?)```/.exec(docs)?.[1];
  if (!code) throw new Error('docs/webhooks.md has no verification recipe');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-recipe-')), 'verify.mjs');
  fs.writeFileSync(file, code);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhook: Verify }).verifyWebhook;
}

const admin = () => principalFor(database.db, 'admin@desertrose.test');

async function endpointFor(principal: Principal, events: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES, url = `${origin}/hooks`) {
  return createEndpoint(database.db, principal, { url, events: [...events] });
}

/** A balance booking of the admin's agency (instant, so `completed` at once). */
async function balanceBooking(principal: Principal, paymentMethod: 'balance' | 'cash' | 'request' = 'balance') {
  const { db } = database;
  const offer = await findOffer(db, paymentMethod === 'request' ? 'request' : 'shared');
  const date = addDays(new Date().toISOString().slice(0, 10), 20 + Math.floor(Math.random() * 200));
  const slot = paymentMethod === 'request' ? null : await prepareSlot(db, offer.id, date, { left: 20 });
  const booked = await createBooking(db, principal, checkoutInput({ offerId: offer.id, date, time: slot?.startTime ?? null, adults: 1, paymentMethod }), { locale: 'en' });
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, booked.reference));
  return { ...booked, id: row!.id };
}

async function eventTypes(db: Database, agencyId: string, bookingId?: string): Promise<string[]> {
  const rows = await db
    .select({ type: webhookEvents.type })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.agencyId, agencyId), bookingId ? eq(webhookEvents.bookingId, bookingId) : undefined))
    .orderBy(asc(webhookEvents.seq));
  return rows.map((row) => row.type);
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
const headerRecord = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(' ') : value]));

describe('a delivery', () => {
  it('to an endpoint that fails twice arrives on the third try exactly once, signed so the docs recipe and standardwebhooks accept it', async () => {
    const { db } = database;
    const principal = await admin();
    const { secret } = await endpointFor(principal, ['booking.created']);
    const booking = await balanceBooking(principal);
    const refusals = [503, 500];
    answer = () => refusals.shift() ?? 200;

    const t0 = new Date();
    expect(await deliverDueWebhooks(db, { now: t0, ...allowPrivate })).toBe(1);
    // Not due again before its backoff.
    expect(await deliverDueWebhooks(db, { now: later(t0, 10), ...allowPrivate })).toBe(0);
    const t1 = later(t0, retryDelaySeconds(1));
    expect(await deliverDueWebhooks(db, { now: t1, ...allowPrivate })).toBe(1);
    const t2 = later(t1, retryDelaySeconds(2));
    expect(await deliverDueWebhooks(db, { now: t2, ...allowPrivate })).toBe(1);
    expect(await deliverDueWebhooks(db, { now: later(t2, 3600), ...allowPrivate })).toBe(0);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const payload = JSON.parse(delivery!.body) as { id: string; type: string; data: { booking: { reference: string } } };
    expect(payload).toMatchObject({ type: 'booking.created', data: { booking: { reference: booking.reference } } });
    expect(delivery!.headers['webhook-id']).toBe(payload.id);
    const headers = headerRecord(delivery!.headers);
    const signedAt = Number(headers['webhook-timestamp']);
    expect(verifyWebhook(secret, headers, delivery!.body, signedAt)).toBe(true);
    expect(() => new Webhook(secret).verify(delivery!.body, headers as Record<string, string>)).not.toThrow();

    // Every attempt is logged: two refusals with their status, then the success.
    const attempts = await db
      .select({ statusCode: webhookAttempts.statusCode, error: webhookAttempts.error, durationMs: webhookAttempts.durationMs })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(eq(webhookDeliveries.eventId, payload.id))
      .orderBy(asc(webhookAttempts.createdAt));
    expect(attempts.map((attempt) => [attempt.statusCode, attempt.error])).toEqual([
      [503, 'HTTP 503'],
      [500, 'HTTP 500'],
      [200, null],
    ]);
    expect(attempts.every((attempt) => attempt.durationMs >= 0)).toBe(true);
    const [view] = await listWebhookEndpoints(db, principal);
    expect(view!.deliveries[0]).toMatchObject({ eventId: payload.id, status: 'delivered' });
    expect(view!.deliveries[0]!.attempts.map((attempt) => attempt.statusCode)).toEqual([200, 500, 503]);
  });

  it('with a tampered body, a re-dated timestamp or another secret fails the docs recipe', async () => {
    const { db } = database;
    const principal = await admin();
    const { secret, endpointId } = await endpointFor(principal);
    await sendTestEvent(db, principal, endpointId);
    await deliverDueWebhooks(db, allowPrivate);
    expect(received).toHaveLength(1);
    const { body, headers } = received[0]!;
    const record = headerRecord(headers);
    const signedAt = Number(record['webhook-timestamp']);
    expect(verifyWebhook(secret, record, body, signedAt)).toBe(true);
    const tampered = body.replace('"webhook.test"', '"booking.cancelled"');
    expect(tampered).not.toBe(body);
    expect(verifyWebhook(secret, record, tampered, signedAt)).toBe(false);
    expect(verifyWebhook(secret, { ...record, 'webhook-timestamp': String(signedAt + 1) }, body, signedAt)).toBe(false);
    expect(verifyWebhook(secret, record, body, signedAt + 6 * 60)).toBe(false);
    expect(verifyWebhook('whsec_' + Buffer.from('another secret').toString('base64'), record, body, signedAt)).toBe(false);
    expect(() => new Webhook(secret).verify(tampered, record as Record<string, string>)).toThrow();
  });

  it('resent goes out again with the same event id, at once', async () => {
    const { db } = database;
    const principal = await admin();
    const { endpointId } = await endpointFor(principal);
    const { eventId } = await sendTestEvent(db, principal, endpointId);
    await deliverDueWebhooks(db, allowPrivate);
    const [delivery] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    await resendDelivery(db, principal, delivery!.id);
    await deliverDueWebhooks(db, allowPrivate);
    expect(received.map((entry) => entry.headers['webhook-id'])).toEqual([eventId, eventId]);
    // Another agency's admin cannot resend it.
    const other = await principalFor(db, 'admin@gulfhorizons.test');
    await expect(resendDelivery(db, other, delivery!.id)).rejects.toSatisfy((error) => isDomainError(error, 'notFound'));
  });
});

describe('the address rule (SSRF)', () => {
  it('refuses an endpoint on 127.0.0.1 when the setting is off, at the form and at delivery', async () => {
    const { db } = database;
    const principal = await admin();
    vi.stubEnv('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', '');
    await expect(endpointFor(principal)).rejects.toSatisfy((error) => isDomainError(error, 'ruleViolation') && error.code === 'webhooks.errors.privateAddress');
    await expect(endpointFor(principal, WEBHOOK_EVENT_TYPES, 'http://localhost:9/hooks')).rejects.toSatisfy((error) => isDomainError(error, 'ruleViolation'));

    // One added while it was on (or whose name now resolves to a private address) is refused when sent.
    vi.stubEnv('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', 'on');
    const { endpointId } = await endpointFor(principal);
    vi.stubEnv('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', '');
    await sendTestEvent(db, principal, endpointId);
    expect(await deliverDueWebhooks(db)).toBe(1);
    expect(received).toHaveLength(0);
    const [attempt] = await db.select().from(webhookAttempts).innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId)).where(eq(webhookDeliveries.endpointId, endpointId));
    expect(attempt!.webhook_attempts).toMatchObject({ statusCode: null, error: 'refused: 127.0.0.1 is not a public address' });
  });

  it('knows the private, loopback and link-local ranges, IPv4 and IPv6', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:8.8.8.8', '64:ff9b::808:808']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('connects to the address it checked, not to a second lookup of the name (DNS rebinding)', async () => {
    // A name that resolves nowhere: the request still reaches the checked address, so the name's
    // own lookup is never asked again.
    const outcome = await postWebhook(new URL(`http://rebinding.invalid:${new URL(origin).port}/hooks`), { address: '127.0.0.1', family: 4 }, { 'content-type': 'application/json' }, '{}');
    expect(outcome).toMatchObject({ statusCode: 200, error: null });
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.host).toBe(`rebinding.invalid:${new URL(origin).port}`);
  });
});

describe('the order per booking', () => {
  it('holds a booking event back while an earlier one of the same booking to the same endpoint is pending', async () => {
    const { db } = database;
    const principal = await admin();
    await endpointFor(principal, ['booking.created', 'booking.confirmed', 'booking.cancelled']);
    const booking = await balanceBooking(principal);
    await cancelBooking(db, principal, booking.reference);
    // A second booking's events do not wait for the first's.
    const other = await balanceBooking(principal, 'cash');
    // The first booking's first event fails once.
    let failed = false;
    answer = (body) => {
      if (failed || !body.includes(booking.reference)) return 200;
      failed = true;
      return 503;
    };

    const t0 = new Date();
    await deliverDueWebhooks(db, { now: t0, ...allowPrivate });
    const typesOf = (entries: Received[]) => entries.map((entry) => JSON.parse(entry.body) as { type: string; data: { booking: { reference: string } } });
    expect(typesOf(received).map((event) => [event.data.booking.reference, event.type])).toEqual([
      [other.reference, 'booking.created'],
      [other.reference, 'booking.confirmed'],
    ]);
    const waiting = await db
      .select({ attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.bookingId, booking.id), eq(webhookDeliveries.status, 'pending')))
      .orderBy(asc(webhookDeliveries.seq));
    expect(waiting.map((delivery) => delivery.attempts)).toEqual([1, 0, 0]);

    await deliverDueWebhooks(db, { now: later(t0, retryDelaySeconds(1)), ...allowPrivate });
    expect(typesOf(received).filter((event) => event.data.booking.reference === booking.reference).map((event) => event.type)).toEqual([
      'booking.created',
      'booking.confirmed',
      'booking.cancelled',
    ]);
  });
});

describe('the outbox', () => {
  it('writes nothing for a change that rolls back', async () => {
    const { db } = database;
    const principal = await admin();
    await endpointFor(principal);
    const booking = await balanceBooking(principal, 'cash');
    const before = await eventTypes(db, principal.agencyId, booking.id);
    await expect(
      db.transaction(async (tx) => {
        await moveBooking(tx, booking.id, 'cancel');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await eventTypes(db, principal.agencyId, booking.id)).toEqual(before);
    expect(before).toEqual(['booking.created', 'booking.confirmed']);
  });

  it('nudges the delivery job within a second of a burst of events, once, rather than leaving them to the sweep of the minute', async () => {
    const { db } = database;
    const principal = await admin();
    await endpointFor(principal, ['booking.created']);
    await new Promise((resolve) => setTimeout(resolve, 700)); // any nudge of earlier tests has gone
    const deliverJobs = async () => (await db.select({ id: embeddedJobs.id }).from(embeddedJobs).where(eq(embeddedJobs.name, 'webhooks.deliver'))).length;
    const before = await deliverJobs();
    await balanceBooking(principal);
    await balanceBooking(principal);
    await vi.waitFor(async () => expect(await deliverJobs()).toBe(before + 1), { timeout: 2000, interval: 100 });
  });

  it('writes nothing when no endpoint of the agency takes the event', async () => {
    const { db } = database;
    const principal = await admin();
    await endpointFor(principal, ['payment.refunded']);
    const booking = await balanceBooking(principal, 'cash');
    expect(await eventTypes(db, principal.agencyId, booking.id)).toEqual([]);
  });

  it('sends an event for each listed change, from the change that owns it', async () => {
    const { db } = database;
    const principal = await admin();
    await endpointFor(principal);

    // Created and confirmed at once (paid from the balance), then cancelled with a refund to the balance.
    const paid = await balanceBooking(principal);
    await cancelBooking(db, principal, paid.reference);
    expect(await eventTypes(db, principal.agencyId, paid.id)).toEqual(['booking.created', 'booking.confirmed', 'balance.credited', 'booking.cancelled']);

    // A request confirmed by the operator to be paid by the agent: amended.
    const request = await balanceBooking(principal, 'request');
    await db.transaction((tx) => moveBooking(tx, request.id, 'confirmRequest'));
    expect(await eventTypes(db, principal.agencyId, request.id)).toEqual(['booking.created', 'booking.amended']);

    // Paid by card: confirmed, settled; cancelled: the provider's refund.
    const card = await cardBooking(db, principal, { adults: 1 });
    await payWithSandboxCard(db, card.chargeId, '4242 4242 4242 4242');
    await returnFromProvider(db, principal, card.paymentId);
    await cancelBooking(db, principal, card.reference);
    const [refund] = await db.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.paymentId, card.paymentId));
    await processRefund(db, refund!.id);
    const [cardRow] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, card.reference));
    expect(await eventTypes(db, principal.agencyId, cardRow!.id)).toEqual(['booking.created', 'booking.confirmed', 'payment.settled', 'booking.cancelled', 'payment.refunded']);

    const events = await db.select().from(webhookEvents).where(inArray(webhookEvents.bookingId, [paid.id, cardRow!.id]));
    const credited = events.find((event) => event.type === 'balance.credited')!;
    expect(credited.data).toMatchObject({ credit: { kind: 'refund', bookingReference: paid.reference, currency: 'AED' } });
    expect(events.find((event) => event.type === 'payment.settled')!.data).toMatchObject({ payment: { paymentId: card.paymentId, method: 'card', bookingReference: card.reference } });
    expect(events.find((event) => event.type === 'payment.refunded')!.data).toMatchObject({ refund: { reason: 'cancellation' }, payment: { paymentId: card.paymentId } });
    expect(events.find((event) => event.type === 'booking.cancelled' && event.bookingId === paid.id)!.data).toMatchObject({ booking: { reference: paid.reference, status: 'cancelled' } });
  });
});

describe('an endpoint that keeps failing', () => {
  it('is switched off after three days of failed attempts, and the agency admins are mailed in their language', async () => {
    const { db } = database;
    const principal = await admin();
    const { endpointId } = await endpointFor(principal);
    await sendTestEvent(db, principal, endpointId);
    answer = () => 503;
    const t0 = new Date();
    await deliverDueWebhooks(db, { now: t0, ...allowPrivate });
    // A day later: failing, still on.
    await sendTestEvent(db, principal, endpointId);
    await deliverDueWebhooks(db, { now: later(t0, 24 * 3600), ...allowPrivate });
    let [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ enabled: true, disabledReason: null });

    await db.update(webhookDeliveries).set({ giveUpAt: later(t0, 10 * 24 * 3600) });
    await deliverDueWebhooks(db, { now: later(t0, DISABLE_AFTER_MS / 1000 + 60), ...allowPrivate });
    [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'webhookEndpointDisabled'), eq(mailOutbox.recipient, 'admin@desertrose.test')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain(`${origin}/hooks`);

    // Off: nothing is sent to it, and the page says why.
    const [view] = await listWebhookEndpoints(db, principal);
    expect(view).toMatchObject({ enabled: false, disabledForFailing: true });
    expect(await deliverDueWebhooks(db, { now: later(t0, DISABLE_AFTER_MS / 1000 + 3600), ...allowPrivate })).toBe(0);
  });
});
