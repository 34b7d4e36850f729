import { and, eq } from 'drizzle-orm';
import { createBooking } from '@/server/bookings/create-booking';
import { auditLog, availabilitySlots, bookings, categories, cities, countries, hotels, offers, pickUpTimes, promoCodes, staffMembers, tourCategories, tours } from '@/server/db/schema';
import { editAvailabilityAction, saveHotelAction, savePickUpTimeAction, savePlaceAction, saveOfferAction, savePromoAction, saveTourAction } from '@/server/ops/catalog/catalog-actions';
import { datesOnWeekdays } from '@/server/ops/catalog/availability-admin';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor, slotStock } from '../../support/booking-fixtures';
import { serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The console's catalogue actions on a real database: each change, its audit entry in the same
// transaction, and exactly the cache tags of the public pages that show it.

const revalidated: string[] = [];
const profiles: unknown[] = [];
vi.mock('next/cache', async (original) => ({
  ...(await original<object>()),
  revalidateTag: (tag: string, profile: unknown) => {
    revalidated.push(tag);
    profiles.push(profile);
  },
}));
vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());

let database: TestDatabase;
let operator: StaffPrincipal;
const now = new Date('2026-11-21T08:00:00Z');

function form(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const entry of [value].flat()) data.append(key, entry);
  return data;
}

const TOUR_FIELDS = {
  titleEn: 'Sunset kayak',
  titleRu: 'Каяк на закате',
  summaryEn: 'Paddle at sunset.',
  summaryRu: 'Гребля на закате.',
  descriptionEn: 'A calm paddle through the mangroves.',
  descriptionRu: 'Спокойная прогулка по мангровым зарослям.',
  termsEn: 'Bring water.',
  termsRu: 'Возьмите воду.',
  itinerary: '17:00 | Meet | Встреча | At the pier | У причала\n | Paddle | Гребля | Two hours | Два часа',
  faq: 'Is it safe? | Это безопасно? | Yes | Да',
  videoUrl: 'https://video.example/kayak',
  durationMinutes: '180',
  isActive: 'on',
};

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
  const [member] = await database.db.select().from(staffMembers).where(eq(staffMembers.email, 'operator@traveldesk.test'));
  operator = { staffId: member!.id, email: member!.email, name: member!.name, role: 'operator' };
});
afterAll(() => database.dispose());
beforeEach(() => {
  staffSession.staff = operator;
  session.principal = null;
  revalidated.length = 0;
  profiles.length = 0;
});

async function dubai() {
  const [city] = await database.db
    .select({ id: cities.id, slug: cities.slug, countrySlug: countries.slug })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(cities.slug, 'dubai'));
  return city!;
}

async function auditOf(entityId: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
}

describe('tours', () => {
  it('creates a tour in both languages, audits it and revalidates its city, country and the sitemap', async () => {
    const city = await dubai();
    const result = await saveTourAction(null, form({ ...TOUR_FIELDS, slug: 'sunset-kayak', cityId: city.id })).catch((error: unknown) => error);
    // A new tour goes on to its own console page.
    expect(String((result as Error).message ?? result)).toContain('NEXT_REDIRECT');
    const [tour] = await database.db.select().from(tours).where(eq(tours.slug, 'sunset-kayak'));
    expect(tour).toMatchObject({ title: { en: 'Sunset kayak', ru: 'Каяк на закате' }, durationMinutes: 180, videoUrl: 'https://video.example/kayak', isFeatured: false });
    expect(tour!.itinerary).toEqual([
      { time: '17:00', title: { en: 'Meet', ru: 'Встреча' }, description: { en: 'At the pier', ru: 'У причала' } },
      { title: { en: 'Paddle', ru: 'Гребля' }, description: { en: 'Two hours', ru: 'Два часа' } },
    ]);
    expect(tour!.faq).toHaveLength(1);
    expect(revalidated.sort()).toEqual(['catalog:city:dubai', `catalog:country:${city.countrySlug}`, 'catalog:search', 'catalog:sitemap', 'catalog:tour:sunset-kayak'].sort());
    const [entry] = await auditOf(tour!.id);
    expect(entry).toMatchObject({ action: 'tour.create', actorStaffId: operator.staffId, actorUserId: null, agencyId: null });
  });

  it('refuses a missing Russian text, a bad slug, a taken slug and an http video, changing nothing', async () => {
    const city = await dubai();
    const bad = await saveTourAction(null, form({ ...TOUR_FIELDS, titleRu: '', slug: 'Bad Slug', videoUrl: 'http://video.example/x', cityId: city.id }));
    expect(bad).toMatchObject({ ok: false, status: 422, fieldErrors: { titleRu: expect.any(String), slug: expect.any(String), videoUrl: expect.any(String) } });
    const taken = await saveTourAction(null, form({ ...TOUR_FIELDS, slug: 'dubai-frame', cityId: city.id }));
    expect(taken).toMatchObject({ ok: false, fieldErrors: { slug: 'This slug is already used.' } });
    const control = await saveTourAction(null, form({ ...TOUR_FIELDS, titleEn: 'Bad\u0000', slug: 'control-chars', cityId: city.id }));
    expect(control).toMatchObject({ ok: false, fieldErrors: { titleEn: expect.any(String) } });
    expect(revalidated).toEqual([]);
  });

  it('editing a featured tour also revalidates the home page, and a move revalidates the old city too', async () => {
    const [tour] = await database.db.select().from(tours).where(eq(tours.slug, 'sunset-kayak'));
    const [other] = await database.db.select({ id: cities.id, slug: cities.slug }).from(cities).where(eq(cities.slug, 'abu-dhabi'));
    const result = await saveTourAction(null, form({ ...TOUR_FIELDS, id: tour!.id, slug: 'sunset-kayak', cityId: other!.id, isFeatured: 'on' }));
    expect(result).toMatchObject({ ok: true });
    expect(revalidated).toEqual(expect.arrayContaining(['catalog:city:dubai', 'catalog:city:abu-dhabi', 'catalog:home', 'catalog:tour:sunset-kayak']));
    expect((await auditOf(tour!.id)).map((entry) => entry.action)).toContain('tour.update');
  });
});

describe('offers', () => {
  it('changes prices (typed in AED, kept in fils) and revalidates only that tour’s pages', async () => {
    const [tour] = await database.db.select().from(tours).where(eq(tours.slug, 'dubai-frame'));
    const [offer] = await database.db.select().from(offers).where(eq(offers.tourId, tour!.id));
    const result = await saveOfferAction(
      null,
      form({ id: offer!.id, tourId: tour!.id, nameEn: 'Entry', nameRu: 'Вход', b2bAdult: '42', b2bChild: '', b2bTrip: '', retailAdult: '77.50', retailChild: '', retailTrip: '', stockMode: 'shared', cutOffHours: '2', minPeople: '1', pickUp: 'none', cancellationPolicy: 'nonRefundable', hasLiveAvailability: 'on', isActive: 'on' }),
    );
    expect(result).toMatchObject({ ok: true });
    const [after] = await database.db.select().from(offers).where(eq(offers.id, offer!.id));
    expect(after).toMatchObject({ pricePerAdult: 4200, recPricePerAdult: 7750, pricePerTrip: null, cancellationPolicy: { kind: 'nonRefundable' }, cutOffHours: 2 });
    expect(revalidated).toContain('catalog:tour:dubai-frame');
    expect(revalidated).not.toContain('catalog:tour:jebel-jais-zipline');
    // Expired, never served stale: the first visitor after the change gets the new price.
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) expect(profile).toEqual({ expire: 0 });
    expect((await auditOf(offer!.id))[0]).toMatchObject({ action: 'offer.update', changes: expect.objectContaining({ recPricePerAdult: { from: offer!.recPricePerAdult, to: 7750 } }) });
  });

  it('refuses negative, fractional-fils and mixed per-person/per-trip prices', async () => {
    const [tour] = await database.db.select().from(tours).where(eq(tours.slug, 'dubai-frame'));
    const base = { tourId: tour!.id, nameEn: 'X', nameRu: 'Х', b2bChild: '', retailChild: '', stockMode: 'shared', cutOffHours: '0', minPeople: '1', pickUp: 'none', cancellationPolicy: 'standard' };
    expect(await saveOfferAction(null, form({ ...base, b2bAdult: '-5', b2bTrip: '', retailAdult: '10', retailTrip: '' }))).toMatchObject({ ok: false, fieldErrors: { b2bAdult: expect.any(String) } });
    expect(await saveOfferAction(null, form({ ...base, b2bAdult: '1.005', b2bTrip: '', retailAdult: '10', retailTrip: '' }))).toMatchObject({ ok: false, fieldErrors: { b2bAdult: expect.any(String) } });
    expect(await saveOfferAction(null, form({ ...base, b2bAdult: '10', b2bTrip: '100', retailAdult: '10', retailTrip: '100' }))).toMatchObject({ ok: false, fieldErrors: { b2bAdult: expect.any(String) } });
  });
});

describe('availability bulk edits', () => {
  it('lists the chosen weekdays of a range', () => {
    // 2026-12-07 is a Monday.
    expect(datesOnWeekdays('2026-12-07', '2026-12-20', [1, 3])).toEqual(['2026-12-07', '2026-12-09', '2026-12-14', '2026-12-16']);
  });

  it('creates slots on chosen weekdays only, never sets stock below what bookings hold, and never drops a booked slot', async () => {
    const { db } = database;
    const offer = await findOffer(db, 'shared');
    const from = '2028-03-06'; // a Monday, past the seeded calendar
    const created = await editAvailabilityAction(null, form({ offerId: offer.id, from, until: '2028-03-12', weekdays: ['1', '5'], times: '08:00, 16:00', mode: 'set', stock: '10' }));
    expect(created).toMatchObject({ ok: true, data: { created: 4, updated: 0 } });
    const slots = await db.select().from(availabilitySlots).where(and(eq(availabilitySlots.offerId, offer.id), eq(availabilitySlots.date, from)));
    expect(slots.map((slot) => slot.startTime).sort()).toEqual(['08:00', '16:00']);
    expect(revalidated).toEqual([]);

    // A booking holds 3 of the 08:00 slot's tickets.
    const senior = await principalFor(db, 'senior@desertrose.test');
    const booked = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date: from, time: '08:00', adults: 3, paymentMethod: 'balance' }), { locale: 'en', now });
    const slot = slots.find((row) => row.startTime === '08:00')!;
    expect((await slotStock(db, slot.id))?.left).toBe(7);

    const lowered = await editAvailabilityAction(null, form({ offerId: offer.id, from, until: from, weekdays: ['1'], times: '08:00,16:00', mode: 'set', stock: '2' }));
    expect(lowered).toMatchObject({ ok: true, data: { updated: 1, belowHeld: [`${from} 08:00`] } });
    expect((await slotStock(db, slot.id))?.left).toBe(7);
    const raised = await editAvailabilityAction(null, form({ offerId: offer.id, from, until: from, weekdays: ['1'], times: '08:00', mode: 'set', stock: '5' }));
    expect(raised).toMatchObject({ ok: true, data: { updated: 1 } });
    expect((await slotStock(db, slot.id))?.left).toBe(2);

    const removed = await editAvailabilityAction(null, form({ offerId: offer.id, from, until: from, weekdays: ['1'], times: '08:00,16:00', mode: 'remove' }));
    expect(removed).toMatchObject({ ok: true, data: { removed: 1, closed: 1 } });
    expect(await slotStock(db, slot.id)).toMatchObject({ left: 0 });
    const [booking] = await db.select().from(bookings).where(eq(bookings.reference, booked.reference));
    expect(booking!.slotId).toBe(slot.id);
    expect((await auditOf(offer.id)).some((entry) => entry.action === 'offer.availability')).toBe(true);
  });

  it('refuses a range that ends before it starts and an edit without weekdays', async () => {
    const offer = await findOffer(database.db, 'shared');
    const result = await editAvailabilityAction(null, form({ offerId: offer.id, from: '2027-03-10', until: '2027-03-01', weekdays: [], times: '08:00', mode: 'set', stock: '1' }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { until: expect.any(String), weekdays: expect.any(String) } });
  });
});

describe('opening-hours tickets', () => {
  it('are set in the offer editor and take one slot a day, at the opening time', async () => {
    const [tour] = await database.db.select().from(tours).where(eq(tours.slug, 'dubai-frame'));
    const [offer] = await database.db.select().from(offers).where(eq(offers.tourId, tour!.id));
    const fields = { id: offer!.id, tourId: tour!.id, nameEn: 'Entry', nameRu: 'Вход', b2bAdult: '42', b2bChild: '', b2bTrip: '', retailAdult: '77.50', retailChild: '', retailTrip: '', stockMode: 'shared', cutOffHours: '0', minPeople: '1', pickUp: 'none', cancellationPolicy: 'standard', hasLiveAvailability: 'on', isActive: 'on' };
    expect(await saveOfferAction(null, form({ ...fields, availabilityType: 'opening_hours' }))).toMatchObject({ ok: true });
    const [after] = await database.db.select({ availabilityType: offers.availabilityType }).from(offers).where(eq(offers.id, offer!.id));
    expect(after!.availabilityType).toBe('opening_hours');
    const twoTimes = await editAvailabilityAction(null, form({ offerId: offer!.id, from: '2028-04-03', until: '2028-04-03', weekdays: ['1'], times: '09:00, 13:00', mode: 'set', stock: '10' }));
    expect(twoTimes).toMatchObject({ ok: false, fieldErrors: { times: expect.any(String) } });
    expect(await editAvailabilityAction(null, form({ offerId: offer!.id, from: '2028-04-03', until: '2028-04-03', weekdays: ['1'], times: '09:00', mode: 'set', stock: '10' }))).toMatchObject({ ok: true });
    // A second time on a day that has its opening time already is refused too.
    const another = await editAvailabilityAction(null, form({ offerId: offer!.id, from: '2028-04-03', until: '2028-04-03', weekdays: ['1'], times: '13:00', mode: 'set', stock: '10' }));
    expect(another).toMatchObject({ ok: false, fieldErrors: { times: expect.any(String) } });
    expect(await saveOfferAction(null, form({ ...fields, availabilityType: 'sometimes' }))).toMatchObject({ ok: false, fieldErrors: { availabilityType: expect.any(String) } });
  });
});

describe('promo codes', () => {
  it('upper-cases and creates a code, refuses a duplicate, and checkout enforces valid-from and the use limit', async () => {
    const { db } = database;
    const created = await savePromoAction(null, form({ code: 'once-only', percentOff: '15', validFrom: '', validUntil: '', maxUses: '1', isActive: 'on' }));
    expect(created).toMatchObject({ ok: true });
    expect(await savePromoAction(null, form({ code: 'ONCE-ONLY', percentOff: '5', validFrom: '', validUntil: '', maxUses: '' }))).toMatchObject({ ok: false, fieldErrors: { code: 'This code already exists.' } });
    await savePromoAction(null, form({ code: 'LATER', percentOff: '5', validFrom: '2027-06-01', validUntil: '', maxUses: '', isActive: 'on' }));

    const offer = await findOffer(db, 'shared');
    const date = addDays('2026-11-21', 20);
    const slot = await prepareSlot(db, offer.id, date, { left: 20 });
    const senior = await principalFor(db, 'senior@desertrose.test');
    const book = (promoCode: string) =>
      createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, paymentMethod: 'balance', promoCode }), { locale: 'en', now });
    await expect(book('LATER')).rejects.toMatchObject({ message: 'checkout.wrongPromo' });
    const first = await book('once-only');
    expect(first.status).toBe('completed');
    await expect(book('ONCE-ONLY')).rejects.toMatchObject({ message: 'checkout.wrongPromo' });
    const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, 'ONCE-ONLY'));
    expect((await auditOf(promo!.id))[0]).toMatchObject({ action: 'promo.create', entity: 'promo' });
  });
});

describe('places', () => {
  it('creates a city under a country and revalidates the country, home and sitemap; refuses a taken slug', async () => {
    const [country] = await database.db.select().from(countries).limit(1);
    const result = await savePlaceAction(null, form({ kind: 'city', slug: 'new-town', nameEn: 'New Town', nameRu: 'Новый город', heroImage: '/images/x.jpg', sortOrder: '5', countryId: country!.id }));
    expect(result).toMatchObject({ ok: true });
    expect(revalidated.sort()).toEqual(['catalog:city:new-town', `catalog:country:${country!.slug}`, 'catalog:home', 'catalog:search', 'catalog:sitemap'].sort());
    const again = await savePlaceAction(null, form({ kind: 'city', slug: 'new-town', nameEn: 'N', nameRu: 'Н', heroImage: '/x.jpg', sortOrder: '0', countryId: country!.id }));
    expect(again).toMatchObject({ ok: false, fieldErrors: { slug: expect.any(String) } });
  });

  it('a renamed place expires the pages that show its name: a city its tours, a country its cities and tours, a category its tours and their lists', async () => {
    const place = async (kind: 'country' | 'category', slug: string) => {
      const table = kind === 'country' ? countries : categories;
      const [row] = await database.db.select().from(table).where(eq(table.slug, slug));
      return row!;
    };
    const [khasab] = await database.db.select().from(cities).where(eq(cities.slug, 'khasab'));
    if (!khasab) throw new Error('the demo catalogue has Khasab');
    const omanTours = await database.db.select({ slug: tours.slug }).from(tours).innerJoin(cities, eq(cities.id, tours.cityId)).where(eq(cities.countryId, khasab.countryId));
    expect(omanTours.length).toBeGreaterThan(0);

    await savePlaceAction(null, form({ kind: 'city', id: khasab.id, slug: 'khasab', nameEn: 'Khasab town', nameRu: 'Хасаб', heroImage: khasab.heroImage, sortOrder: String(khasab.sortOrder), countryId: khasab.countryId }));
    expect(revalidated).toEqual(expect.arrayContaining(['catalog:city:khasab', ...omanTours.map((tour) => `catalog:tour:${tour.slug}`)]));
    expect(revalidated).not.toContain('catalog:tour:dubai-frame');
    expect(revalidated).not.toContain('catalog:city:dubai');

    revalidated.length = 0;
    const oman = await place('country', 'oman');
    await savePlaceAction(null, form({ kind: 'country', id: oman.id, slug: 'oman', nameEn: 'Oman (Musandam)', nameRu: 'Оман', heroImage: oman.heroImage, sortOrder: String(oman.sortOrder) }));
    expect(revalidated).toEqual(expect.arrayContaining(['catalog:country:oman', 'catalog:city:khasab', ...omanTours.map((tour) => `catalog:tour:${tour.slug}`)]));
    expect(revalidated).not.toContain('catalog:tour:dubai-frame');

    revalidated.length = 0;
    const category = await place('category', 'water-activities');
    const inCategory = await database.db.select({ slug: tours.slug }).from(tours).innerJoin(tourCategories, eq(tourCategories.tourId, tours.id)).where(eq(tourCategories.categoryId, category.id));
    await savePlaceAction(null, form({ kind: 'category', id: category.id, slug: category.slug, nameEn: 'On the water', nameRu: 'На воде', heroImage: category.heroImage, sortOrder: String(category.sortOrder) }));
    expect(inCategory.length).toBeGreaterThan(0);
    expect(revalidated).toEqual(expect.arrayContaining(['catalog:home', 'catalog:city:abu-dhabi', ...inCategory.map((tour) => `catalog:tour:${tour.slug}`)]));
    expect(revalidated).not.toContain('catalog:tour:dubai-frame');
    for (const profile of profiles) expect(profile).toEqual({ expire: 0 });
  });
});

describe('who may edit the catalogue', () => {
  it('refuses a visitor and an agency admin before reading the form, changing nothing', async () => {
    staffSession.staff = null;
    expect(await savePromoAction(null, form({ code: 'NOPE1', percentOff: '5', validFrom: '', validUntil: '', maxUses: '' }))).toMatchObject({ ok: false, status: 401 });
    session.principal = await principalFor(database.db, 'admin@desertrose.test');
    expect(await savePromoAction(null, form({ code: 'NOPE2', percentOff: '5', validFrom: '', validUntil: '', maxUses: '' }))).toMatchObject({ ok: false, status: 401 });
    expect(await database.db.select().from(promoCodes).where(eq(promoCodes.code, 'NOPE1'))).toEqual([]);
  });
});

describe('hotels and pick-up times', () => {
  it('adds a hotel to a city (its country taken from the city), refuses a duplicate name and sets a pick-up time once per start time', async () => {
    const { db } = database;
    const city = await dubai();
    expect(await saveHotelAction(null, form({ cityId: city.id, name: 'Console Palace', area: 'Deira' }))).toMatchObject({ ok: true });
    expect(await saveHotelAction(null, form({ cityId: city.id, name: 'Console Palace' }))).toMatchObject({ ok: false, fieldErrors: { name: expect.any(String) } });
    const [hotel] = await db.select().from(hotels).where(eq(hotels.name, 'Console Palace'));
    const [cityRow] = await db.select().from(cities).where(eq(cities.id, city.id));
    expect(hotel).toMatchObject({ area: 'Deira', countryId: cityRow!.countryId });
    const [tour] = await db.select().from(tours).where(eq(tours.slug, 'dubai-frame'));
    for (const pickUpTime of ['08:15', '08:30']) {
      expect(await savePickUpTimeAction(null, form({ tourId: tour!.id, hotelId: hotel!.id, startTime: '09:00', pickUpTime }))).toMatchObject({ ok: true });
    }
    const rows = await db.select().from(pickUpTimes).where(and(eq(pickUpTimes.tourId, tour!.id), eq(pickUpTimes.hotelId, hotel!.id)));
    expect(rows).toMatchObject([{ startTime: '09:00', pickUpTime: '08:30' }]);
    expect(await savePickUpTimeAction(null, form({ tourId: tour!.id, hotelId: hotel!.id, startTime: '25:00', pickUpTime: '08:30' }))).toMatchObject({ ok: false, fieldErrors: { startTime: expect.any(String) } });
    expect(revalidated).toEqual([]);
  });
});
