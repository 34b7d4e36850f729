import { eq } from 'drizzle-orm';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { bookings, payments } from '@/server/db/schema';
import { installGateways } from '@/server/payments/gateways';
import { expireHold, reconcilePayments } from '@/server/checkout/settlement';
import { overdueHolds } from '@/server/payments/holds';
import { PROVIDER_LOOKUP_WINDOW_MS } from '@/server/payments/provider-lookups';
import { sandboxGateway } from '@/server/payments/providers/sandbox/sandbox-gateway';
import { principalFor, slotStock } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { bookingRow, cardBooking, clearQueuedJobs, forgetPayments, SECRET, setUpPayments } from './payment-fixtures';

// A hold ends once: cancelling an unpaid card booking gives its places back and clears its hold, so
// neither the expiry job nor the sweep gives them back again; the sweep looks only at unpaid
// bookings still holding; and a payment its payer abandoned is asked about for a day, not forever.

let database: TestDatabase;
/** The provider references the sandbox was asked about. */
const lookups: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date() } });
  setUpPayments(database.db);
  const sandbox = sandboxGateway(async () => database.db, SECRET);
  const retrieve = sandbox.retrieve.bind(sandbox);
  installGateways([
    Object.assign(Object.create(sandbox) as typeof sandbox, {
      retrieve: (reference: string) => {
        lookups.push(reference);
        return retrieve(reference);
      },
    }),
  ]);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});
beforeEach(async () => {
  lookups.length = 0;
  await clearQueuedJobs(database.db);
});

const senior = () => principalFor(database.db, 'senior@gulfhorizons.test');
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('holds', () => {
  it('cancelling an unpaid card booking gives its places back once and clears its hold', async () => {
    const { db } = database;
    const agent = await senior();
    const booked = await cardBooking(db, agent, { left: 6, adults: 2 });
    expect((await slotStock(db, booked.slot.id))?.left).toBe(4);

    await cancelBooking(db, agent, booked.reference);
    const row = await bookingRow(db, booked.reference);
    expect(row).toMatchObject({ status: 'cancelled', holdsStock: false, holdExpiresAt: null });
    expect((await slotStock(db, booked.slot.id))?.left).toBe(6);

    // The expiry job and the sweep, run after the hold's time, find nothing to give back.
    expect(await expireHold(db, row.id, later(16))).toBe(false);
    await reconcilePayments(db, later(16));
    expect((await slotStock(db, booked.slot.id))?.left).toBe(6);
  });

  it('the sweep never revisits a booking that left payment_required, whatever its row says of an old hold', async () => {
    const { db } = database;
    const agent = await senior();
    const cancelled = await cardBooking(db, agent);
    await cancelBooking(db, agent, cancelled.reference);
    const completed = await cardBooking(db, agent);
    const waiting = await cardBooking(db, agent);
    // Rows written before holds were cleared on every way out of payment_required.
    const past = new Date(Date.now() - 60_000);
    await db.update(bookings).set({ holdExpiresAt: past }).where(eq(bookings.reference, cancelled.reference));
    await db.update(bookings).set({ status: 'completed', holdExpiresAt: past }).where(eq(bookings.reference, completed.reference));

    const due = await overdueHolds(db, later(16), 10_000);
    expect(due).toContain((await bookingRow(db, waiting.reference)).id);
    expect(due).not.toContain((await bookingRow(db, cancelled.reference)).id);
    expect(due).not.toContain((await bookingRow(db, completed.reference)).id);
  });

  it('asks the provider about an open payment for 24 hours after it was created, then never again', async () => {
    const { db } = database;
    const agent = await senior();
    const fresh = await cardBooking(db, agent);
    const abandoned = await cardBooking(db, agent);
    const [{ providerReference: freshReference } = { providerReference: null }] = await db.select({ providerReference: payments.providerReference }).from(payments).where(eq(payments.id, fresh.paymentId));
    const [{ providerReference: abandonedReference } = { providerReference: null }] = await db.select({ providerReference: payments.providerReference }).from(payments).where(eq(payments.id, abandoned.paymentId));
    const dayAgo = new Date(Date.now() - PROVIDER_LOOKUP_WINDOW_MS - 60_000);
    await db.update(payments).set({ createdAt: dayAgo }).where(eq(payments.id, abandoned.paymentId));
    await db.update(payments).set({ createdAt: later(-5) }).where(eq(payments.id, fresh.paymentId));
    // Its booking's hold ran out long ago too: the sweep gives its places back without asking.
    await db.update(bookings).set({ holdExpiresAt: dayAgo }).where(eq(bookings.reference, abandoned.reference));

    await reconcilePayments(db);
    expect(lookups).toContain(freshReference);
    expect(lookups).not.toContain(abandonedReference);
    expect(await bookingRow(db, abandoned.reference)).toMatchObject({ status: 'payment_required', holdsStock: false, holdExpiresAt: null });

    lookups.length = 0;
    await reconcilePayments(db);
    expect(lookups).not.toContain(abandonedReference);
  });
});
