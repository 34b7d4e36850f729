import { eq } from 'drizzle-orm';
import { loadOfferAvailability, loadTourAvailability } from '@/server/availability/queries';
import { availabilitySlots, cities, countries, offers, tours } from '@/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
// 10:00 in Dubai on 2026-11-21.
const now = new Date('2026-11-21T06:00:00Z');
const ids = {} as Record<'tour' | 'otherTour' | 'shared' | 'perType' | 'onRequest' | 'inactive' | 'inactiveTourOffer', string>;
const text = (en: string) => ({ en, ru: `${en} (ru)` });

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const [country] = await db.insert(countries).values({ slug: 'uae', name: text('UAE'), heroImage: '/uae.webp' }).returning();
  const [city] = await db.insert(cities).values({ countryId: country!.id, slug: 'dubai', name: text('Dubai'), heroImage: '/dubai.webp' }).returning();
  const tour = (slug: string, isActive = true) => ({
    slug,
    cityId: city!.id,
    title: text(slug),
    summary: text(slug),
    description: text(slug),
    terms: text('terms'),
    durationMinutes: 120,
    isActive,
  });
  const [active, hidden] = await db.insert(tours).values([tour('desert-safari'), tour('closed-tour', false)]).returning();
  ids.tour = active!.id;
  ids.otherTour = hidden!.id;

  const offer = (tourId: string, position: number, extra: Partial<typeof offers.$inferInsert>) => ({
    tourId,
    position,
    name: text(`offer ${position}`),
    description: text('offer'),
    recPricePerAdult: 10_000,
    ...extra,
  });
  // Inserted out of display order on purpose.
  const rows = await db
    .insert(offers)
    .values([
      offer(ids.tour, 2, { hasLiveAvailability: false, minPeople: 2, cutOffHours: 48 }),
      offer(ids.tour, 1, { stockMode: 'per_type', cutOffHours: 2 }),
      offer(ids.tour, 0, { stockMode: 'shared', cutOffHours: 6, minPeople: 1 }),
      offer(ids.tour, 3, { isActive: false }),
      offer(ids.otherTour, 0, {}),
    ])
    .returning({ id: offers.id, tourId: offers.tourId, position: offers.position });
  const byPosition = (tourId: string, position: number) => rows.find((row) => row.tourId === tourId && row.position === position)!.id;
  ids.shared = byPosition(ids.tour, 0);
  ids.perType = byPosition(ids.tour, 1);
  ids.onRequest = byPosition(ids.tour, 2);
  ids.inactive = byPosition(ids.tour, 3);
  ids.inactiveTourOffer = byPosition(ids.otherTour, 0);

  const slot = (offerId: string, date: string, startTime: string, left: number, perType?: [number, number]) => ({
    offerId,
    date,
    startTime,
    left,
    leftAdults: perType?.[0] ?? null,
    leftChildren: perType?.[1] ?? null,
  });
  await db.insert(availabilitySlots).values([
    slot(ids.shared, '2026-11-20', '15:00', 9), // yesterday in Dubai
    slot(ids.shared, '2026-11-21', '09:00', 9), // today, already started
    slot(ids.shared, '2026-11-21', '16:00', 9), // today, cut-off (10:00) reached exactly now
    slot(ids.shared, '2026-11-21', '16:01', 9), // today, one minute before its cut-off
    slot(ids.shared, '2026-11-22', '18:00', 0), // sold out, still listed
    slot(ids.shared, '2026-11-22', '09:00', 4),
    slot(ids.shared, '2026-11-30', '09:00', 7),
    slot(ids.shared, '2026-12-01', '09:00', 7), // after the range below
    slot(ids.perType, '2026-11-23', '10:00', 5, [3, 2]),
    slot(ids.inactive, '2026-11-23', '10:00', 5),
    slot(ids.inactiveTourOffer, '2026-11-23', '10:00', 5),
  ]);
});
afterAll(() => database.dispose());

const november = { from: '2026-11-01', to: '2026-11-30' };

describe('availability of one offer (ByOffer)', () => {
  it('groups the slots by date and time, from today in Dubai on, within the range', async () => {
    const availability = await loadOfferAvailability(database.db, ids.shared, november, now);
    expect(availability).toEqual({
      offerId: ids.shared,
      stockMode: 'shared',
      minPeople: 1,
      cutOffHours: 6,
      hasLiveAvailability: true,
      days: [
        {
          date: '2026-11-21',
          slots: [
            { time: '16:00', left: 9, leftAdults: null, leftChildren: null, pastCutOff: true },
            { time: '16:01', left: 9, leftAdults: null, leftChildren: null, pastCutOff: false },
          ],
        },
        {
          date: '2026-11-22',
          slots: [
            { time: '09:00', left: 4, leftAdults: null, leftChildren: null, pastCutOff: false },
            { time: '18:00', left: 0, leftAdults: null, leftChildren: null, pastCutOff: false },
          ],
        },
        { date: '2026-11-30', slots: [{ time: '09:00', left: 7, leftAdults: null, leftChildren: null, pastCutOff: false }] },
      ],
    });
  });

  it('leaves out slots that have already started today', async () => {
    const availability = await loadOfferAvailability(database.db, ids.shared, { from: '2026-11-21', to: '2026-11-21' }, now);
    expect(availability?.days[0]?.slots.map((slot) => slot.time)).toEqual(['16:00', '16:01']);
  });

  it('gives the adult and child counters of a per-type offer', async () => {
    const availability = await loadOfferAvailability(database.db, ids.perType, november, now);
    expect(availability).toMatchObject({
      stockMode: 'per_type',
      days: [{ date: '2026-11-23', slots: [{ time: '10:00', left: 5, leftAdults: 3, leftChildren: 2, pastCutOff: false }] }],
    });
  });

  it('has no days for an offer without live availability', async () => {
    expect(await loadOfferAvailability(database.db, ids.onRequest, november, now)).toEqual({
      offerId: ids.onRequest,
      stockMode: 'shared',
      minPeople: 2,
      cutOffHours: 48,
      hasLiveAvailability: false,
      days: [],
    });
  });

  it('has no days for a range wholly in the past', async () => {
    expect((await loadOfferAvailability(database.db, ids.shared, { from: '2026-10-01', to: '2026-11-20' }, now))?.days).toEqual([]);
  });

  it('knows no inactive offer, no offer of an inactive tour and no unknown offer', async () => {
    expect(await loadOfferAvailability(database.db, ids.inactive, november, now)).toBeNull();
    expect(await loadOfferAvailability(database.db, ids.inactiveTourOffer, november, now)).toBeNull();
    expect(await loadOfferAvailability(database.db, '00000000-0000-4000-8000-000000000000', november, now)).toBeNull();
  });
});

describe('availability of a tour (ByTour)', () => {
  it('lists the active offers in display order, each with its own slots', async () => {
    const availability = await loadTourAvailability(database.db, ids.tour, november, now);
    expect(availability?.map((offer) => offer.offerId)).toEqual([ids.shared, ids.perType, ids.onRequest]);
    expect(availability?.map((offer) => offer.days.map((day) => day.date))).toEqual([['2026-11-21', '2026-11-22', '2026-11-30'], ['2026-11-23'], []]);
  });

  it('knows no inactive or unknown tour', async () => {
    expect(await loadTourAvailability(database.db, ids.otherTour, november, now)).toBeNull();
    expect(await loadTourAvailability(database.db, '00000000-0000-4000-8000-000000000000', november, now)).toBeNull();
  });

  it('reflects a booking’s stock change at once (never cached)', async () => {
    await database.db.update(availabilitySlots).set({ left: 1 }).where(eq(availabilitySlots.offerId, ids.perType));
    const [, perType] = (await loadTourAvailability(database.db, ids.tour, november, now)) ?? [];
    expect(perType?.days[0]?.slots[0]?.left).toBe(1);
  });
});
