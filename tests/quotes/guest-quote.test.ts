import { eq } from 'drizzle-orm';
import { createBooking } from '@/server/bookings/create-booking';
import { placeBooking } from '@/server/checkout/place-booking';
import { receiveWebhook, settle } from '@/server/checkout/settlement';
import { listCommissions } from '@/server/commissions/queries';
import { bookings, ledgerEntries, payments, quotes, sandboxCharges } from '@/server/db/schema';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { createQuote } from '@/server/quotes/create-quote';
import { admitQuotePayment } from '@/server/quotes/pay-quote';
import { guestQuoteToken } from '@/server/quotes/quote-token';
import { listAgencyQuotes, loadGuestQuote } from '@/server/quotes/quote-view';
import { bookingListQuerySchema } from '@/shared/bookings/list-schema';
import { type QuoteInput, quoteSchema } from '@/shared/quotes/quote-schema';
import { addDays, agencyBalance, findOffer, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { clearQueuedJobs, forgetPayments, ORIGIN, queuedEvents, setUpPayments, signedDelivery } from '../payments/payment-fixtures';

// A guest quote from the agent's form to the guest's card (docs/guest-quotes.md), with the
// production code: the booking placement, the sandbox gateway and the one settlement. On
// PostgreSQL the Promise.all cases really race (a connection each); PGlite runs them in turn.

const SIMULTANEOUS = 12;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: SIMULTANEOUS + 4, demoData: { today: new Date() } });
  setUpPayments(database.db);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});
beforeEach(() => clearQueuedJobs(database.db));

const senior = () => principalFor(database.db, 'senior@gulfhorizons.test');
const returnPath = (token: string) => `/quote/${token}`;

/** A quote of 2 adults on a fresh slot with `left` places, marked up by `percent`. */
async function newQuote(options: { left?: number; percent?: number; currency?: QuoteInput['currency']; locale?: QuoteInput['locale'] } = {}) {
  const offer = await findOffer(database.db, 'shared');
  const date = addDays(new Date().toISOString().slice(0, 10), 20 + Math.floor(Math.random() * 300));
  const slot = await prepareSlot(database.db, offer.id, date, { left: options.left ?? 10 });
  const input = quoteSchema.parse({
    offerId: offer.id,
    date,
    time: slot.startTime,
    adults: 2,
    guestName: 'Anna Petrova',
    guestPhone: '+971 50 123 4567',
    guestEmail: 'Anna@Example.test',
    locale: options.locale ?? 'en',
    currency: options.currency ?? 'AED',
    markupKind: 'percent',
    markupValue: options.percent ?? 20,
  });
  const created = await createQuote(database.db, await senior(), input);
  return { ...created, slot, offer };
}

const pay = async (token: string) => placeBooking(database.db, { quote: { admitted: await admitQuotePayment(database.db, token), origin: ORIGIN, returnPath: returnPath(token) } }, (await admitQuotePayment(database.db, token)).input);
const chargeOf = (url: string) => url.split('/').pop()!;

describe('making a quote', () => {
  it('prices NET + markup; a junior, who never sees the NET, may not quote', async () => {
    const { id, retailTotalMinor } = await newQuote({ percent: 20 });
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row!.retailTotalMinor).toBe(row!.netTotalMinor + Math.round(row!.netTotalMinor * 0.2));
    expect(retailTotalMinor).toBe(row!.retailTotalMinor);
    expect(row!.guestEmail).toBe('anna@example.test');

    const junior = await principalFor(database.db, 'junior@gulfhorizons.test');
    const offer = await findOffer(database.db, 'shared');
    const input = quoteSchema.parse({ offerId: offer.id, date: row!.tourDate, time: row!.startTime, adults: 1, guestName: 'Anna', guestPhone: '+971501234567', guestEmail: 'a@example.test', locale: 'en', currency: 'AED', markupKind: 'percent', markupValue: 10 });
    await expect(createQuote(database.db, junior, input)).rejects.toBeInstanceOf(Forbidden);
  });

  it('refuses a markup under the minimum margin and a slot without the places', async () => {
    await expect(newQuote({ percent: 4 })).rejects.toMatchObject({ code: 'quotes.errors.belowMinimum', field: 'markupValue' });
    await expect(newQuote({ left: 1 })).rejects.toMatchObject({ code: 'availability.soldOut' });
    expect(await database.db.$count(quotes, eq(quotes.markupValue, 4))).toBe(0);
  });
});

describe('the guest pays a quote by card', () => {
  it('is charged what the page shows, books once settled, and the margin is the agency commission', async () => {
    const { db } = database;
    const agent = await senior();
    const balanceBefore = await agencyBalance(db, agent.agencyId);
    const { token, id, slot } = await newQuote({ percent: 25, currency: 'RUB', locale: 'ru' });
    const page = await loadGuestQuote(db, token);
    expect(page).toMatchObject({ state: 'open', locale: 'ru', currency: 'RUB', brand: { name: 'Gulf Horizons Tours' } });

    const placed = await pay(token);
    expect(placed.status).toBe('payment_required');
    const [payment] = await db.select().from(payments).innerJoin(bookings, eq(bookings.id, payments.bookingId)).where(eq(bookings.quoteId, id));
    // Shown = charged: one function priced both.
    expect(payment!.payments.currency).toBe('RUB');
    expect(payment!.payments.amountMinor).toBe(page!.charge.totalMinor);
    expect(payment!.bookings.publishedTotalMinor).toBe(page!.charge.baseAmountMinor);
    expect((await slotStock(db, slot.id))?.left).toBe(8);

    await payWithSandboxCard(db, chargeOf(placed.nextUrl), '4242 4242 4242 4242');
    const after = await loadGuestQuote(db, token);
    expect(after).toMatchObject({ state: 'paid', reference: placed.reference });

    const [booking] = await db.select().from(bookings).where(eq(bookings.quoteId, id));
    expect(booking).toMatchObject({ status: 'completed', paymentMethod: 'card', agentId: agent.userId, locale: 'ru' });
    const [quote] = await db.select().from(quotes).where(eq(quotes.id, id));
    const commissions = await listCommissions(db, agent, { ...bookingListQuerySchema.parse({}), reference: placed.reference });
    expect(commissions.rows).toEqual([expect.objectContaining({ reference: placed.reference, totalSalesMinor: quote!.retailTotalMinor, agencyReceivableMinor: quote!.retailTotalMinor - booking!.netTotalMinor })]);
    // The guest's card paid the whole price: the agency's balance did not move.
    expect(await db.$count(ledgerEntries, eq(ledgerEntries.bookingId, booking!.id))).toBe(0);
    expect(await agencyBalance(db, agent.agencyId)).toBe(balanceBefore);
    // The agent's list shows it paid, with no link left to send.
    expect((await listAgencyQuotes(db, agent, 'en')).find((row) => row.id === id)).toMatchObject({ state: 'paid', bookingReference: placed.reference, token: null });
    // Paying again goes to the quote's page: nothing is charged twice.
    expect((await pay(token)).nextUrl).toBe(`${ORIGIN}${returnPath(token)}`);
    expect(await db.$count(payments, eq(payments.bookingId, booking!.id))).toBe(1);
  });

  it(`${SIMULTANEOUS} payments of one quote at once make one booking and one charge`, async () => {
    const { db } = database;
    const { token, id, slot } = await newQuote({ left: 10 });
    const placed = await Promise.all(Array.from({ length: SIMULTANEOUS }, () => pay(token)));
    expect(new Set(placed.map((answer) => answer.reference)).size).toBe(1);
    expect(new Set(placed.map((answer) => answer.nextUrl)).size).toBe(1);
    const [booking] = await db.select().from(bookings).where(eq(bookings.quoteId, id));
    expect(await db.$count(bookings, eq(bookings.quoteId, id))).toBe(1);
    expect(await db.$count(payments, eq(payments.bookingId, booking!.id))).toBe(1);
    expect((await slotStock(db, slot.id))?.left).toBe(8);
  });

  it(`control: the same load without the quote's key and guard books ${SIMULTANEOUS} times`, async () => {
    const { db } = database;
    const { token, offer, slot } = await newQuote({ left: 2 * SIMULTANEOUS });
    const admitted = await admitQuotePayment(db, token);
    const placed = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, () => createBooking(db, admitted.principal, { ...admitted.input, idempotencyKey: crypto.randomUUID() }, { locale: 'en' })),
    );
    expect(new Set(placed.map((answer) => answer.reference)).size).toBe(SIMULTANEOUS);
    expect(await db.$count(bookings, eq(bookings.offerId, offer.id))).toBeGreaterThanOrEqual(SIMULTANEOUS);
    expect((await slotStock(db, slot.id))?.left).toBe(0);
  });

  it(`a replayed confirmation (${SIMULTANEOUS} webhooks racing the return) books and counts the margin once`, async () => {
    const { db } = database;
    const agent = await senior();
    const { token, id } = await newQuote();
    const placed = await pay(token);
    await payWithSandboxCard(db, chargeOf(placed.nextUrl), '4242424242424242');
    const [event] = await queuedEvents(db);
    const delivery = signedDelivery(event!);
    const [payment] = await db.select({ id: payments.id }).from(payments).innerJoin(bookings, eq(bookings.id, payments.bookingId)).where(eq(bookings.quoteId, id));

    const results = await Promise.all([
      ...Array.from({ length: SIMULTANEOUS }, () => receiveWebhook(db, 'sandbox', delivery.body, delivery.headers)),
      settle(db, payment!.id),
      loadGuestQuote(db, token),
    ]);
    const settled = results.slice(0, SIMULTANEOUS + 1) as Awaited<ReturnType<typeof settle>>[];
    expect(settled.filter((result) => result.completed !== null)).toHaveLength(1);
    expect(await db.$count(bookings, eq(bookings.quoteId, id))).toBe(1);
    const commissions = await listCommissions(db, agent, { ...bookingListQuerySchema.parse({}), reference: placed.reference });
    expect(commissions.rows).toHaveLength(1);
  });

  it('a forged confirmation changes nothing: a bad signature is refused, a good one is checked with the provider', async () => {
    const { db } = database;
    const { token, id } = await newQuote();
    const placed = await pay(token);
    const [booking] = await db.select().from(bookings).where(eq(bookings.quoteId, id));
    const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, booking!.id));
    const event = { id: 'evt_forged', type: 'charge.succeeded', created: Math.floor(Date.now() / 1000), data: { chargeId: chargeOf(placed.nextUrl), paymentId: payment!.id, status: 'succeeded' as const } };
    const forged = signedDelivery(event, 'not the sandbox secret');
    await expect(receiveWebhook(db, 'sandbox', forged.body, forged.headers)).rejects.toThrow();
    // Even correctly signed, "succeeded" is not believed: the charge was never paid.
    const signed = signedDelivery(event);
    expect(await receiveWebhook(db, 'sandbox', signed.body, signed.headers)).toMatchObject({ changed: false, completed: null });
    expect((await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.quoteId, id)))[0]?.status).toBe('payment_required');
    expect((await db.select({ status: sandboxCharges.status }).from(sandboxCharges).where(eq(sandboxCharges.id, chargeOf(placed.nextUrl))))[0]?.status).toBe('requires_payment');
  });

  it('a slot gone by pay time is refused with its message before any charge', async () => {
    const { db } = database;
    const { token, id, slot, offer } = await newQuote({ left: 3 });
    // Another agency's booking took the places meanwhile.
    await prepareSlot(db, offer.id, slot.date, { left: 1 });
    await expect(pay(token)).rejects.toMatchObject({ code: 'availability.soldOut' });
    expect(await db.$count(bookings, eq(bookings.quoteId, id))).toBe(0);
    expect(await loadGuestQuote(db, token)).toMatchObject({ state: 'open' });
  });

  it('opens nothing by a forged link, and an expired or withdrawn quote cannot be paid', async () => {
    const { db } = database;
    const { token, id, expiresAt } = await newQuote();
    expect(await loadGuestQuote(db, token.replace(/.$/, (last) => (last === '0' ? '1' : '0')))).toBeNull();
    await expect(admitQuotePayment(db, `${token}x`)).rejects.toBeInstanceOf(NotFound);
    await expect(admitQuotePayment(db, token, new Date(expiresAt.getTime() + 1000))).rejects.toMatchObject({ code: 'quotes.errors.expired' });
    await db.update(quotes).set({ withdrawnAt: new Date() }).where(eq(quotes.id, id));
    await expect(admitQuotePayment(db, token)).rejects.toBeInstanceOf(RuleViolation);
    expect(await loadGuestQuote(db, token)).toMatchObject({ state: 'withdrawn' });
    // A link made for the same quote with a later expiry is another key's work: refused.
    expect(await loadGuestQuote(db, guestQuoteToken({ id, expiresAt: new Date(expiresAt.getTime() + 86_400_000) }, 'guessed'))).toBeNull();
  });
});
