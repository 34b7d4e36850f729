import { eq } from 'drizzle-orm';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { createBooking } from '@/server/bookings/create-booking';
import { loadBookingDetail } from '@/server/bookings/queries';
import { ledgerEntries, paymentRefunds } from '@/server/db/schema';
import { returnFromProvider } from '@/server/checkout/settlement';
import { payWithSandboxCard, payWithSandboxWallet } from '@/server/payments/providers/sandbox/sandbox-charges';
import { startBookingPayment } from '@/server/payments/start-payment';
import type { Currency } from '@/shared/money/money';
import type { Variant } from '@/shared/sites/site-variants';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { clearQueuedJobs, forgetPayments, ORIGIN, paymentRow, setUpPayments } from './payment-fixtures';

// A booking paid by card, crypto or SBP reads as paid: its page shows the payment as charged and a
// final balance of 0, and the cancel panel's preview is what the cancellation then refunds, the
// way it was paid. An unpaid one says that its payment is required.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 10, demoData: { today: new Date() } });
  setUpPayments(database.db);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});
beforeEach(() => clearQueuedJobs(database.db));

const senior = () => principalFor(database.db, 'senior@gulfhorizons.test');

/** A provider booking three days ahead (the 48h+ tier), its payment started on `place`. */
async function providerBooking(method: 'card' | 'crypto' | 'sbp', place: { variant: Variant; displayCurrency: Currency }, promoCode: string | null = null) {
  const { db } = database;
  const agent = await senior();
  const offer = await findOffer(db, 'shared');
  const date = addDays(new Date().toISOString().slice(0, 10), 3 + Math.floor(Math.random() * 4));
  const slot = await prepareSlot(db, offer.id, date, { left: 30 });
  const booked = await createBooking(db, agent, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 2, promoCode, paymentMethod: method }), { locale: 'en' });
  const started = await startBookingPayment(db, agent, { ...place, origin: ORIGIN, locale: 'en', reference: booked.reference, method });
  const chargeId = started.nextAction.kind === 'redirect' ? started.nextAction.url.split('/').pop()! : (await paymentRow(db, started.paymentId)).providerReference!;
  return { agent, reference: booked.reference, paymentId: started.paymentId, chargeId };
}

describe.each([
  { method: 'card' as const, place: { variant: 'main' as const, displayCurrency: 'AED' as const }, promo: 'WELCOME10' },
  { method: 'crypto' as const, place: { variant: 'main' as const, displayCurrency: 'USD' as const }, promo: null },
  { method: 'card' as const, place: { variant: 'russian' as const, displayCurrency: 'RUB' as const }, promo: null },
  { method: 'sbp' as const, place: { variant: 'russian' as const, displayCurrency: 'RUB' as const }, promo: 'WELCOME10' },
])('paid by $method on the $place.variant host', ({ method, place, promo }) => {
  it('shows the payment as charged, a final balance of 0, and previews exactly the refund the cancellation makes', async () => {
    const { db } = database;
    const { agent, reference, paymentId, chargeId } = await providerBooking(method, place, promo);
    if (method === 'card') await payWithSandboxCard(db, chargeId, '4242 4242 4242 4242');
    else await payWithSandboxWallet(db, chargeId, true);
    expect(await returnFromProvider(db, agent, paymentId)).toMatchObject({ status: 'succeeded', bookingStatus: 'completed' });
    const payment = await paymentRow(db, paymentId);

    const detail = (await loadBookingDetail(db, agent, reference))!;
    expect(detail.payment).toMatchObject({ method, currency: payment.currency, totalMinor: payment.amountMinor, feeMinor: payment.feeMinor, taxMinor: payment.taxMinor });
    if (payment.currency === 'RUB') expect(detail.payment!.lines.map((line) => line.kind)).toEqual(method === 'card' ? ['subtotal', 'conversionFee', 'cardFee', 'tax'] : ['subtotal', 'conversionFee', 'tax']);
    expect(detail.paidMinor).toBe(detail.netTotalMinor);
    expect(detail.finalBalanceMinor).toBe(0);

    // The preview: back the way it was paid, in the currency charged, less the processing fee.
    const preview = detail.cancellation!;
    expect(preview.destination).toBe(method);
    expect(preview.tier).toBe('moreThan48h');
    expect(preview.charged).toMatchObject({ currency: payment.currency, paidMinor: payment.amountMinor });
    expect(preview.charged!.refundMinor).toBe(preview.charged!.grossRefundMinor - preview.charged!.feeMinor);
    expect(preview.charged!.feeMinor).toBeGreaterThan(0);

    const done = await cancelBooking(db, agent, reference);
    const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds.map((refund) => ({ amount: refund.amountMinor, currency: refund.currency, reason: refund.reason }))).toEqual([
      { amount: preview.charged!.refundMinor, currency: payment.currency, reason: 'cancellation' },
    ]);
    expect(done.charged).toEqual(preview.charged);
    expect({ refund: done.refundMinor, fee: done.feeMinor }).toEqual({ refund: preview.amounts!.refundMinor, fee: preview.amounts!.feeMinor });
    // Nothing of it touches the balance: it was not paid from there.
    expect(await db.$count(ledgerEntries, eq(ledgerEntries.description, `Refund ${reference}`))).toBe(0);
  });
});

it('an unpaid card booking owes its NET and previews no refund; its page reads "payment required"', async () => {
  const { db } = database;
  const { agent, reference } = await providerBooking('card', { variant: 'main', displayCurrency: 'AED' });
  const detail = (await loadBookingDetail(db, agent, reference))!;
  expect(detail.status).toBe('payment_required');
  expect(detail.payment).toBeNull();
  expect(detail.finalBalanceMinor).toBe(detail.netTotalMinor);
  expect(detail.cancellation).toMatchObject({ destination: 'balance', charged: null, amounts: { paidMinor: 0, refundMinor: 0 } });
  const done = await cancelBooking(db, agent, reference);
  expect(done.refundMinor).toBe(0);
  expect(await db.$count(paymentRefunds, eq(paymentRefunds.bookingId, (await db.query.bookings.findFirst({ where: (b, { eq: is }) => is(b.reference, reference) }))!.id))).toBe(0);
});
