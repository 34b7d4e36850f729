import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { loadBookingDetail, loadBookingDocument } from '@/server/bookings/queries';
import { amendBooking, previewAmendment } from '@/server/checkout/amend-booking';
import { receiveWebhook, returnFromProvider } from '@/server/checkout/settlement';
import { bookingAmendments, ledgerEntries, paymentRefunds, payments } from '@/server/db/schema';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import type { AmendmentChange } from '@/shared/bookings/amendment-schema';
import { addDays, agencyBalance, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { bookingRow, cardBooking, clearQueuedJobs, forgetPayments, PLACE, queuedEvents, setUpPayments, signedDelivery } from './payment-fixtures';

// An amendment of a card-paid booking: the difference is a sandbox card payment, the amendment is
// pending until the provider confirms it and is applied exactly once then; a declined card leaves
// the booking as it was. On both databases.

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

/**
 * A card booking of `adults`, paid, and its change to `to` guests: by default one guest more on a
 * fresh slot 2 days later; with `moveDays: 0` on its own slot.
 */
async function paidCardBooking({ adults = 2, to = 3, moveDays = 2 } = {}) {
  const { db } = database;
  const agent = await senior();
  const booked = await cardBooking(db, agent, { left: 10, adults });
  await payWithSandboxCard(db, booked.chargeId, '4242 4242 4242 4242');
  await returnFromProvider(db, agent, booked.paymentId);
  await clearQueuedJobs(db);
  const row = await bookingRow(db, booked.reference);
  const target = moveDays > 0 ? await prepareSlot(db, booked.offer.id, addDays(booked.date, moveDays), { left: 10 }) : { id: booked.slot.id, date: row.tourDate, startTime: row.startTime! };
  const change: AmendmentChange = {
    reference: row.reference,
    date: target.date,
    time: target.startTime,
    adults: to,
    children: 0,
    infants: 0,
    guestName: row.guestName,
    guestPhone: row.guestPhone,
    guestEmail: row.guestEmail,
    guestNames: [],
  };
  const quote = await previewAmendment(db, agent, change);
  const confirm = { ...change, idempotencyKey: crypto.randomUUID(), issue: quote.issue, expectedSettledMinor: quote.settledMinor };
  return { agent, booked, row, target, quote, confirm };
}

/** One guest fewer on the same slot: a decrease. */
const paidCardBookingOneGuestFewer = () => paidCardBooking({ adults: 3, to: 2, moveDays: 0 });

describe('an amendment paid by card', () => {
  it('is pending until the provider confirms, then applied once however often the confirmation comes', async () => {
    const { db } = database;
    const { agent, booked, row, target, quote, confirm } = await paidCardBooking();
    expect(quote.method).toBe('card');
    const balance = await agencyBalance(db, agent.agencyId);

    const outcome = await amendBooking(db, agent, confirm, { place: PLACE });
    expect(outcome.kind).toBe('payment');
    const payment = (outcome as { payment: { paymentId: string; nextAction: { kind: string; url: string } } }).payment;
    // Sent again before paying: the same pending amendment, no second charge.
    expect(await amendBooking(db, agent, confirm, { place: PLACE })).toMatchObject({ kind: 'pending', replayed: true });
    expect(await bookingRow(db, row.reference)).toMatchObject({ adults: 2, tourDate: row.tourDate, documentIssue: 1 });

    await payWithSandboxCard(db, payment.nextAction.url.split('/').pop()!, '4242 4242 4242 4242');
    const [event] = await queuedEvents(db);
    const delivery = signedDelivery(event!);
    await Promise.all([...Array.from({ length: 3 }, () => receiveWebhook(db, 'sandbox', delivery.body, delivery.headers)), returnFromProvider(db, agent, payment.paymentId)]);

    const [paid] = await db.select().from(payments).where(eq(payments.id, payment.paymentId));
    expect(paid).toMatchObject({ purpose: 'amendment', status: 'succeeded', baseAmountMinor: quote.settledMinor });
    expect(await bookingRow(db, row.reference)).toMatchObject({ adults: 3, tourDate: target.date, documentIssue: 2, status: 'completed' });
    expect((await slotStock(db, booked.slot.id))?.left).toBe(10);
    expect((await slotStock(db, target.id))?.left).toBe(7);
    const [amendment] = await db.select().from(bookingAmendments).where(eq(bookingAmendments.paymentId, payment.paymentId));
    expect(amendment?.status).toBe('applied');
    expect(await db.$count(ledgerEntries, eq(ledgerEntries.bookingId, row.id))).toBe(0);
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance);
    expect(await db.$count(paymentRefunds, eq(paymentRefunds.paymentId, payment.paymentId))).toBe(0);
  });

  it('a declined card fails the amendment and leaves the booking unchanged', async () => {
    const { db } = database;
    const { agent, booked, row, target, confirm } = await paidCardBooking();
    const outcome = await amendBooking(db, agent, confirm, { place: PLACE });
    const payment = (outcome as { payment: { paymentId: string; nextAction: { url: string } } }).payment;

    await payWithSandboxCard(db, payment.nextAction.url.split('/').pop()!, '4000000000000002');
    await returnFromProvider(db, agent, payment.paymentId);

    expect(await bookingRow(db, row.reference)).toMatchObject({ adults: 2, tourDate: row.tourDate, documentIssue: 1, status: 'completed', holdsStock: true });
    expect((await slotStock(db, booked.slot.id))?.left).toBe(8);
    expect((await slotStock(db, target.id))?.left).toBe(10);
    const [amendment] = await db.select().from(bookingAmendments).where(eq(bookingAmendments.paymentId, payment.paymentId));
    expect(amendment).toMatchObject({ status: 'failed', failureReason: 'paymentFailed' });
    // The booking can be amended again: the failed one holds nothing.
    const again = await amendBooking(db, agent, { ...confirm, idempotencyKey: crypto.randomUUID() }, { place: PLACE });
    expect(again.kind).toBe('payment');
  });

  it('a decrease goes back to the card that paid, once', async () => {
    const { db } = database;
    const { agent, booked, row, confirm } = await paidCardBookingOneGuestFewer();
    await Promise.all(Array.from({ length: 5 }, () => amendBooking(db, agent, confirm, { place: PLACE })));

    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, booked.paymentId));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.reason).toMatch(/^amendment:/);
    expect(refunds[0]!.amountMinor).toBeGreaterThan(0);
    expect(await bookingRow(db, row.reference)).toMatchObject({ adults: 2, documentIssue: 2 });
  });

  it('a cancellation after a card-paid increase refunds its tier of both payments, each to its own, as the booking page showed', async () => {
    const { db } = database;
    const { agent, booked, row, confirm } = await paidCardBooking();
    const outcome = await amendBooking(db, agent, confirm, { place: PLACE });
    const payment = (outcome as { payment: { paymentId: string; nextAction: { url: string } } }).payment;
    await payWithSandboxCard(db, payment.nextAction.url.split('/').pop()!, '4242 4242 4242 4242');
    await returnFromProvider(db, agent, payment.paymentId);
    expect(await bookingRow(db, row.reference)).toMatchObject({ adults: 3, documentIssue: 2 });

    const shown = (await loadBookingDetail(db, agent, row.reference))!.cancellation!;
    const cancelled = await cancelBooking(db, agent, row.reference);
    expect(cancelled.charged).toEqual(shown.charged);
    const paid = await db.select().from(payments).where(eq(payments.bookingId, row.id));
    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, row.id));
    expect(refunds.map((refund) => refund.reason)).toEqual(['cancellation', 'cancellation']);
    for (const id of [booked.paymentId, payment.paymentId]) {
      const charged = paid.find((candidate) => candidate.id === id)!;
      const refund = refunds.find((candidate) => candidate.paymentId === id)!;
      // The tier of each payment, less the processing fee: the whole tier when nothing was kept.
      expect(refund.amountMinor).toBeGreaterThan(0);
      expect(refund.amountMinor).toBeLessThanOrEqual(charged.amountMinor);
      expect(refund.currency).toBe(charged.currency);
    }
    expect(refunds.reduce((total, refund) => total + refund.amountMinor, 0)).toBe(shown.charged!.refundMinor);
    expect(shown.charged!.paidMinor).toBe(paid.filter((candidate) => candidate.status === 'succeeded').reduce((total, candidate) => total + candidate.amountMinor, 0));
    // The credit note lists both refunds.
    const document = await loadBookingDocument(db, agent, row.reference);
    expect(document!.providerRefunds.reduce((total, refund) => total + refund.amountMinor, 0)).toBe(shown.charged!.refundMinor);
  });

  it('a cancellation after a decrease refunds its tier of what is left of the payment, not of all of it', async () => {
    const { db } = database;
    const { agent, booked, row, confirm } = await paidCardBookingOneGuestFewer();
    await amendBooking(db, agent, confirm, { place: PLACE });
    const [decrease] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, booked.paymentId));
    const [charged] = await db.select().from(payments).where(eq(payments.id, booked.paymentId));

    const shown = (await loadBookingDetail(db, agent, row.reference))!.cancellation!;
    expect(shown.charged!.paidMinor).toBe(charged!.amountMinor - decrease!.amountMinor);
    await cancelBooking(db, agent, row.reference);
    const [cancellation] = await db.select().from(paymentRefunds).where(and(eq(paymentRefunds.paymentId, booked.paymentId), eq(paymentRefunds.reason, 'cancellation')));
    expect(cancellation!.amountMinor).toBe(shown.charged!.refundMinor);
    // Never more back than was charged.
    expect(decrease!.amountMinor + cancellation!.amountMinor).toBeLessThanOrEqual(charged!.amountMinor);
  });
});
