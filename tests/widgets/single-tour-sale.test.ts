import { and, asc, eq, ne } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { bookings, offers, widgetOffers, widgets } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { seedCatalogue } from '@/server/db/seed/catalogue';
import { isDomainError } from '@/server/errors';
import { placeBooking } from '@/server/checkout/place-booking';
import { loadWidgetSale, OfferOutsideSingleTourWidget, type WidgetChannel } from '@/server/widgets/guest-bookings/widget-sale';
import { createWidget } from '@/server/widgets/manage-widgets';
import { aedInput, emptyWidgetValues, widgetFormSchema, type WidgetType } from '@/shared/widgets/widget-schema';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';
import { findOffer, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { guestCheckoutInput, someClient } from './guest-fixtures';

// A single-tour widget (its site or its embed) sells only the tour its pages show. Its pages
// and its save keep it to one tour; a checkout made by hand for another tour's offer, through a
// widget saved with several tours before its type was narrowed, is refused at the sale itself.

let database: TestDatabase;
let admin: Principal;
let shown: Awaited<ReturnType<typeof findOffer>>;
let other: typeof offers.$inferSelect;
const SITE_HOST = 'one-tour.desertrose.test';
const EMBED_SITE = 'shop.desertrose.test';
let embedId = '';

/** A verified single-tour widget of `type` selling `shown`, then given `other` (another tour's offer) behind its save's back. */
async function singleTourWidget(type: WidgetType, domain: string): Promise<string> {
  const input = widgetFormSchema.parse({
    ...emptyWidgetValues('en'),
    type,
    name: `One tour ${type}`,
    domain,
    contacts: { ...emptyWidgetValues('en').contacts, company: 'Desert Rose Travel' },
    offers: [{ offerId: shown.id, saleAdult: aedInput(2 * shown.pricePerAdult!), saleChild: shown.pricePerChild === null ? '' : aedInput(2 * shown.pricePerAdult!), saleTrip: '' }],
  });
  const { id } = await createWidget(database.db, admin, input);
  await database.db.update(widgets).set({ domainStatus: 'verified' }).where(eq(widgets.id, id));
  await database.db.insert(widgetOffers).values({ widgetId: id, offerId: other.id, position: 1, saleAdultMinor: 2 * (other.pricePerAdult ?? 0), saleChildMinor: null, saleTripMinor: null });
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db, { today: new Date() });
  await seedAgencies(database.db);
  setUpPayments(database.db);
  admin = await principalFor(database.db, 'admin@desertrose.test');
  shown = await findOffer(database.db, 'shared');
  const [row] = await database.db
    .select()
    .from(offers)
    .where(and(ne(offers.tourId, shown.tourId), eq(offers.isActive, true), eq(offers.stockMode, 'shared'), eq(offers.hasLiveAvailability, true)))
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error('No seeded offer of a second tour');
  other = row;
  await singleTourWidget('single_tour', SITE_HOST);
  embedId = await singleTourWidget('embedded', EMBED_SITE);
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

const channels: [string, () => WidgetChannel][] = [
  ['a single-tour site', () => ({ host: SITE_HOST })],
  ['a single-tour embed', () => ({ widgetId: embedId, site: EMBED_SITE })],
];

describe('the sale of a single-tour widget', () => {
  it.each(channels)("%s sells the tour it shows, at the widget's prices", async (_what, channel) => {
    const sale = await loadWidgetSale(database.db, channel(), shown.id);
    expect(sale?.principal.agencyId).toBe(admin.agencyId);
  });

  it.each(channels)("%s refuses another tour's offer with a typed error tied to the offer", async (_what, channel) => {
    const refused = await loadWidgetSale(database.db, channel(), other.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OfferOutsideSingleTourWidget);
    expect(isDomainError(refused, 'ruleViolation')).toBe(true);
    expect(refused).toMatchObject({ code: 'widgetBookings.limits.otherTour', field: 'offerId' });
  });

  it("refuses a guest's hand-made checkout of another tour's offer on a single-tour site, and books nothing", async () => {
    const input = await guestCheckoutInput(database.db, other.id);
    const place = { channel: { host: SITE_HOST }, origin: `https://${SITE_HOST}`, client: someClient() };
    await expect(placeBooking(database.db, { guest: place }, input)).rejects.toBeInstanceOf(OfferOutsideSingleTourWidget);
    expect(await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.idempotencyKey, input.idempotencyKey))).toEqual([]);
    // The tour the site shows is still booked as before.
    const booked = await placeBooking(database.db, { guest: place }, await guestCheckoutInput(database.db, shown.id));
    expect(booked.reference).toMatch(/^TD-/);
  });
});
