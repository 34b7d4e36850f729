import { and, asc, eq, gt } from 'drizzle-orm';
import { loadCheckoutView } from '@/server/bookings/checkout-queries';
import { createBooking } from '@/server/bookings/create-booking';
import { applyPromoAction } from '@/server/bookings/promo-actions';
import { availabilitySlots, bookings, hotels, offers, tours } from '@/server/db/schema';
import type { PickUpMode } from '@/shared/bookings/offer-terms';
import { addDays, checkoutInput, principalFor } from '../support/booking-fixtures';
import { serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { rejection } from '../support/rejection';

// The guiding checkout on the server: the checkout's promo "Apply" answers as the booking will, the
// offer's pick-up mode decides whether a hotel is refused, optional or required, and the
// checkout knows up front whether the balance can pay.

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z'); // 12:00 in Dubai
const tourDate = addDays('2026-11-21', 12);
const options = { locale: 'en' as const, now };

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
});
afterAll(() => database.dispose());

/** An offer of a seeded tour with its first start time on the tour date (some offers have no slots that day). */
async function offerOf(slug: string) {
  const { db } = database;
  const [row] = await db
    .select({ offer: offers, time: availabilitySlots.startTime })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .innerJoin(availabilitySlots, and(eq(availabilitySlots.offerId, offers.id), eq(availabilitySlots.date, tourDate)))
    .where(and(eq(tours.slug, slug), gt(availabilitySlots.left, 4)))
    .orderBy(asc(offers.id), asc(availabilitySlots.startTime))
    .limit(1);
  if (!row) throw new Error(`No seeded tour ${slug} with tickets on ${tourDate}`);
  return row;
}


describe('the promo code "Apply"', () => {
  const selection = (offerId: string, time: string | null) => ({ offerId, date: tourDate, time: time ?? '', adults: '2', children: '0', infants: '0' });

  it('shows a senior the discounted NET the booking then charges', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    session.principal = senior;
    const { offer, time } = await offerOf('burj-khalifa-at-the-top');

    const applied = await applyPromoAction({ ...selection(offer.id, time), promoCode: ' welcome10 ' });

    const subtotal = 2 * offer.pricePerAdult!;
    const discount = Math.round(subtotal / 10);
    expect(applied).toEqual({
      ok: true,
      data: { code: 'WELCOME10', percentOff: 10, net: { subtotalMinor: subtotal, discountMinor: discount, totalMinor: subtotal - discount } },
    });
    const booked = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time, adults: 2, promoCode: 'welcome10' }), options);
    const [row] = await db.select({ netTotalMinor: bookings.netTotalMinor }).from(bookings).where(eq(bookings.reference, booked.reference));
    expect(row?.netTotalMinor).toBe(subtotal - discount);
  });

  it('tells a junior only that the code applies, with no NET figure', async () => {
    session.principal = await principalFor(database.db, 'junior@desertrose.test');
    const { offer, time } = await offerOf('burj-khalifa-at-the-top');

    expect(await applyPromoAction({ ...selection(offer.id, time), promoCode: 'WELCOME10' })).toEqual({
      ok: true,
      data: { code: 'WELCOME10', percentOff: 10, net: null },
    });
  });

  it('answers an unknown or expired code with the spec message on the promo field', async () => {
    session.principal = await principalFor(database.db, 'senior@desertrose.test');
    const { offer, time } = await offerOf('burj-khalifa-at-the-top');

    for (const promoCode of ['NOSUCHCODE', 'EXPIRED5']) {
      expect(await applyPromoAction({ ...selection(offer.id, time), promoCode })).toMatchObject({
        ok: false,
        status: 422,
        code: 'checkout.wrongPromo',
        fieldErrors: { promoCode: 'You entered the wrong promo code' },
      });
    }
    expect(await applyPromoAction({ ...selection(offer.id, time), promoCode: '' })).toMatchObject({ ok: false, fieldErrors: { promoCode: 'This field is required.' } });
  });

  it('is refused to a visitor', async () => {
    session.principal = null;
    const { offer, time } = await offerOf('burj-khalifa-at-the-top');
    expect(await applyPromoAction({ ...selection(offer.id, time), promoCode: 'WELCOME10' })).toMatchObject({ ok: false, status: 401 });
  });
});

describe('pick-up follows the offer', () => {
  const tourOf: Record<PickUpMode, string> = {
    none: 'burj-khalifa-at-the-top',
    included: 'evening-desert-safari-bbq-dinner',
    optional: 'marina-dhow-dinner-cruise',
  };

  /** The first hotel the checkout lists for the offer. */
  async function hotelFor(offerId: string, time: string | null) {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const view = await loadCheckoutView(db, senior, { offerId, date: tourDate, time, adults: 1, children: 0, infants: 0 }, now);
    return view?.hotels[0] ?? null;
  }

  it('is seeded as the issue describes', async () => {
    for (const [mode, slug] of Object.entries(tourOf)) expect((await offerOf(slug)).offer.pickUp, slug).toBe(mode);
    expect((await offerOf('dubai-frame')).offer.pickUp).toBe('none');
  });

  it('refuses a hotel for a ticket without pick-up, and lists none for it', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const { offer, time } = await offerOf(tourOf.none);
    const [anyHotel] = await db.select().from(hotels).limit(1);

    const error = await rejection(createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time, hotelId: anyHotel!.id }), options));

    expect(error).toMatchObject({ code: 'checkout.noPickUp', field: 'hotelId' });
    const view = await loadCheckoutView(db, senior, { offerId: offer.id, date: tourDate, time, adults: 1, children: 0, infants: 0 }, now);
    expect(view?.hotels).toEqual([]);
    await expect(createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time }), options)).resolves.toMatchObject({ status: 'completed' });
  });

  it('requires a hotel when pick-up is included, and books it with its pick-up time', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const { offer, time } = await offerOf(tourOf.included);
    const hotel = await hotelFor(offer.id, time);
    expect(hotel).not.toBeNull();

    const error = await rejection(createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time }), options));
    const booked = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time, hotelId: hotel!.id }), options);

    expect(error).toMatchObject({ code: 'checkout.hotelRequired', field: 'hotelId' });
    const [row] = await db.select().from(bookings).where(eq(bookings.reference, booked.reference));
    expect(row).toMatchObject({ hotelId: hotel!.id, pickUpTime: hotel!.pickUpTime });
  });

  it('books an optional pick-up with or without a hotel', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const { offer, time } = await offerOf(tourOf.optional);
    const hotel = await hotelFor(offer.id, time);

    const without = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time }), options);
    const withHotel = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date: tourDate, time, hotelId: hotel!.id }), options);

    const rows = await db.select({ reference: bookings.reference, hotelId: bookings.hotelId }).from(bookings);
    expect(rows.find((row) => row.reference === without.reference)?.hotelId).toBeNull();
    expect(rows.find((row) => row.reference === withHotel.reference)?.hotelId).toBe(hotel!.id);
  });
});

describe('the checkout view', () => {
  it('says up front whether balance and credit cover the NET, for every role, and shows the amount only to those who see balances', async () => {
    const { db } = database;
    const { offer, time } = await offerOf('burj-khalifa-at-the-top');
    const selection = { offerId: offer.id, date: tourDate, time, adults: 2, children: 0, infants: 0 };

    const palmCoast = await loadCheckoutView(db, await principalFor(db, 'senior@palmcoast.test'), selection, now);
    const palmCoastJunior = await loadCheckoutView(db, await principalFor(db, 'junior@palmcoast.test'), selection, now);
    const desertRose = await loadCheckoutView(db, await principalFor(db, 'senior@desertrose.test'), selection, now);

    expect(palmCoast!.availableFundsMinor).toBeLessThan(palmCoast!.quote.netTotalMinor);
    expect(palmCoast!.balanceCoversNet).toBe(false);
    expect(palmCoastJunior).toMatchObject({ balanceCoversNet: false, availableFundsMinor: null, showNet: false });
    expect(desertRose!.balanceCoversNet).toBe(true);
  });

  it('carries the offer’s cancellation policy with the settings’ tiers filled in', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const { offer, time } = await offerOf('evening-desert-safari-bbq-dinner');

    const view = await loadCheckoutView(db, senior, { offerId: offer.id, date: tourDate, time, adults: 1, children: 0, infants: 0 }, now);

    // The safari's terms allow a free cancellation up to 24 hours before (seeded as its own tiers).
    expect(view?.cancellationPolicy).toEqual({ kind: 'tiers', tiers: { moreThan48h: 100, between24hAnd48h: 100, lessThan24h: 0 } });
    expect(view?.refundProcessingFeePercent).toBeGreaterThan(0);
  });
});
