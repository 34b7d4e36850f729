import { createBooking } from '@/server/bookings/create-booking';
import { loadPaymentOptions } from '@/server/checkout/payment-options';
import { issueMonthInvoices } from '@/server/credit/issue-invoices';
import type { Database } from '@/server/db/connection';
import { agencies, users } from '@/server/db/schema';
import { seedDemoData } from '@/server/db/seed';
import { quoteCheckoutCharges } from '@/server/payments/checkout-charges';
import { dubaiToday } from '@/shared/availability/rules';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The one loader of payment options (server/checkout/payment-options.ts), as the checkout page
// and Pay now read it: provider methods by role with the charge they would make, and the credit
// rule that closes the balance's credit to an agency with an overdue invoice.

let database: TestDatabase;
const realNow = new Date();
const thisMonth = dubaiToday(realNow).slice(0, 7);
const place = { variant: 'main' as const, displayCurrency: 'AED' as const };
const booking = { netTotalMinor: 40_000, publishedTotalMinor: 50_000, widgetId: null };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { today: realNow });
  setUpPayments(database.db);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

describe('the payment options', () => {
  it('offer a role that sees the NET each provider method with the charge starting it makes, and the funds', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const options = await loadPaymentOptions(db, senior, { place, booking, funds: true });
    expect(options.providers.map((option) => option.offered.method)).toEqual(['card', 'crypto']);
    expect(options.providers).toEqual(await quoteCheckoutCharges(db, booking, place));
    expect(options.availableMinor).toEqual(expect.any(Number));
    expect(options.credit).toBeNull();

    const unknown = await loadPaymentOptions(db, senior, { place, booking: null });
    expect(unknown.providers.map((option) => option.quote)).toEqual([null, null]);
    expect(unknown.availableMinor).toBeNull();
    expect((await loadPaymentOptions(db, senior, { place, booking, requestOnly: true })).providers).toEqual([]);
  });

  it('offer a junior no provider method and no funds (nothing may show a junior the NET)', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    expect(await loadPaymentOptions(db, junior, { place, booking, funds: true })).toEqual({ providers: [], credit: null, availableMinor: null });
  });

  it('close the credit to an agency with an overdue invoice for what its balance does not cover', async () => {
    const { db } = database;
    const principal = await agencyWithBalanceBooking(db);
    // Next month (Date.UTC's months count from 0): invoiced on the 6th, due on the 10th, overdue on the 20th.
    const [year, month] = thisMonth.split('-').map(Number) as [number, number];
    await issueMonthInvoices(db, thisMonth, { now: new Date(Date.UTC(year, month, 6, 8)) });
    const afterDue = new Date(Date.UTC(year, month, 20, 8));
    const before = await loadPaymentOptions(db, principal, { place, booking, creditFor: 1, now: realNow });
    expect(before.credit).toEqual({ overdue: null, closed: false });
    const overdue = await loadPaymentOptions(db, principal, { place, booking, creditFor: 1, now: afterDue });
    expect(overdue.credit).toMatchObject({ overdue: { month: `${thisMonth}-01` }, closed: true });
  });
});

/** A new approved agency (10-day terms) owing one balance booking this month. */
async function agencyWithBalanceBooking(db: Database) {
  const [agency] = await db.insert(agencies).values({ name: 'Options Test', status: 'active', creditLimitMinor: 1_000_000, paymentTermsDays: 10 }).returning({ id: agencies.id });
  const email = `admin.${Date.now()}@options-test.test`;
  await db.insert(users).values({ agencyId: agency!.id, email, name: 'Admin', role: 'admin', status: 'active', passwordHash: 'x' });
  const principal = await principalFor(db, email);
  const offer = await findOffer(db, 'shared');
  const slot = await prepareSlot(db, offer.id, addDays(dubaiToday(realNow), 10), { left: 50 });
  await createBooking(db, principal, checkoutInput({ offerId: offer.id, date: slot.date, time: slot.startTime, adults: 1, paymentMethod: 'balance' }), { locale: 'en', now: realNow });
  return principal;
}
