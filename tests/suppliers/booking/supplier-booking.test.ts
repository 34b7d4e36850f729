import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { expireHold, returnFromProvider } from '@/server/checkout/settlement';
import { payBooking } from '@/server/checkout/pay-booking';
import { placeBooking } from '@/server/checkout/place-booking';
import { bookings, ledgerEntries, paymentRefunds, payments, webhookEvents } from '@/server/db/schema';
import { createEndpoint, deleteEndpoint } from '@/server/webhooks/manage-webhooks';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { breakerState, FAILURES_TO_OPEN, throughBreaker } from '@/server/suppliers/breaker';
import { settleSupplierBooking } from '@/server/suppliers/booking/confirm-at-supplier';
import { checkSupplierSlot, holdAtSupplier } from '@/server/suppliers/booking/hold-at-supplier';
import { SupplierError } from '@/server/suppliers/errors';
import { createOctoConnector } from '@/server/suppliers/octo/octo-connector';
import type { CheckoutInput } from '@/shared/bookings/checkout-schema';
import { addDays, agencyBalance, checkoutInput, principalFor } from '../../support/booking-fixtures';
import { startOctoSupplier, type OctoSupplierHandle } from '../../support/octo-supplier/server';
import { seedSupplierTour, SUPPLIER_TOUR_OPTION, type SupplierTour } from '../../support/supplier-tour';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { bookingRow, clearQueuedJobs, forgetPayments, paymentRow, PLACE, setUpPayments } from '../../payments/payment-fixtures';

// Booking a supplier's tour through its supplier, against the local OCTO supplier over HTTP, the
// sandbox gateway and the embedded job table (on PGlite and PostgreSQL): reserve → pay → confirm,
// the supplier's reference on the booking; a refused confirm releases and gives the money back; a
// supplier silent after payment leaves the booking awaiting it until the job settles it either
// way; a supplier that is down makes a request; a cancellation reaches the supplier first.

let database: TestDatabase;
let supplier: OctoSupplierHandle;

beforeAll(async () => {
  vi.stubEnv('SUPPLIERS_ALLOW_PRIVATE_ADDRESSES', 'on');
  database = await createTestDatabase({ poolSize: 12, demoData: { today: new Date() } });
  setUpPayments(database.db);
  supplier = await startOctoSupplier();
});
afterAll(async () => {
  forgetPayments();
  await supplier.close();
  await database.dispose();
  vi.unstubAllEnvs();
});
beforeEach(async () => {
  supplier.setDown(false);
  supplier.setDelay(0);
  await clearQueuedJobs(database.db);
});

const senior = () => principalFor(database.db, 'senior@gulfhorizons.test');
const today = () => new Date().toISOString().slice(0, 10);

/** A fresh supplier row per test: each has its own breaker, so one test's outage is not another's. */
async function supplierTour(): Promise<SupplierTour> {
  return seedSupplierTour(database.db, supplier);
}

function supplierCheckout(tour: SupplierTour, overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  const date = addDays(today(), 10 + Math.floor(Math.random() * 300));
  return checkoutInput({ offerId: tour.offerId, date, time: SUPPLIER_TOUR_OPTION.times[0], adults: 2, ...overrides });
}

async function place(input: CheckoutInput) {
  return placeBooking(database.db, { principal: await senior(), locale: 'en', place: () => PLACE }, input);
}

const atSupplier = (uuid: string | null) => supplier.bookings().find((booking) => booking.uuid === uuid);

/** A card booking of the supplier's tour paid in the sandbox and returned from (the settlement confirms it). */
async function payByCard(tour: SupplierTour, options: { beforeReturn?: () => void } = {}) {
  const placed = await place(supplierCheckout(tour, { paymentMethod: 'card' }));
  const chargeId = placed.payment!.nextAction.kind === 'redirect' ? placed.payment!.nextAction.url.split('/').pop()! : '';
  await payWithSandboxCard(database.db, chargeId, '4242 4242 4242 4242');
  options.beforeReturn?.();
  await returnFromProvider(database.db, await senior(), placed.payment!.paymentId);
  return { reference: placed.reference, paymentId: placed.payment!.paymentId };
}

describe('booking a supplier tour', () => {
  it('from the balance: held, paid, confirmed at the supplier at once, with its reference and codes', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const before = await agencyBalance(db, (await senior()).agencyId);
    const placed = await place(supplierCheckout(tour, { paymentMethod: 'balance' }));

    expect(placed.status).toBe('completed');
    const row = await bookingRow(db, placed.reference);
    const held = atSupplier(row.supplierBookingUuid);
    expect(held).toMatchObject({ status: 'CONFIRMED', resellerReference: placed.reference, unitItems: [{ unitId: 'evening-adult' }, { unitId: 'evening-adult' }] });
    expect(row).toMatchObject({ supplierId: tour.supplierId, supplierStatus: 'confirmed', supplierReference: held!.supplierReference, startTime: '15:00', supplierError: null });
    expect(row.supplierTickets?.length).toBeGreaterThan(0);
    expect(await agencyBalance(db, row.agencyId)).toBe(before - row.netTotalMinor);
    // The supplier was asked for the slot live before the reserve: a booking never books from a cache.
    expect(supplier.requests.slice(-3).map((request) => request.operation)).toEqual(['Availabilities_AvailabilityCheck', 'Bookings_BookingReservation', 'Bookings_BookingConfirmation']);
    expect(supplier.requests.every((request) => request.valid)).toBe(true);
  });

  it('by card: held while the payment runs (our hold never outliving the supplier\'s), confirmed when it settles', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const placed = await place(supplierCheckout(tour, { paymentMethod: 'card' }));
    expect(placed).toMatchObject({ status: 'payment_required', payment: { nextAction: { kind: 'redirect' } } });
    const waiting = await bookingRow(db, placed.reference);
    expect(waiting.supplierStatus).toBe('on_hold');
    expect(atSupplier(waiting.supplierBookingUuid)?.status).toBe('ON_HOLD');
    expect(waiting.holdExpiresAt!.getTime()).toBeLessThanOrEqual(waiting.supplierHoldExpiresAt!.getTime());

    const chargeId = placed.payment!.nextAction.kind === 'redirect' ? placed.payment!.nextAction.url.split('/').pop()! : '';
    await payWithSandboxCard(db, chargeId, '4242 4242 4242 4242');
    await returnFromProvider(db, await senior(), placed.payment!.paymentId);

    const paid = await bookingRow(db, placed.reference);
    const held = atSupplier(paid.supplierBookingUuid);
    expect(held?.status).toBe('CONFIRMED');
    expect(paid).toMatchObject({ status: 'completed', supplierStatus: 'confirmed', supplierReference: held!.supplierReference });
  });

  it('a refused confirm after a balance payment: released at the supplier, re-credited at once, not confirmed', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const agencyId = (await senior()).agencyId;
    const before = await agencyBalance(db, agencyId);
    supplier.failNextConfirm();
    const placed = await place(supplierCheckout(tour, { paymentMethod: 'balance' }));

    expect(placed.status).toBe('payment_failed');
    const row = await bookingRow(db, placed.reference);
    expect(row).toMatchObject({ status: 'payment_failed', supplierStatus: 'failed', paidMinor: 0, supplierReference: null });
    expect(row.supplierError).toMatch(/rejected|UNPROCESSABLE/i);
    expect(atSupplier(row.supplierBookingUuid)?.status).toBe('CANCELLED');
    expect(await agencyBalance(db, agencyId)).toBe(before);
    const lines = await db.select({ kind: ledgerEntries.kind }).from(ledgerEntries).where(eq(ledgerEntries.bookingId, row.id));
    expect(lines.map((line) => line.kind).sort()).toEqual(['booking', 'refund']);
    // Nothing is held at the supplier any more: paying again is refused rather than confirmed blind.
    await expect(payBooking(db, await senior(), { reference: placed.reference, method: 'balance', place: () => PLACE })).rejects.toMatchObject({ code: 'supplierBooking.holdEnded' });
  });

  it("tells the agency's webhooks 'confirmed' only once the supplier has confirmed, and never for a booking it refused", async () => {
    const { db } = database;
    vi.stubEnv('WEBHOOKS_ALLOW_PRIVATE_ADDRESSES', 'on');
    const admin = await principalFor(db, 'admin@gulfhorizons.test');
    const { endpointId } = await createEndpoint(db, admin, { url: 'http://127.0.0.1:9/hooks', events: ['booking.created', 'booking.confirmed', 'booking.amended'] });
    try {
      const events = async (reference: string) => {
        const rows = await db
          .select({ type: webhookEvents.type })
          .from(webhookEvents)
          .innerJoin(bookings, eq(bookings.id, webhookEvents.bookingId))
          .where(eq(bookings.reference, reference))
          .orderBy(asc(webhookEvents.seq));
        return rows.map((row) => row.type);
      };
      const tour = await supplierTour();
      // By card, the supplier silent when the payment settles: paid, but not confirmed to the agency
      // until the supplier confirms (the job that asks it again).
      const paid = await payByCard(tour, { beforeReturn: () => supplier.setDown(true) });
      const awaiting = await bookingRow(db, paid.reference);
      expect(awaiting).toMatchObject({ status: 'completed', supplierStatus: 'awaiting_supplier' });
      expect(await events(paid.reference)).toEqual(['booking.created']);
      supplier.setDown(false);
      await settleSupplierBooking(db, awaiting.id);
      expect((await bookingRow(db, paid.reference)).supplierStatus).toBe('confirmed');
      expect(await events(paid.reference)).toEqual(['booking.created', 'booking.confirmed']);
      // From the balance, refused by the supplier: created, then amended to not confirmed.
      supplier.failNextConfirm();
      const refused = await place(supplierCheckout(tour, { paymentMethod: 'balance' }));
      expect(refused.status).toBe('payment_failed');
      expect(await events(refused.reference)).toEqual(['booking.created', 'booking.amended']);
    } finally {
      await deleteEndpoint(db, admin, endpointId);
    }
  });

  it('a refused confirm after a card payment: released at the supplier and the payment refunded whole', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const paid = await payByCard(tour, { beforeReturn: () => supplier.failNextConfirm() });

    const row = await bookingRow(db, paid.reference);
    expect(row).toMatchObject({ status: 'payment_failed', supplierStatus: 'failed' });
    expect(atSupplier(row.supplierBookingUuid)?.status).toBe('CANCELLED');
    const payment = await paymentRow(db, paid.paymentId);
    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid.paymentId));
    expect(refunds).toMatchObject([{ reason: 'supplierRefused', amountMinor: payment.amountMinor }]);
  });

  it('a supplier silent after the payment: awaiting the supplier, then the job confirms it', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const paid = await payByCard(tour, { beforeReturn: () => supplier.setDown(true) });
    const awaiting = await bookingRow(db, paid.reference);
    expect(awaiting).toMatchObject({ status: 'completed', supplierStatus: 'awaiting_supplier' });
    expect(awaiting.supplierError).toMatch(/timeout|unavailable|circuit/);

    // Still silent: the job throws, so its queue retries with backoff.
    await expect(settleSupplierBooking(db, awaiting.id)).rejects.toThrow(/unanswered/);
    supplier.setDown(false);
    await waitForBreaker(() => settleSupplierBooking(db, awaiting.id));
    const settled = await bookingRow(db, paid.reference);
    const held = atSupplier(settled.supplierBookingUuid);
    expect(held?.status).toBe('CONFIRMED');
    expect(settled).toMatchObject({ status: 'completed', supplierStatus: 'confirmed', supplierReference: held!.supplierReference });
    expect(supplier.bookings().filter((booking) => booking.uuid === settled.supplierBookingUuid)).toHaveLength(1);
  });

  it('awaiting the supplier, which confirmed meanwhile: the job finds it confirmed and asks nothing twice', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const paid = await payByCard(tour, { beforeReturn: () => supplier.setDown(true) });
    const awaiting = await bookingRow(db, paid.reference);
    supplier.setDown(false);
    // The confirm reached the supplier after all (its answer was what got lost).
    const direct = createOctoConnector({ supplierId: 'direct', baseUrl: supplier.url, apiKey: supplier.apiKey, capabilities: [], currency: 'AED' });
    await direct.confirm(awaiting.supplierBookingUuid!, { resellerReference: paid.reference, contact: { fullName: 'Test Guest', emailAddress: 'guest@example.test', phoneNumber: '+971500000000', locales: ['en'] } });
    const confirms = supplier.requests.filter((request) => request.operation === 'Bookings_BookingConfirmation').length;

    await waitForBreaker(() => settleSupplierBooking(db, awaiting.id));
    expect(await bookingRow(db, paid.reference)).toMatchObject({ supplierStatus: 'confirmed', supplierReference: atSupplier(awaiting.supplierBookingUuid)!.supplierReference });
    expect(supplier.requests.filter((request) => request.operation === 'Bookings_BookingConfirmation').length).toBe(confirms);
  });

  it('awaiting the supplier, which then refuses: the job releases it and refunds the payment', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const paid = await payByCard(tour, { beforeReturn: () => supplier.setDown(true) });
    const awaiting = await bookingRow(db, paid.reference);
    supplier.setDown(false);
    supplier.failNextConfirm();

    await waitForBreaker(() => settleSupplierBooking(db, awaiting.id));
    expect(await bookingRow(db, paid.reference)).toMatchObject({ status: 'payment_failed', supplierStatus: 'failed' });
    expect(await db.$count(paymentRefunds, and(eq(paymentRefunds.paymentId, paid.paymentId), eq(paymentRefunds.reason, 'supplierRefused')))).toBe(1);
  });

  it('a supplier that is down at checkout: the booking becomes a request with the reason, no payment, no error', async () => {
    const { db } = database;
    const tour = await supplierTour();
    supplier.setDown(true);
    const placed = await place(supplierCheckout(tour, { paymentMethod: 'card' }));

    expect(placed).toMatchObject({ status: 'quotation_request', payment: null });
    const row = await bookingRow(db, placed.reference);
    expect(row).toMatchObject({ requestReason: 'supplierUnavailable', paymentMethod: 'request', supplierId: tour.supplierId, supplierBookingUuid: null, supplierStatus: null });
    expect(row.supplierError).toMatch(/timeout|unavailable|circuit/);
    expect(await db.$count(payments, eq(payments.bookingId, row.id))).toBe(0);
  });

  it('a supplier whose breaker is open: the booking becomes a request at once, without calling it', async () => {
    const { db } = database;
    const tour = await supplierTour();
    // Three calls that timed out open its breaker (server/suppliers/breaker.ts).
    for (let failure = 0; failure < FAILURES_TO_OPEN; failure += 1) {
      await throughBreaker(tour.supplierId, () => Promise.reject(new SupplierError('timeout', tour.supplierId))).catch(() => undefined);
    }
    expect(breakerState(tour.supplierId).state).toBe('open');
    const asked = supplier.requests.length;
    const started = Date.now();
    const placed = await place(supplierCheckout(tour, { paymentMethod: 'balance' }));

    expect(placed.status).toBe('quotation_request');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(supplier.requests.length).toBe(asked);
    expect(await bookingRow(db, placed.reference)).toMatchObject({ requestReason: 'supplierUnavailable', supplierError: expect.stringMatching(/^circuit_open/) });
  });

  it('a cancellation reaches the supplier first; a supplier that cannot be reached leaves the booking as it was', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const agent = await senior();
    const kept = await place(supplierCheckout(tour, { paymentMethod: 'balance' }));
    const cancelled = await place(supplierCheckout(tour, { paymentMethod: 'balance' }));

    supplier.setDown(true);
    await expect(cancelBooking(db, agent, kept.reference)).rejects.toMatchObject({ code: 'supplierBooking.cancelUnreachable' });
    const unchanged = await bookingRow(db, kept.reference);
    expect(unchanged).toMatchObject({ status: 'completed', supplierStatus: 'confirmed', refundMinor: null });
    expect(atSupplier(unchanged.supplierBookingUuid)?.status).toBe('CONFIRMED');

    supplier.setDown(false);
    const before = await agencyBalance(db, agent.agencyId);
    const quote = await waitForBreaker(() => cancelBooking(db, agent, cancelled.reference));
    const row = await bookingRow(db, cancelled.reference);
    expect(atSupplier(row.supplierBookingUuid)?.status).toBe('CANCELLED');
    expect(row).toMatchObject({ status: 'cancelled', supplierStatus: 'cancelled', refundMinor: quote.refundMinor });
    expect(quote.refundMinor).toBeGreaterThan(0);
    expect(await agencyBalance(db, agent.agencyId)).toBe(before + quote.refundMinor);
  });

  it('cancelling a booking awaiting its supplier asks the supplier first: refused while it is silent, then cancelled there', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const agent = await senior();
    const paid = await payByCard(tour, { beforeReturn: () => supplier.setDown(true) });
    expect((await bookingRow(db, paid.reference)).supplierStatus).toBe('awaiting_supplier');

    await expect(cancelBooking(db, agent, paid.reference)).rejects.toMatchObject({ code: 'supplierBooking.cancelUnreachable' });
    expect(await bookingRow(db, paid.reference)).toMatchObject({ status: 'completed', supplierStatus: 'awaiting_supplier' });

    supplier.setDown(false);
    await waitForBreaker(() => cancelBooking(db, agent, paid.reference));
    const row = await bookingRow(db, paid.reference);
    expect(row).toMatchObject({ status: 'cancelled', supplierStatus: 'cancelled' });
    expect(atSupplier(row.supplierBookingUuid)?.status).toBe('CANCELLED');
    expect(await db.$count(paymentRefunds, and(eq(paymentRefunds.paymentId, paid.paymentId), eq(paymentRefunds.reason, 'cancellation')))).toBe(1);
  });

  it('an unpaid card booking whose hold expires gives the seats back at the supplier too', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const placed = await place(supplierCheckout(tour, { paymentMethod: 'card' }));
    const row = await bookingRow(db, placed.reference);

    expect(await expireHold(db, row.id, new Date(row.holdExpiresAt!.getTime() + 1_000))).toBe(true);
    expect(atSupplier(row.supplierBookingUuid)?.status).toBe('CANCELLED');
    expect(await bookingRow(db, placed.reference)).toMatchObject({ status: 'payment_required', supplierStatus: 'cancelled' });
    await expect(payBooking(db, await senior(), { reference: placed.reference, method: 'balance', place: () => PLACE })).rejects.toMatchObject({ code: 'supplierBooking.holdEnded' });
  });

  it('the same checkout sent 6 times at once reserves once at the supplier and charges once', async () => {
    const { db } = database;
    const tour = await supplierTour();
    const agencyId = (await senior()).agencyId;
    const before = await agencyBalance(db, agencyId);
    const input = supplierCheckout(tour, { paymentMethod: 'balance' });
    const placed = await Promise.all(Array.from({ length: 6 }, () => place(input)));

    expect(new Set(placed.map((booking) => booking.reference)).size).toBe(1);
    const row = await bookingRow(db, placed[0]!.reference);
    expect(row.supplierStatus).toBe('confirmed');
    expect(supplier.bookings().filter((booking) => booking.resellerReference === row.reference || booking.uuid === row.supplierBookingUuid)).toHaveLength(1);
    expect(await db.$count(bookings, and(eq(bookings.agencyId, agencyId), eq(bookings.idempotencyKey, input.idempotencyKey)))).toBe(1);
    expect(await agencyBalance(db, agencyId)).toBe(before - row.netTotalMinor);

    // The control: the same six reserves, each under a uuid of its own (what a checkout without
    // the derived uuid would send), hold six bookings at the supplier.
    const slot = await checkSupplierSlot(db, tour.offerId, { date: addDays(input.date, 1), time: input.time, counts: { adults: 1, children: 0, infants: 0 } });
    const holds = await Promise.all(Array.from({ length: 6 }, () => holdAtSupplier(db, slot as Extract<typeof slot, { kind: 'slot' }>, { agencyId, idempotencyKey: randomUUID(), expirationMinutes: 5 })));
    expect(new Set(holds.map((hold) => ('uuid' in hold ? hold.uuid : null))).size).toBe(6);
    expect(supplier.bookings().filter((booking) => holds.some((hold) => 'uuid' in hold && hold.uuid === booking.uuid))).toHaveLength(6);
  });
});

/**
 * Runs `action` once the supplier's circuit breaker lets calls through again: an outage a test
 * made may have opened it, and it only half-opens after its cool-down.
 */
async function waitForBreaker<T>(action: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await action();
    } catch (error) {
      if (Date.now() - started > timeoutMs || !/circuit_open|unanswered|cancelUnreachable/.test(String((error as { code?: string }).code ?? (error as Error).message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
