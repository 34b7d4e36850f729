import { eq } from 'drizzle-orm';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { ledgerEntries, paymentEvents, paymentRefunds, payments, sandboxCharges } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { completeSandboxChallenge, payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { processRefund } from '@/server/payments/refunds';
import { expireHold, receiveWebhook, returnFromProvider, settle } from '@/server/checkout/settlement';
import { startBookingPayment, startTopUpPayment } from '@/server/payments/start-payment';
import { agencyBalance, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { bookingRow, cardBooking, clearQueuedJobs, forgetPayments, paymentRow, PLACE, queuedEvents, signedDelivery, setUpPayments } from './payment-fixtures';

// On both databases: settlement is idempotent and believes only the provider;
// holds give stock back; late payments for a full slot are refunded.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20, demoData: { today: new Date() } });
  setUpPayments(database.db);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});
beforeEach(() => clearQueuedJobs(database.db));

const senior = () => principalFor(database.db, 'senior@gulfhorizons.test');

describe('a card booking', () => {
  it('holds its stock while the payment runs and starts one sandbox charge', async () => {
    const { db } = database;
    const booked = await cardBooking(db, await senior(), { left: 5, adults: 2 });
    expect(booked.status).toBe('payment_required');
    expect((await slotStock(db, booked.slot.id))?.left).toBe(3);
    expect(booked.nextAction).toEqual({ kind: 'redirect', url: `http://localhost:3000/pay/sandbox/${booked.chargeId}` });
    const booking = await bookingRow(db, booked.reference);
    expect(booking.holdsStock).toBe(true);
    expect(booking.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    // Starting again while the payer has not finished answers the same attempt: no second charge.
    const again = await startBookingPayment(db, await senior(), { ...PLACE, reference: booked.reference, method: 'card' });
    expect(again.paymentId).toBe(booked.paymentId);
    expect(await db.$count(sandboxCharges, eq(sandboxCharges.paymentId, booked.paymentId))).toBe(1);
  });

  it('settles once when the webhook is replayed 5 times while racing the return URL', async () => {
    const { db } = database;
    const agent = await senior();
    const booked = await cardBooking(db, agent);
    await payWithSandboxCard(db, booked.chargeId, '4242 4242 4242 4242');
    const [event] = await queuedEvents(db);
    const delivery = signedDelivery(event!);

    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => receiveWebhook(db, 'sandbox', delivery.body, delivery.headers)),
      returnFromProvider(db, agent, booked.paymentId),
    ]);

    expect(results.slice(0, 5).every((result) => 'status' in result! && result.status === 'succeeded')).toBe(true);
    const changed = results.slice(0, 5).filter((result) => (result as { changed: boolean }).changed).length;
    expect(changed).toBeLessThanOrEqual(1);
    expect((await paymentRow(db, booked.paymentId)).status).toBe('succeeded');
    expect(await db.$count(paymentEvents, eq(paymentEvents.paymentId, booked.paymentId))).toBe(1);
    const booking = await bookingRow(db, booked.reference);
    expect(booking.status).toBe('completed');
    expect(booking.paymentMethod).toBe('card');
    expect(booking.holdExpiresAt).toBeNull();
    expect(await db.$count(ledgerEntries, eq(ledgerEntries.bookingId, booking.id))).toBe(0);
    expect((await slotStock(db, booked.slot.id))?.left).toBe(8);
  });

  it('a declined card fails the booking and gives the stock back', async () => {
    const { db } = database;
    const agent = await senior();
    const booked = await cardBooking(db, agent, { left: 4, adults: 2 });
    await payWithSandboxCard(db, booked.chargeId, '4000000000000002');
    const result = await returnFromProvider(db, agent, booked.paymentId);
    expect(result).toMatchObject({ status: 'failed', failureCode: 'card_declined', bookingStatus: 'payment_failed' });
    expect((await slotStock(db, booked.slot.id))?.left).toBe(4);
    expect((await bookingRow(db, booked.reference)).holdsStock).toBe(false);

    // Retried with a new attempt (a new idempotency key) on the same booking: the stock is taken again.
    const retry = await startBookingPayment(db, agent, { ...PLACE, reference: booked.reference, method: 'card' });
    expect(retry.paymentId).not.toBe(booked.paymentId);
    expect((await paymentRow(db, retry.paymentId)).attempt).toBe(2);
    expect((await slotStock(db, booked.slot.id))?.left).toBe(2);
  });

  it('a 3-D Secure challenge completes the payment', async () => {
    const { db } = database;
    const agent = await senior();
    const booked = await cardBooking(db, agent);
    expect(await payWithSandboxCard(db, booked.chargeId, '4000 0000 0000 3220')).toMatchObject({ next: 'challenge' });
    expect((await returnFromProvider(db, agent, booked.paymentId))?.status).toBe('created');
    await completeSandboxChallenge(db, booked.chargeId, true);
    expect(await returnFromProvider(db, agent, booked.paymentId)).toMatchObject({ status: 'succeeded', bookingStatus: 'completed' });
  });
});

describe('webhooks that must change nothing', () => {
  it('refuses a forged or stale signature', async () => {
    const { db } = database;
    const booked = await cardBooking(db, await senior());
    await payWithSandboxCard(db, booked.chargeId, '4242424242424242');
    const [event] = await queuedEvents(db);
    const forged = signedDelivery(event!, 'not-the-secret');
    const stale = signedDelivery(event!, undefined, Math.floor(Date.now() / 1000) - 3600);
    for (const delivery of [forged, stale]) {
      await expect(receiveWebhook(db, 'sandbox', delivery.body, delivery.headers)).rejects.toMatchObject({ code: 'paymentErrors.webhookInvalid' });
    }
    expect((await paymentRow(db, booked.paymentId)).status).toBe('created');
    expect(await db.$count(paymentEvents, eq(paymentEvents.paymentId, booked.paymentId))).toBe(0);
    expect((await bookingRow(db, booked.reference)).status).toBe('payment_required');
  });

  it('refuses an event naming another payment, and a charge whose amount changed', async () => {
    const { db } = database;
    const agent = await senior();
    const first = await cardBooking(db, agent);
    const second = await cardBooking(db, agent);
    await payWithSandboxCard(db, first.chargeId, '4242424242424242');
    const [event] = await queuedEvents(db);
    const crossed = signedDelivery({ ...event!, data: { ...event!.data, paymentId: second.paymentId } });
    await expect(receiveWebhook(db, 'sandbox', crossed.body, crossed.headers)).rejects.toMatchObject({ code: 'paymentErrors.unknown' });

    await db.update(sandboxCharges).set({ amountMinor: 1 }).where(eq(sandboxCharges.id, first.chargeId));
    await expect(settle(db, first.paymentId)).rejects.toMatchObject({ code: 'paymentErrors.mismatch' });
    expect((await paymentRow(db, first.paymentId)).status).toBe('created');
    expect((await bookingRow(db, first.reference)).status).toBe('payment_required');
  });
});

describe('holds', () => {
  it('an expired hold frees its stock; paid later while stock remains, the booking is confirmed', async () => {
    const { db } = database;
    const agent = await senior();
    const booked = await cardBooking(db, agent, { left: 6, adults: 2 });
    expect(await expireHold(db, (await bookingRow(db, booked.reference)).id, new Date(Date.now() + 16 * 60_000))).toBe(true);
    expect((await slotStock(db, booked.slot.id))?.left).toBe(6);
    expect((await bookingRow(db, booked.reference)).status).toBe('payment_required');

    await payWithSandboxCard(db, booked.chargeId, '4242424242424242');
    expect(await returnFromProvider(db, agent, booked.paymentId)).toMatchObject({ status: 'succeeded', bookingStatus: 'completed' });
    expect((await slotStock(db, booked.slot.id))?.left).toBe(4);
  });

  it('a late payment for an expired hold is refunded automatically when the slot is full', async () => {
    const { db } = database;
    const agent = await senior();
    const booked = await cardBooking(db, agent, { left: 2, adults: 2 });
    await expireHold(db, (await bookingRow(db, booked.reference)).id, new Date(Date.now() + 16 * 60_000));
    await prepareSlot(db, booked.offer.id, booked.date, { left: 0 });

    await payWithSandboxCard(db, booked.chargeId, '4242424242424242');
    expect(await returnFromProvider(db, agent, booked.paymentId)).toMatchObject({ status: 'succeeded', bookingStatus: 'payment_failed' });
    const [refund] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, booked.paymentId));
    expect(refund).toMatchObject({ reason: 'lateHold', status: 'pending', amountMinor: (await paymentRow(db, booked.paymentId)).amountMinor });
    await processRefund(db, refund!.id);
    const [done] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refund!.id));
    expect(done?.status).toBe('succeeded');
    const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, booked.chargeId));
    expect(charge?.refundedMinor).toBe(charge?.amountMinor);
    expect((await slotStock(db, booked.slot.id))?.left).toBe(0);
  });
});

describe('card top-up', () => {
  it('credits the ledger exactly once, however the return and the webhooks race', async () => {
    const { db } = database;
    const agent = await senior();
    const before = await agencyBalance(db, agent.agencyId);
    const started = await startTopUpPayment(db, agent, { ...PLACE, amountMinor: 50_000, method: 'card' });
    const payment = await paymentRow(db, started.paymentId);
    expect(payment).toMatchObject({ purpose: 'top_up', currency: 'AED', baseAmountMinor: 50_000 });
    expect(payment.amountMinor).toBe(50_000 + payment.feeMinor);
    // The provider's page says what the charge is for in the payer's language.
    const [hosted] = await db.select({ description: sandboxCharges.description }).from(sandboxCharges).where(eq(sandboxCharges.paymentId, started.paymentId));
    expect(hosted?.description).toBe('Balance top-up');
    const inRussian = await startTopUpPayment(db, agent, { ...PLACE, locale: 'ru', amountMinor: 10_000, method: 'card' });
    const [russianHosted] = await db.select({ description: sandboxCharges.description }).from(sandboxCharges).where(eq(sandboxCharges.paymentId, inRussian.paymentId));
    expect(russianHosted?.description).toBe('Пополнение баланса');
    // The return URL alone credits nothing while the payer has not paid.
    expect((await returnFromProvider(db, agent, started.paymentId))?.status).toBe('created');
    expect(await agencyBalance(db, agent.agencyId)).toBe(before);

    await payWithSandboxCard(db, payment.providerReference!, '4242424242424242');
    const [event] = await queuedEvents(db);
    const delivery = signedDelivery(event!);
    await Promise.all([...Array.from({ length: 5 }, () => receiveWebhook(db, 'sandbox', delivery.body, delivery.headers)), returnFromProvider(db, agent, started.paymentId)]);
    expect(await agencyBalance(db, agent.agencyId)).toBe(before + 50_000);
    const credits = await db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'top_up'));
    expect(credits.filter((entry) => entry.description.includes(payment.providerReference!))).toHaveLength(1);
  });

  it('refuses bad amounts and a junior agent, with nothing stored', async () => {
    const { db } = database;
    const agent = await senior();
    const count = await db.$count(payments);
    for (const amountMinor of [0, -100, 1.5, 100_000_001]) {
      await expect(startTopUpPayment(db, agent, { ...PLACE, amountMinor, method: 'card' })).rejects.toBeInstanceOf(RuleViolation);
    }
    const junior = await principalFor(db, 'junior@gulfhorizons.test');
    await expect(startTopUpPayment(db, junior, { ...PLACE, amountMinor: 10_000, method: 'card' })).rejects.toMatchObject({ code: 'errors.forbidden' });
    expect(await db.$count(payments)).toBe(count);
  });
});

describe('cancelling a card booking', () => {
  it('more than 48 h ahead refunds the tier less the processing fee to the card', async () => {
    const { db } = database;
    const agent = await senior();
    const booked = await cardBooking(db, agent, { daysAhead: 30 });
    await payWithSandboxCard(db, booked.chargeId, '4242424242424242');
    await returnFromProvider(db, agent, booked.paymentId);
    const balance = await agencyBalance(db, agent.agencyId);

    const quote = await cancelBooking(db, agent, booked.reference);
    const payment = await paymentRow(db, booked.paymentId);
    const [refund] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    const gross = Math.round((payment.amountMinor * quote.percent) / 100);
    expect(quote.percent).toBe(100);
    expect(refund).toMatchObject({ reason: 'cancellation', status: 'pending', amountMinor: gross - Math.round(gross * 0.025) });
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance);

    await processRefund(db, refund!.id);
    expect((await paymentRow(db, payment.id)).refundedMinor).toBe(refund!.amountMinor);
    // Cancelling again cannot refund again.
    await expect(cancelBooking(db, agent, booked.reference)).rejects.toMatchObject({ code: 'booking.notCancellable' });
    expect(await db.$count(paymentRefunds, eq(paymentRefunds.paymentId, payment.id))).toBe(1);
  });
});
