import { eq } from 'drizzle-orm';
import { lookUpPickUpTime } from '@/server/bookings/bookable-offer';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { createBooking } from '@/server/bookings/create-booking';
import { loadBookingDetail, loadBookingDocument } from '@/server/bookings/queries';
import { availabilitySlots, bookings, hotels, offers } from '@/server/db/schema';
import {
  addDays,
  agencyBalance,
  checkoutInput,
  countBookings,
  DESERT_ROSE,
  findOffer,
  ledgerOf,
  prepareSlot,
  principalFor,
  slotStock,
} from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { rejection } from '../support/rejection';

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z'); // 12:00 in Dubai
const today = '2026-11-21';
const tourDate = addDays(today, 10);
const options = { locale: 'en' as const, now };

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
});
afterAll(() => database.dispose());


describe('a balance booking', () => {
  it('takes the stock, debits the NET total from the ledger and completes at once', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const slot = await prepareSlot(db, offer.id, tourDate, { left: 8 });
    const balanceBefore = await agencyBalance(db, DESERT_ROSE);

    const booked = await createBooking(
      db,
      senior,
      checkoutInput({ offerId: offer.id, date: tourDate, time: slot.startTime, adults: 2, children: 1, paymentMethod: 'balance' }),
      options,
    );

    expect(booked).toMatchObject({ status: 'completed', replayed: false });
    expect(booked.reference).toMatch(/^TD-[A-Z2-9]{7}$/);
    expect((await slotStock(db, slot.id))?.left).toBe(5);
    const [row] = await db.select().from(bookings).where(eq(bookings.reference, booked.reference));
    const expectedNet = 2 * offer.pricePerAdult! + (offer.pricePerChild ?? offer.pricePerAdult!);
    expect(row).toMatchObject({ netTotalMinor: expectedNet, paidMinor: expectedNet, holdsStock: true, paymentMethod: 'balance' });
    expect(await agencyBalance(db, DESERT_ROSE)).toBe(balanceBefore - expectedNet);
    const last = (await ledgerOf(db, DESERT_ROSE)).at(-1);
    expect(last).toMatchObject({ kind: 'booking', debitMinor: expectedNet, balanceAfterMinor: balanceBefore - expectedNet, bookingId: row!.id });
  });

  it('is made once however often the same checkout attempt is submitted', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(tourDate, 1);
    const slot = await prepareSlot(db, offer.id, date, { left: 20 });
    const input = checkoutInput({ offerId: offer.id, date, time: slot.startTime, paymentMethod: 'balance' });
    const before = await countBookings(db, DESERT_ROSE);
    const balanceBefore = await agencyBalance(db, DESERT_ROSE);

    const results = await Promise.all([createBooking(db, junior, input, options), createBooking(db, junior, input, options)]);
    const again = await createBooking(db, junior, input, options);

    expect(new Set([...results, again].map((result) => result.reference)).size).toBe(1);
    expect(again.replayed).toBe(true);
    expect(await countBookings(db, DESERT_ROSE)).toBe(before + 1);
    expect((await slotStock(db, slot.id))?.left).toBe(19);
    expect(await agencyBalance(db, DESERT_ROSE)).toBe(balanceBefore - offer.pricePerAdult!);
  });

  it('is refused with the spec message when funds and credit do not cover it, and books nothing', async () => {
    const { db } = database;
    const palmCoast = await principalFor(db, 'senior@palmcoast.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(tourDate, 2);
    const slot = await prepareSlot(db, offer.id, date, { left: 40 });
    const before = await countBookings(db, palmCoast.agencyId);
    const balanceBefore = await agencyBalance(db, palmCoast.agencyId);
    const adults = Math.floor(balanceBefore / offer.pricePerAdult!) + 1;

    const error = await rejection(
      createBooking(db, palmCoast, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults, paymentMethod: 'balance' }), options),
    );

    expect(error.code).toBe('checkout.insufficientBalance');
    expect(await countBookings(db, palmCoast.agencyId)).toBe(before);
    expect((await slotStock(db, slot.id))?.left).toBe(40);
    expect(await agencyBalance(db, palmCoast.agencyId)).toBe(balanceBefore);
  });
});

describe('stock rules', () => {
  it('refuses more guests than are left with the maximum, and books nothing', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(tourDate, 3);
    const slot = await prepareSlot(db, offer.id, date, { left: 2 });
    const before = await countBookings(db, DESERT_ROSE);

    const error = await rejection(createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 2, infants: 1 }), options));

    expect(error.code).toBe('availability.soldOut');
    expect(error.values).toEqual({ max: 2 });
    expect(await countBookings(db, DESERT_ROSE)).toBe(before);
    expect((await slotStock(db, slot.id))?.left).toBe(2);
  });

  it('counts adults and children against their own tickets when the offer has ticket types', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'per_type');
    const date = addDays(tourDate, 4);
    const slot = await prepareSlot(db, offer.id, date, { left: 5, leftAdults: 4, leftChildren: 1 });

    const error = await rejection(createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 1, children: 2 }), options));
    expect(error.values).toEqual({ max: 1 });

    await createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 3, children: 1 }), options);
    expect(await slotStock(db, slot.id)).toEqual({ left: 1, leftAdults: 1, leftChildren: 0 });
  });

  it('turns a booking past the cut-off into a request only: balance is refused, a request holds no stock', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    await db.update(offers).set({ cutOffHours: 48 }).where(eq(offers.id, offer.id));
    const date = addDays(today, 1);
    const slot = await prepareSlot(db, offer.id, date, { left: 10 });
    const input = checkoutInput({ offerId: offer.id, date, time: slot.startTime, paymentMethod: 'balance' });

    const error = await rejection(createBooking(db, senior, input, options));
    const request = await createBooking(db, senior, { ...input, paymentMethod: 'request' }, options);
    await db.update(offers).set({ cutOffHours: offer.cutOffHours }).where(eq(offers.id, offer.id));

    expect(error.code).toBe('availability.cutOffPassed');
    expect(request.status).toBe('quotation_request');
    expect((await slotStock(db, slot.id))?.left).toBe(10);
  });

  it('refuses a slot that has already started, even as a request', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    await db
      .insert(availabilitySlots)
      .values({ offerId: offer.id, date: today, startTime: '11:30', left: 10 })
      .onConflictDoUpdate({ target: [availabilitySlots.offerId, availabilitySlots.date, availabilitySlots.startTime], set: { left: 10 } });

    const error = await rejection(createBooking(db, senior, checkoutInput({ offerId: offer.id, date: today, time: '11:30', paymentMethod: 'request' }), options));
    expect(error).toMatchObject({ code: 'checkout.noSlot', field: 'time' });
  });

  it('makes a request of an offer without live availability', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    const offer = await findOffer(db, 'request');
    const input = checkoutInput({ offerId: offer.id, date: tourDate, adults: Math.max(offer.minPeople, 1) });
    expect((await rejection(createBooking(db, junior, input, options))).code).toBe('availability.noLiveAvailability');
    const request = await createBooking(db, junior, { ...input, paymentMethod: 'request' }, options);
    expect(request.status).toBe('quotation_request');
  });
});

describe('checkout rules', () => {
  it('applies a promo code to the NET total and refuses an unknown or expired one', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(tourDate, 5);
    const slot = await prepareSlot(db, offer.id, date, { left: 10 });
    for (const promoCode of ['NOPE', 'EXPIRED5']) {
      const error = await rejection(createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, promoCode }), options));
      expect(error).toMatchObject({ code: 'checkout.wrongPromo', field: 'promoCode' });
    }
    const booked = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 2, promoCode: 'welcome10' }), options);
    const [row] = await db.select().from(bookings).where(eq(bookings.reference, booked.reference));
    const subtotal = 2 * offer.pricePerAdult!;
    expect(row).toMatchObject({ discountMinor: Math.round(subtotal / 10), netTotalMinor: subtotal - Math.round(subtotal / 10) });
  });

  it('accepts a pick-up hotel only from the offer’s pick-up city, and looks up its pick-up time', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    // A country with hotels in at least two cities.
    const allHotels = await db.select().from(hotels);
    const citiesOf = (countryId: string) => new Set(allHotels.filter((hotel) => hotel.countryId === countryId).map((hotel) => hotel.cityId));
    const countryId = allHotels.find((hotel) => citiesOf(hotel.countryId).size > 1)!.countryId;
    const offer = await findOffer(db, 'shared', { countryId });
    const [pickUpCityId, otherCityId] = [...citiesOf(countryId)];
    const inside = allHotels.find((hotel) => hotel.cityId === pickUpCityId)!;
    const outside = allHotels.find((hotel) => hotel.cityId === otherCityId)!;
    const date = addDays(tourDate, 6);
    const slot = await prepareSlot(db, offer.id, date, { left: 10 });
    await db.update(offers).set({ pickUpCityId, pickUp: 'optional' }).where(eq(offers.id, offer.id));
    const input = checkoutInput({ offerId: offer.id, date, time: slot.startTime });

    const error = await rejection(createBooking(db, senior, { ...input, hotelId: outside.id }, options));
    const booked = await createBooking(db, senior, { ...input, hotelId: inside.id }, options);
    await db.update(offers).set({ pickUpCityId: null, pickUp: offer.pickUp }).where(eq(offers.id, offer.id));

    expect(error).toMatchObject({ code: 'checkout.hotelCity', field: 'hotelId' });
    const [row] = await db.select().from(bookings).where(eq(bookings.reference, booked.reference));
    expect(row?.hotelId).toBe(inside.id);
    expect(row?.pickUpTime).toBe(await lookUpPickUpTime(db, offer.tourId, inside.id, slot.startTime));
  });
});

describe('cancellation', () => {
  it('refunds by tier less the processing fee, gives the stock back, and refunds once', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    // The first shared offer differs between seeded databases; the settings' tiers are under test here.
    await db.update(offers).set({ cancellationPolicy: { kind: 'standard' } }).where(eq(offers.id, offer.id));
    const date = addDays(tourDate, 7);
    const slot = await prepareSlot(db, offer.id, date, { left: 6 });
    const booked = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults: 2, paymentMethod: 'balance' }), options);
    const balanceAfterBooking = await agencyBalance(db, DESERT_ROSE);
    const paid = 2 * offer.pricePerAdult!;

    const detail = await loadBookingDetail(db, senior, booked.reference, now);
    expect(detail?.cancellation).toMatchObject({ tier: 'moreThan48h', percent: 100, amounts: { grossRefundMinor: paid, feeMinor: Math.round(paid * 0.025) } });

    const quote = await cancelBooking(db, senior, booked.reference, now);
    expect(quote).toMatchObject(detail!.cancellation!.amounts!);
    expect(await agencyBalance(db, DESERT_ROSE)).toBe(balanceAfterBooking + quote.refundMinor);
    // The refund and the fee kept from it are two ledger lines.
    const [bookingRow] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, booked.reference));
    const lines = (await ledgerOf(db, DESERT_ROSE)).filter((entry) => entry.bookingId === bookingRow?.id);
    expect(lines.map((entry) => [entry.kind, entry.debitMinor, entry.creditMinor])).toEqual([
      ['booking', paid, 0],
      ['refund', 0, quote.grossRefundMinor],
      ['cancellation_fee', quote.feeMinor, 0],
    ]);
    expect((await slotStock(db, slot.id))?.left).toBe(6);
    expect((await rejection(cancelBooking(db, senior, booked.reference, now))).code).toBe('booking.notCancellable');
    expect(await agencyBalance(db, DESERT_ROSE)).toBe(balanceAfterBooking + quote.refundMinor);
  });

  it('keeps a junior agent to their own bookings and hides NET figures from them', async () => {
    const { db } = database;
    const [senior, junior, otherAgency] = await Promise.all([
      principalFor(db, 'senior@desertrose.test'),
      principalFor(db, 'junior@desertrose.test'),
      principalFor(db, 'admin@gulfhorizons.test'),
    ]);
    const offer = await findOffer(db, 'shared');
    const date = addDays(tourDate, 8);
    const slot = await prepareSlot(db, offer.id, date, { left: 6 });
    const bySenior = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime }), options);
    const byJunior = await createBooking(db, junior, checkoutInput({ offerId: offer.id, date, time: slot.startTime }), options);

    expect(await loadBookingDetail(db, junior, bySenior.reference, now)).toBeNull();
    expect(await loadBookingDetail(db, otherAgency, byJunior.reference, now)).toBeNull();
    expect(await loadBookingDocument(db, otherAgency, byJunior.reference)).toBeNull();
    const juniorView = await loadBookingDetail(db, junior, byJunior.reference, now);
    expect(juniorView).toMatchObject({ netTotalMinor: null, paidMinor: null, finalBalanceMinor: null, cancellation: { amounts: null } });
    expect((await loadBookingDetail(db, senior, byJunior.reference, now))?.netTotalMinor).toBeGreaterThan(0);
    await expect(cancelBooking(db, junior, bySenior.reference, now)).rejects.toThrow('errors.notFound');
  });
});

describe('the demo agencies’ balances', () => {
  it('equal the sum of their ledger, and the newest entry carries it', async () => {
    const { db } = database;
    for (const email of ['admin@desertrose.test', 'admin@gulfhorizons.test', 'admin@palmcoast.test']) {
      const { agencyId } = await principalFor(db, email);
      const entries = await ledgerOf(db, agencyId);
      const sum = entries.reduce((total, entry) => total + entry.creditMinor - entry.debitMinor, 0);
      expect(await agencyBalance(db, agencyId)).toBe(sum);
      expect(entries.at(-1)?.balanceAfterMinor).toBe(sum);
    }
  });
});
