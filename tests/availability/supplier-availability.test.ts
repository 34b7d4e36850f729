import { eq } from 'drizzle-orm';
import { loadLiveOfferAvailability as loadOfferAvailability, loadLiveTourAvailability as loadTourAvailability } from '@/server/availability/offer-availability';
import { clearSupplierAvailabilityCache, FREE_SALE_LEFT, toDaySlots } from '@/server/availability/supplier-availability';
import type { Database } from '@/server/db/connection';
import { offers, suppliers } from '@/server/db/schema';
import { breakerState } from '@/server/suppliers/breaker';
import type { SupplierSlot } from '@/server/suppliers/connector';
import { sealSecret } from '@/server/suppliers/secret-box';
import { isPastCutOff } from '@/shared/availability/rules';
import { startOctoSupplier, type OctoSupplierHandle } from '@/tests/support/octo-supplier/server';
import { findOffer } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Supplier-backed offers in the picker and spec §7's availability calls: the supplier's live slots
// through its connector, in our slot shape, kept briefly per offer and range with one supplier call
// for concurrent askers; a slow or dead supplier turns the offer "on request" within the
// connector's timeout, and at once once its breaker is open. Our own offers never ask a supplier.

let database: TestDatabase;
let supplier: OctoSupplierHandle;
const ids = { safari: '', deck: '', own: '', safariTour: '', supplier: '' };

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + 4 * 3_600_000 + offset * DAY_MS).toISOString().slice(0, 10);
const checks = (handle: OctoSupplierHandle) => handle.requests.filter((request) => request.operation === 'Availabilities_AvailabilityCheck').length;

async function addSupplier(db: Database, handle: OctoSupplierHandle, name: string): Promise<string> {
  const [row] = await db
    .insert(suppliers)
    .values({ name, baseUrl: handle.url, apiKeySealed: sealSecret(handle.apiKey), apiKeyHint: handle.apiKey.slice(-4), capabilities: ['octo/pricing'], currency: 'AED' })
    .returning({ id: suppliers.id });
  return row!.id;
}

async function sellAs(db: Database, offerId: string, supplierId: string, product: string, option: string, type: 'start_time' | 'opening_hours', units: { adult: string; child: string | null }) {
  await db
    .update(offers)
    .set({ supplierId, supplierProductId: product, supplierOptionId: option, availabilityType: type, supplierUnits: { ...units, infant: null }, hasLiveAvailability: true })
    .where(eq(offers.id, offerId));
}

beforeAll(async () => {
  vi.stubEnv('SUPPLIERS_ALLOW_PRIVATE_ADDRESSES', 'on');
  database = await createTestDatabase({ demoData: { today: new Date() } });
  supplier = await startOctoSupplier();
  const { db } = database;
  const safari = await findOffer(db, 'shared');
  const deck = await findOffer(db, 'per_type');
  const own = await findOffer(db, 'trip');
  ids.supplier = await addSupplier(db, supplier, 'Local OCTO');
  await sellAs(db, safari.id, ids.supplier, 'desert-safari', 'evening', 'start_time', { adult: 'evening-adult', child: 'evening-child' });
  await sellAs(db, deck.id, ids.supplier, 'sky-deck', 'DEFAULT', 'opening_hours', { adult: 'deck-adult', child: null });
  Object.assign(ids, { safari: safari.id, deck: deck.id, own: own.id, safariTour: safari.tourId });
});
afterAll(async () => {
  await supplier.close();
  await database.dispose();
  vi.unstubAllEnvs();
});
beforeEach(() => clearSupplierAvailabilityCache());

describe('a supplier’s availability', () => {
  it('maps start-time slots: seats left from vacancies, the offer’s cut-off', async () => {
    const now = new Date();
    const availability = await loadOfferAvailability(database.db, ids.safari, { from: day(2), to: day(4) }, now);
    expect(availability).toMatchObject({ offerId: ids.safari, hasLiveAvailability: true });
    expect(availability?.onRequestReason).toBeUndefined();
    const [offer] = await database.db.select({ cutOffHours: offers.cutOffHours }).from(offers).where(eq(offers.id, ids.safari));
    expect(availability?.days).toEqual(
      [day(2), day(3), day(4)].map((date) => ({
        date,
        slots: ['15:00', '16:30'].map((time) => ({ time, left: 10, leftAdults: null, leftChildren: null, pastCutOff: isPastCutOff(date, time, offer!.cutOffHours, now) })),
      })),
    );
  });

  it('makes an opening-hours product one slot a day, and sells per type only the units the offer maps', async () => {
    const availability = await loadOfferAvailability(database.db, ids.deck, { from: day(1), to: day(2) }, new Date());
    expect(availability?.stockMode).toBe('per_type');
    expect(availability?.days.map((entry) => entry.slots.map(({ time, left, leftAdults, leftChildren }) => ({ time, left, leftAdults, leftChildren })))).toEqual([
      [{ time: '10:00', left: 200, leftAdults: 200, leftChildren: 0 }],
      [{ time: '10:00', left: 200, leftAdults: 200, leftChildren: 0 }],
    ]);
  });

  it('keeps the answer per offer and range, with one supplier call for concurrent pickers', async () => {
    const before = checks(supplier);
    const range = { from: day(5), to: day(9) };
    const answers = await Promise.all(Array.from({ length: 12 }, () => loadOfferAvailability(database.db, ids.safari, range, new Date())));
    expect(checks(supplier) - before).toBe(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await loadOfferAvailability(database.db, ids.safari, range, new Date());
    expect(checks(supplier) - before).toBe(1);
    await loadOfferAvailability(database.db, ids.safari, { from: day(5), to: day(10) }, new Date());
    expect(checks(supplier) - before).toBe(2);
  });

  it('never asks a supplier for our own inventory', async () => {
    const before = supplier.requests.length;
    const availability = await loadOfferAvailability(database.db, ids.own, { from: day(1), to: day(30) }, new Date());
    expect(availability?.hasLiveAvailability).toBe(true);
    expect(availability?.days.length).toBeGreaterThan(0);
    expect(supplier.requests.length).toBe(before);
  });
});

describe('a supplier that is down or slow', () => {
  it('answers on request within the connector’s timeout, at once while the breaker is open, and live again after one trial call', async () => {
    const { db } = database;
    const dead = await startOctoSupplier();
    const deadId = await addSupplier(db, dead, 'Dead OCTO');
    await sellAs(db, ids.safari, deadId, 'desert-safari', 'evening', 'start_time', { adult: 'evening-adult', child: 'evening-child' });
    try {
      dead.setDown(true);
      const timed: number[] = [];
      for (let call = 0; call < 6 && breakerState(deadId).state === 'closed'; call += 1) {
        const started = performance.now();
        const availability = await loadOfferAvailability(db, ids.safari, { from: day(2), to: day(3) }, new Date());
        timed.push(performance.now() - started);
        expect(availability).toMatchObject({ hasLiveAvailability: false, days: [], onRequestReason: 'supplierUnavailable' });
      }
      // A few calls, each bounded by the connector's short timeout (3 s), not the supplier's silence.
      expect(breakerState(deadId).state).toBe('open');
      expect(timed.length).toBeLessThanOrEqual(5);
      for (const ms of timed) expect(ms).toBeLessThan(4_000);

      // The breaker open: the picker and the tour's availability answer at once.
      const started = performance.now();
      const [month, tour] = await Promise.all([
        loadOfferAvailability(db, ids.safari, { from: day(2), to: day(3) }, new Date()),
        loadTourAvailability(db, ids.safariTour, { from: day(2), to: day(3) }, new Date()),
      ]);
      expect(performance.now() - started).toBeLessThan(500);
      expect(month?.onRequestReason).toBe('supplierUnavailable');
      expect(tour?.find((offer) => offer.offerId === ids.safari)).toMatchObject({ hasLiveAvailability: false, onRequestReason: 'supplierUnavailable' });

      // Back up: once the breaker's cool-down has passed, the next picker still answers at once
      // (on request) while one trial call runs in the background; its answer fills the cache.
      dead.setDown(false);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 31_000);
      const trial = performance.now();
      expect((await loadOfferAvailability(db, ids.safari, { from: day(2), to: day(3) }, new Date()))?.onRequestReason).toBe('supplierUnavailable');
      expect(performance.now() - trial).toBeLessThan(500);
      await vi.waitFor(() => expect(breakerState(deadId).state).toBe('closed'), { timeout: 4_000, interval: 50 });
      const live = await loadOfferAvailability(db, ids.safari, { from: day(2), to: day(3) }, new Date());
      expect(live).toMatchObject({ hasLiveAvailability: true });
      expect(live?.onRequestReason).toBeUndefined();
      expect(live?.days.length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
      dead.setDown(false);
      await sellAs(db, ids.safari, ids.supplier, 'desert-safari', 'evening', 'start_time', { adult: 'evening-adult', child: 'evening-child' });
      await dead.close();
    }
  }, 60_000);

  it('does not wait for a supplier that answers in 5 s, and a late picker does not wait at all', async () => {
    const { db } = database;
    const slow = await startOctoSupplier();
    const slowId = await addSupplier(db, slow, 'Slow OCTO');
    await sellAs(db, ids.deck, slowId, 'sky-deck', 'DEFAULT', 'opening_hours', { adult: 'deck-adult', child: null });
    try {
      slow.setDelay(5_000);
      const started = performance.now();
      const first = loadOfferAvailability(db, ids.deck, { from: day(1), to: day(2) }, new Date());
      // A picker arriving while that call has been waiting a while does not wait for it too.
      await new Promise((resolve) => setTimeout(resolve, 400));
      const late = performance.now();
      expect(await loadOfferAvailability(db, ids.deck, { from: day(1), to: day(2) }, new Date())).toMatchObject({ onRequestReason: 'supplierUnavailable' });
      expect(performance.now() - late).toBeLessThan(300);
      const availability = await first;
      expect(performance.now() - started).toBeLessThan(4_000);
      expect(availability).toMatchObject({ hasLiveAvailability: false, days: [], onRequestReason: 'supplierUnavailable' });
    } finally {
      await sellAs(db, ids.deck, ids.supplier, 'sky-deck', 'DEFAULT', 'opening_hours', { adult: 'deck-adult', child: null });
      await slow.close();
    }
  }, 30_000);
});

describe('toDaySlots', () => {
  const slot = (date: string, startTime: string, status: SupplierSlot['status'], vacancies: number | null, openingHours: SupplierSlot['openingHours'] = []): SupplierSlot => ({
    availabilityId: `${date}T${startTime}`,
    date,
    startTime,
    status,
    vacancies,
    openingHours,
    unitPrices: [],
  });

  it('sells free sale without a count, none of a sold-out slot, and leaves closed ones out, in order', () => {
    expect(
      toDaySlots(
        [slot('2026-12-02', '09:00', 'available', null), slot('2026-12-01', '16:30', 'sold_out', 3), slot('2026-12-01', '15:00', 'limited', 2), slot('2026-12-01', '09:00', 'closed', 0)],
        'start_time',
      ),
    ).toEqual([
      { date: '2026-12-01', time: '15:00', bookableUntil: '15:00', left: 2 },
      { date: '2026-12-01', time: '16:30', bookableUntil: '16:30', left: 0 },
      { date: '2026-12-02', time: '09:00', bookableUntil: '09:00', left: FREE_SALE_LEFT },
    ]);
  });

  it('makes an opening-hours day one slot from the time it opens, bookable until it closes', () => {
    expect(
      toDaySlots([slot('2026-12-01', '00:00', 'available', 150, [{ from: '10:00', to: '14:00' }, { from: '16:00', to: '22:00' }]), slot('2026-12-01', '12:00', 'available', 5)], 'opening_hours'),
    ).toEqual([{ date: '2026-12-01', time: '10:00', bookableUntil: '22:00', left: 150 }]);
  });
});
