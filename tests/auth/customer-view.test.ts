import { encode } from 'next-auth/jwt';
import { authenticateAgent } from '@/server/auth/authenticate';
import { inCustomerView, priceSetFor, seesAgencyMoney, seesNetRates, withCustomerView } from '@/server/auth/customer-view';
import { type Principal, principalOfCookies } from '@/server/auth/principal';
import { startSession } from '@/server/auth/sessions';
import { loadCheckoutView } from '@/server/bookings/checkout-queries';
import { createBooking } from '@/server/bookings/create-booking';
import { loadPaymentOptions } from '@/server/checkout/payment-options';
import { listBookings } from '@/server/bookings/list-queries';
import { loadBookingDetail } from '@/server/bookings/queries';
import { getAgentTourDetails } from '@/server/catalog/agent-details';
import { DEMO_PASSWORD } from '@/server/db/seed/agencies';
import { CUSTOMER_VIEW_COOKIE, customerViewOfCookieHeader } from '@/shared/auth/customer-view';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Customer view: one rule (server/auth/customer-view.ts) decides whether a page shows NET rates,
// commissions and the agency's money. The device's cookie reaches the principal of a session
// (never of a bearer token), and every loader that renders a NET figure leaves it out then.

const SECRET = 'customer-view-test-secret-00000000000000';
const SESSION_COOKIE = 'authjs.session-token';
const TOUR = 'burj-khalifa-at-the-top';
const now = new Date('2026-11-21T08:00:00Z');

let database: TestDatabase;
beforeAll(async () => {
  vi.stubEnv('AUTH_SECRET', SECRET);
  database = await createTestDatabase({ demoData: { today: now } });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await database.dispose();
});

const member = (role: Principal['role'], extra: Partial<Principal> = {}): Principal => ({
  userId: 'u1',
  email: 'a@example.test',
  name: 'Ann',
  role,
  agencyId: 'a1',
  agencyName: 'Agency',
  agencyApproved: true,
  ...extra,
});

describe('the rule', () => {
  it('shows NET rates and the agency money to a senior or admin, and neither in customer view', () => {
    for (const role of ['admin', 'senior'] as const) {
      expect([seesNetRates(member(role)), seesAgencyMoney(member(role)), priceSetFor(member(role))]).toEqual([true, true, 'net']);
      const guestLooking = member(role, { customerView: true });
      expect([seesNetRates(guestLooking), seesAgencyMoney(guestLooking), priceSetFor(guestLooking), inCustomerView(guestLooking)]).toEqual([false, false, 'retail', true]);
    }
  });

  it('never widens what a role sees: a junior, an unapproved agency or nobody stay on retail', () => {
    expect(priceSetFor(member('junior'))).toBe('retail');
    expect(seesAgencyMoney(member('junior'))).toBe(false);
    expect(priceSetFor(member('admin', { agencyApproved: false }))).toBe('retail');
    expect([seesNetRates(null), seesAgencyMoney(null), inCustomerView(null)]).toEqual([false, false, false]);
  });

  it('reads the cookie only when it says on', () => {
    const cookies = (value: string) => ({ getAll: () => [{ name: 'other', value: '1' }, { name: CUSTOMER_VIEW_COOKIE, value }] });
    expect(withCustomerView(member('senior'), cookies('1')).customerView).toBe(true);
    for (const value of ['0', '', 'true', '1 ']) expect(withCustomerView(member('senior'), cookies(value))).not.toHaveProperty('customerView');
    expect(withCustomerView(member('senior', { customerView: true }), { getAll: () => [] })).not.toHaveProperty('customerView');
    expect(customerViewOfCookieHeader(`a=b; ${CUSTOMER_VIEW_COOKIE}=1; c=d`)).toBe(true);
    expect(customerViewOfCookieHeader(`x${CUSTOMER_VIEW_COOKIE}=1; ${CUSTOMER_VIEW_COOKIE}=0`)).toBe(false);
  });
});

describe('a signed-in request', () => {
  async function sessionCookie(email: string) {
    const result = await authenticateAgent(database.db, { email, password: DEMO_PASSWORD, address: '203.0.113.81' }, now);
    if (!result.ok) throw new Error(`Sign-in of ${email} failed: ${result.reason}`);
    const sid = await startSession(database.db, 'agent', result.agent.id);
    const value = await encode({ token: { uid: result.agent.id, sid, role: result.agent.role, agencyId: result.agent.agencyId }, secret: SECRET, salt: SESSION_COOKIE });
    return { name: SESSION_COOKIE, value };
  }

  it('carries the device cookie into the principal every page and action reads', async () => {
    const session = await sessionCookie('senior@desertrose.test');
    const plain = await principalOfCookies({ getAll: () => [session] }, async () => database.db);
    const viewing = await principalOfCookies({ getAll: () => [session, { name: CUSTOMER_VIEW_COOKIE, value: '1' }] }, async () => database.db);
    expect(plain).toMatchObject({ role: 'senior' });
    expect(plain).not.toHaveProperty('customerView');
    expect(viewing).toMatchObject({ role: 'senior', customerView: true });
    // Without a session the cookie alone is nobody.
    expect(await principalOfCookies({ getAll: () => [{ name: CUSTOMER_VIEW_COOKIE, value: '1' }] }, async () => database.db)).toBeNull();
  });
});

describe('the loaders in customer view', () => {
  it('leave the NET out of the tour page, the checkout, the bookings list and the booking page; the charge is unchanged', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const guestLooking: Principal = { ...senior, customerView: true };

    const tour = await getAgentTourDetails(db, senior, TOUR);
    expect(tour!.b2b!.length).toBeGreaterThan(0);
    expect(await getAgentTourDetails(db, guestLooking, TOUR)).toEqual({ notesToAgents: null, b2b: null });

    const offer = await findOffer(db, 'shared');
    const date = addDays('2026-11-21', 12);
    const slot = await prepareSlot(db, offer.id, date, { left: 10 });
    const selection = { offerId: offer.id, date, time: slot.startTime, adults: 2, children: 0, infants: 0 };
    const agentCheckout = await loadCheckoutView(db, senior, selection, now);
    const guestCheckout = await loadCheckoutView(db, guestLooking, selection, now);
    expect(agentCheckout).toMatchObject({ showNet: true, availableFundsMinor: expect.any(Number) });
    expect(guestCheckout).toMatchObject({ showNet: false, availableFundsMinor: null });
    // What is charged is computed as before: the same quote either way.
    expect(guestCheckout!.quote).toEqual(agentCheckout!.quote);

    const booked = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 2, paymentMethod: 'balance' }), { locale: 'en', now });
    const agentDetail = await loadBookingDetail(db, senior, booked.reference, now);
    const guestDetail = await loadBookingDetail(db, guestLooking, booked.reference, now);
    expect(agentDetail!.netTotalMinor).toBe(2 * offer.pricePerAdult!);
    expect(guestDetail).toMatchObject({ netTotalMinor: null, paidMinor: null, finalBalanceMinor: null, publishedTotalMinor: agentDetail!.publishedTotalMinor });

    const query = parseBookingListQuery({ reference: booked.reference });
    const agentRow = (await listBookings(db, senior, 'all', query)).rows.find((row) => row.reference === booked.reference);
    const guestRow = (await listBookings(db, guestLooking, 'all', query)).rows.find((row) => row.reference === booked.reference);
    expect(agentRow!.netTotalMinor).toBe(2 * offer.pricePerAdult!);
    expect(guestRow!.netTotalMinor).toBeNull();

    // Pay now's note of the funds available: the agency's money.
    const place = { variant: 'main' as const, displayCurrency: 'AED' as const };
    expect((await loadPaymentOptions(db, senior, { place, booking: null, funds: true })).availableMinor).toEqual(expect.any(Number));
    expect((await loadPaymentOptions(db, guestLooking, { place, booking: null, funds: true })).availableMinor).toBeNull();
  });
});
