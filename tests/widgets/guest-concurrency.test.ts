import { eq, inArray } from 'drizzle-orm';
import { createBooking } from '@/server/bookings/create-booking';
import { GUEST_HOLD_SHARE } from '@/server/bookings/guest-holds';
import { bookings, payments, rateLimits, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { RuleViolation, TooManyRequests } from '@/server/errors';
import { aedInput, emptyWidgetValues, widgetFormSchema } from '@/shared/widgets/widget-schema';
import { placeBooking } from '@/server/checkout/place-booking';
import { guestCheckoutsPerAddress, GUEST_CHECKOUTS_PER_WIDGET, startGuestPayment } from '@/server/widgets/guest-bookings/book-as-guest';
import { createWidget } from '@/server/widgets/manage-widgets';
import { checkoutInput, findOffer, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';
import { bookingIdOf, guestCheckoutInput, someClient } from './guest-fixtures';

// A widget's checkout is public: a guest's double click, a form resent by the browser, one client
// firing checkouts in a row, or many guests on one slot reach placeBooking at once. On PostgreSQL
// these really run concurrently (a connection each); PGlite runs them one at a time, so there they
// check the outcome only. Whatever arrives, unpaid guest bookings cannot sell a slot out.

const SIMULTANEOUS = 20;
const HOST = 'race.desertrose.test';
const SITE = { channel: { host: HOST }, origin: `https://${HOST}` };

let database: TestDatabase;
let offerId = '';

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: SIMULTANEOUS });
  await seedCatalogue(database.db, { today: new Date() });
  await seedAgencies(database.db);
  setUpPayments(database.db);
  const admin = await principalFor(database.db, 'admin@desertrose.test');
  const offer = await findOffer(database.db, 'shared');
  offerId = offer.id;
  const input = widgetFormSchema.parse({
    ...emptyWidgetValues('en'),
    name: 'Race',
    domain: HOST,
    offers: [{ offerId, saleAdult: aedInput(2 * offer.pricePerAdult!), saleChild: offer.pricePerChild === null ? '' : aedInput(2 * offer.pricePerAdult!), saleTrip: '' }],
  });
  const { id } = await createWidget(database.db, admin, input);
  await database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, id));
});
// Each case starts with fresh per-client and per-widget windows.
beforeEach(async () => {
  await database.db.delete(rateLimits);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled' ? 'booked' : result.reason instanceof RuleViolation || result.reason instanceof TooManyRequests ? result.reason.code : String(result.reason);

describe('simultaneous guest checkouts on a widget site', () => {
  it(`${SIMULTANEOUS} replays of one checkout make one booking, and ${SIMULTANEOUS} steps on to its payment one charge`, async () => {
    const input = await guestCheckoutInput(database.db, offerId);
    const answers = await Promise.all(Array.from({ length: SIMULTANEOUS }, () => placeBooking(database.db, { guest: { ...SITE, client: someClient() } }, input)));

    expect(new Set(answers.map((answer) => answer.reference)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.nextUrl)).size).toBe(1);
    const bookingId = bookingIdOf(answers[0]!.nextUrl);
    expect(await database.db.$count(bookings, eq(bookings.idempotencyKey, input.idempotencyKey))).toBe(1);
    // No provider charge until the payer reaches the payment page.
    expect(await database.db.$count(payments, eq(payments.bookingId, bookingId))).toBe(0);

    const urls = await Promise.all(Array.from({ length: SIMULTANEOUS }, () => startGuestPayment(database.db, SITE, bookingId)));
    expect(new Set(urls).size).toBe(1);
    expect(await database.db.$count(payments, eq(payments.bookingId, bookingId))).toBe(1);
  });

  it(`one client address firing ${SIMULTANEOUS} checkouts at once gets ${guestCheckoutsPerAddress().limit} booked, the rest told to wait`, async () => {
    const inputs = [];
    for (let index = 0; index < SIMULTANEOUS; index += 1) inputs.push(await guestCheckoutInput(database.db, offerId, { adults: 1 }));
    const results = await Promise.allSettled(inputs.map((input) => placeBooking(database.db, { guest: { ...SITE, client: '203.0.113.50' } }, input)));

    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === 'booked')).toHaveLength(guestCheckoutsPerAddress().limit);
    expect(codes.filter((code) => code === 'widgetBookings.limits.tooManyCheckouts')).toHaveLength(SIMULTANEOUS - guestCheckoutsPerAddress().limit);
    // Another client is not held back by it.
    await expect(placeBooking(database.db, { guest: { ...SITE, client: '203.0.113.51' } }, await guestCheckoutInput(database.db, offerId, { adults: 1 }))).resolves.toMatchObject({ replayed: false });
  });

  it(`${SIMULTANEOUS} clients on a slot with 10 places hold at most ${GUEST_HOLD_SHARE * 100}% of it unpaid; another agency's agent books the rest`, async () => {
    const first = await guestCheckoutInput(database.db, offerId, { adults: 1 });
    const slot = await prepareSlot(database.db, offerId, first.date, { left: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: SIMULTANEOUS }, () => placeBooking(database.db, { guest: { ...SITE, client: someClient() } }, { ...first, idempotencyKey: crypto.randomUUID() })),
    );

    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === 'booked')).toHaveLength(5);
    expect(codes.filter((code) => code === 'widgetBookings.limits.slotHeld')).toHaveLength(SIMULTANEOUS - 5);
    expect((await slotStock(database.db, slot.id))?.left).toBe(5);

    const agent = await principalFor(database.db, 'admin@gulfhorizons.test');
    const booked = await createBooking(database.db, agent, checkoutInput({ offerId, date: first.date, time: first.time, adults: 5, paymentMethod: 'cash' }), { locale: 'en' });
    expect(booked.status).toBe('completed');
    expect((await slotStock(database.db, slot.id))?.left).toBe(0);
  });

  it(`a widget takes ${GUEST_CHECKOUTS_PER_WIDGET.limit} checkouts in its window from any number of addresses, then asks to wait`, async () => {
    const count = GUEST_CHECKOUTS_PER_WIDGET.limit + 5;
    const inputs = [];
    for (let index = 0; index < count; index += 1) inputs.push(await guestCheckoutInput(database.db, offerId, { adults: 1 }));
    const results = await Promise.allSettled(inputs.map((input) => placeBooking(database.db, { guest: { ...SITE, client: someClient() } }, input)));

    const codes = results.map(codeOf);
    expect(codes.filter((code) => code === 'booked')).toHaveLength(GUEST_CHECKOUTS_PER_WIDGET.limit);
    expect(codes.filter((code) => code === 'widgetBookings.limits.widgetBusy')).toHaveLength(5);
    const held = await database.db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.idempotencyKey, inputs.map((input) => input.idempotencyKey)));
    expect(held).toHaveLength(GUEST_CHECKOUTS_PER_WIDGET.limit);
  });
});
