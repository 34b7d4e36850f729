import { eq } from 'drizzle-orm';
import { loadCheckoutView } from '@/server/bookings/checkout-queries';
import { sandboxCharges } from '@/server/db/schema';
import { placeBooking } from '@/server/checkout/place-booking';
import { quoteCheckoutCharges } from '@/server/payments/checkout-charges';
import type { Currency } from '@/shared/money/money';
import type { Variant } from '@/shared/sites/site-variants';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { bookingRow, clearQueuedJobs, forgetPayments, ORIGIN, paymentRow, setUpPayments } from './payment-fixtures';

// The money shown is the money charged: the checkout page's "You will be charged" (and its NET,
// fees and tax) is computed as the page computes it, the charge as "Book and pay" makes it, and
// the two are the same for every method, currency, promo code and host.

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

const PLACES: { host: string; variant: Variant; displayCurrency: Currency }[] = [
  { host: 'main', variant: 'main', displayCurrency: 'AED' },
  { host: 'main', variant: 'main', displayCurrency: 'USD' },
  { host: 'partner', variant: 'second', displayCurrency: 'AED' },
  { host: 'ru', variant: 'russian', displayCurrency: 'RUB' },
];

describe.each(PLACES)('on the $host host showing $displayCurrency', (place) => {
  it.each([null, 'welcome10'])('with promo code %s every offered method charges exactly what the checkout shows', async (promoCode) => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@gulfhorizons.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(new Date().toISOString().slice(0, 10), 30 + Math.floor(Math.random() * 300));
    const slot = await prepareSlot(db, offer.id, date, { left: 40 });
    const selection = { offerId: offer.id, date, time: slot.startTime, adults: 3, children: 1, infants: 0 };

    // The checkout page: its view (priced with the applied code) and its charge lines.
    const view = (await loadCheckoutView(db, senior, selection, new Date(), promoCode))!;
    expect(view.promo?.code ?? null).toBe(promoCode?.toUpperCase() ?? null);
    if (promoCode) expect(view.quote.discountMinor).toBe(Math.round(view.quote.netSubtotalMinor / 10));
    const shown = await quoteCheckoutCharges(db, { ...view.quote, widgetId: null }, place);
    const methods = shown.map((charge) => `${charge.offered.method}:${charge.offered.currency}`).sort();
    expect(methods).toEqual(place.variant === 'russian' ? ['card:RUB', 'crypto:USD', 'sbp:RUB'] : [`card:${place.displayCurrency}`, `crypto:${place.displayCurrency}`]);

    for (const { offered, quote } of shown) {
      const placed = await placeBooking(db, { principal: senior, locale: 'en', place: () => ({ ...place, origin: ORIGIN, locale: 'en' }) }, checkoutInput({ ...selection, promoCode, paymentMethod: offered.method }));
      if (!placed.payment) throw new Error(`${offered.method} booked without starting its payment`);
      const booked = { reference: placed.reference, paymentId: placed.payment.paymentId };
      const booking = await bookingRow(db, booked.reference);
      const payment = await paymentRow(db, booked.paymentId);
      const [hosted] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.paymentId, booked.paymentId));
      const label = `${offered.method} in ${offered.currency}`;
      // The NET the summary and the funds check use is the booking's.
      expect(booking.netTotalMinor, label).toBe(view.quote.netTotalMinor);
      expect(payment.baseAmountMinor, label).toBe(quote.baseAmountMinor);
      expect({ currency: payment.currency, total: payment.amountMinor, fee: payment.feeMinor, tax: payment.taxMinor }, label).toEqual({
        currency: quote.currency,
        total: quote.totalMinor,
        fee: quote.feeMinor,
        tax: quote.taxMinor,
      });
      // The hosted page asks the payer for the same amount.
      expect({ currency: hosted?.currency, amount: hosted?.amountMinor }, label).toEqual({ currency: quote.currency, amount: quote.totalMinor });
      if (quote.currency === 'RUB') expect(quote.feeMinor + quote.taxMinor, label).toBeGreaterThan(0);
    }
  });
});

it('a code that no longer applies prices nothing and says why', async () => {
  const { db } = database;
  const senior = await principalFor(db, 'senior@gulfhorizons.test');
  const offer = await findOffer(db, 'shared');
  const date = addDays(new Date().toISOString().slice(0, 10), 40);
  const slot = await prepareSlot(db, offer.id, date, { left: 10 });
  const view = (await loadCheckoutView(db, senior, { offerId: offer.id, date, time: slot.startTime, adults: 1, children: 0, infants: 0 }, new Date(), 'EXPIRED5'))!;
  expect(view.promo).toBeNull();
  expect(view.promoRefused).toBe('checkout.wrongPromo');
  expect(view.quote.discountMinor).toBe(0);
});
