import { eq } from 'drizzle-orm';
import { bookings, payments, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { RuleViolation } from '@/server/errors';
import { aedInput, emptyWidgetValues, widgetFormSchema } from '@/server/shared/widgets/widget-schema';
import { bookAsGuest } from '@/server/widgets/guest-bookings/book-as-guest';
import { createWidget } from '@/server/widgets/manage-widgets';
import { findOffer, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';
import { guestCheckoutInput } from './guest-fixtures';

// A widget's checkout is public: a guest's double click, a form resent by the browser, or many
// guests on one slot reach bookAsGuest at once. On PostgreSQL these really run concurrently (a
// connection each); PGlite runs them one at a time, so there they check the outcome only.

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
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

describe('simultaneous guest checkouts on a widget site', () => {
  it(`${SIMULTANEOUS} replays of one checkout make one booking and one payment, and every answer names it`, async () => {
    const input = await guestCheckoutInput(database.db, offerId);
    const answers = await Promise.all(Array.from({ length: SIMULTANEOUS }, () => bookAsGuest(database.db, SITE, input)));

    const references = new Set(answers.map((answer) => answer.reference));
    expect(references.size).toBe(1);
    const [reference] = references;
    const booked = await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference!));
    expect(booked).toHaveLength(1);
    const started = await database.db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, booked[0]!.id));
    expect(started).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.paymentId))).toEqual(new Set([started[0]!.id]));
  });

  it(`${SIMULTANEOUS} guests on a slot with 3 tickets left: 3 bookings, the rest told it is sold out`, async () => {
    const first = await guestCheckoutInput(database.db, offerId, { adults: 1 });
    const slot = await prepareSlot(database.db, offerId, first.date, { left: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: SIMULTANEOUS }, () => bookAsGuest(database.db, SITE, { ...first, idempotencyKey: crypto.randomUUID() })),
    );

    const booked = results.filter((result) => result.status === 'fulfilled');
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason instanceof RuleViolation ? result.reason.code : String(result.reason)] : []));
    expect(booked).toHaveLength(3);
    expect(refusals).toEqual(Array(SIMULTANEOUS - 3).fill('availability.soldOut'));
    expect((await slotStock(database.db, slot.id))?.left).toBe(0);
  });
});
