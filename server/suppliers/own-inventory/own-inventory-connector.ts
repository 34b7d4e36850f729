import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { loadOfferAvailability, type AvailabilitySlot } from '@/server/availability/queries';
import { giveBackStock, takeStock } from '@/server/bookings/stock';
import type { Database, Transaction } from '@/server/db/connection';
import { availabilitySlots, offers, ownInventoryHolds, photos, tours } from '@/server/db/schema';
import { isDomainError } from '@/server/errors';
import { isPastCutOff, stockProblem, type GuestCounts } from '@/shared/availability/rules';
import type {
  OptionRef,
  SupplierBooking,
  SupplierCalendarDay,
  SupplierConnector,
  SupplierProduct,
  SupplierSlot,
  SupplierSlotStatus,
  SupplierUnit,
  UnitCounts,
  UnitType,
} from '../connector';
import { SupplierError } from '../errors';

// Our own inventory behind the connector interface (docs/suppliers.md "Own inventory"): a product
// is an active tour, its options are the tour's own live offers (not a supplier's), its units are
// adult, child and infant priced from the offer's columns (net = our b2b price, retail = the
// recommended one). Availability is read with the picker's own query
// (server/availability/queries.ts); a reserve takes stock with the booking's own conditional update
// (server/bookings/stock.ts) and keeps it in `own_inventory_holds` until it is confirmed, cancelled
// or expires. Availability ids are the slot's local start, OCTO's way: `2026-12-01T09:00:00+04:00`.

export const OWN_INVENTORY_ID = 'own-inventory';

const UNIT_TYPES: readonly UnitType[] = ['adult', 'child', 'infant'];
/** Our ids are uuids: anything else names nothing (and would make PostgreSQL refuse the query). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OFFSET = '+04:00';
/** The longest calendar answered at once (OCTO suppliers cap theirs alike). */
const MAX_CALENDAR_DAYS = 400;
/** Below this many places a slot is "limited" (the picker's few-left message). */
const LIMITED_BELOW = 5;

type Offer = typeof offers.$inferSelect;

function fail(code: SupplierError['code'], message: string): SupplierError {
  return new SupplierError(code, OWN_INVENTORY_ID, { message });
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function availabilityId(date: string, time: string): string {
  return `${date}T${time}:00${OFFSET}`;
}

/** Whether `date` (`yyyy-MM-dd`) and `time` (`HH:mm`) name a real day and minute. */
function isRealDateTime(date: string, time = '00:00'): boolean {
  const parsed = new Date(`${date}T${time}:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 16) === `${date}T${time}`;
}

function parseAvailabilityId(id: string): { date: string; time: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):00\+04:00$/.exec(id);
  return match && isRealDateTime(match[1]!, match[2]!) ? { date: match[1]!, time: match[2]! } : null;
}

function units(offer: Offer): SupplierUnit[] {
  const money = (amount: number | null) => (amount === null ? null : { amountMinor: amount, currency: offer.currency });
  return [
    { id: 'adult', type: 'adult', title: 'Adult', net: money(offer.pricePerAdult), retail: money(offer.recPricePerAdult) },
    { id: 'child', type: 'child', title: 'Child', net: money(offer.pricePerChild), retail: money(offer.recPricePerChild) },
    // Infants ride free (shared/availability/rules.ts: they are not paying people).
    { id: 'infant', type: 'infant', title: 'Infant', net: money(0), retail: money(0) },
  ];
}

function guestCounts(counts: UnitCounts | undefined): GuestCounts {
  const guests: GuestCounts = { adults: 0, children: 0, infants: 0 };
  for (const { unitId, quantity } of counts ?? []) {
    if (!(UNIT_TYPES as readonly string[]).includes(unitId)) throw fail('not_found', `No unit ${unitId}`);
    if (!Number.isInteger(quantity) || quantity < 0) throw fail('rejected', `Quantity ${quantity} of ${unitId}`);
    if (unitId === 'adult') guests.adults += quantity;
    else if (unitId === 'child') guests.children += quantity;
    else guests.infants += quantity;
  }
  return guests;
}

/** Offers of our own inventory: live, active, not a supplier's, of an active tour. */
const ownOffer = and(eq(offers.isActive, true), eq(offers.hasLiveAvailability, true), isNull(offers.supplierId), eq(tours.isActive, true));

/**
 * Gives back the stock of holds past their expiry, in the caller's transaction (all of them: one
 * indexed update). Run before every write of a hold and every minute by a job, so expired holds'
 * places show again in availability.
 */
export async function expireOwnInventoryHolds(tx: Transaction, now: Date): Promise<number> {
  const expired = await tx
    .update(ownInventoryHolds)
    .set({ status: 'expired', holdsStock: false, updatedAt: sql`now()` })
    .where(and(eq(ownInventoryHolds.status, 'on_hold'), lte(ownInventoryHolds.holdExpiresAt, now)))
    .returning({ slotId: ownInventoryHolds.slotId, offerId: ownInventoryHolds.offerId, adults: ownInventoryHolds.adults, children: ownInventoryHolds.children, infants: ownInventoryHolds.infants });
  for (const hold of expired) {
    const [offer] = await tx.select({ stockMode: offers.stockMode }).from(offers).where(eq(offers.id, hold.offerId));
    if (offer) await giveBackStock(tx, hold.slotId, offer.stockMode, hold);
  }
  return expired.length;
}

export function createOwnInventoryConnector(db: Database, options: { now?: () => Date } = {}): SupplierConnector {
  const now = options.now ?? (() => new Date());

  async function products(tourId?: string): Promise<SupplierProduct[]> {
    const rows = await db
      .select({ offer: offers, tour: { id: tours.id, title: tours.title, summary: tours.summary } })
      .from(offers)
      .innerJoin(tours, eq(tours.id, offers.tourId))
      .where(tourId ? and(ownOffer, eq(tours.id, tourId)) : ownOffer)
      .orderBy(asc(tours.slug), asc(offers.position));
    const tourIds = [...new Set(rows.map((row) => row.tour.id))];
    const images = tourIds.length === 0 ? [] : await db.select({ tourId: photos.tourId, url: photos.url }).from(photos).where(inArray(photos.tourId, tourIds)).orderBy(asc(photos.position));
    const byTour = new Map<string, SupplierProduct>();
    for (const { offer, tour } of rows) {
      let product = byTour.get(tour.id);
      if (!product) {
        product = {
          id: tour.id,
          title: tour.title.en,
          description: tour.summary.en,
          availabilityType: 'opening_hours',
          timeZone: 'Asia/Dubai',
          options: [],
          images: images.filter((image) => image.tourId === tour.id).map((image) => image.url),
        };
        byTour.set(tour.id, product);
      }
      // A tour is an opening-hours product only when every offer of it is.
      if (offer.availabilityType === 'start_time') product.availabilityType = 'start_time';
      product.options.push({ id: offer.id, title: offer.name.en, units: units(offer) });
    }
    return [...byTour.values()];
  }

  async function findOffer(ref: OptionRef, executor: Database | Transaction = db): Promise<Offer> {
    if (!UUID.test(ref.productId)) throw fail('not_found', `No product ${ref.productId}`);
    if (!UUID.test(ref.optionId)) throw fail('not_found', `No option ${ref.optionId}`);
    const [row] = await executor
      .select({ offer: offers })
      .from(offers)
      .innerJoin(tours, eq(tours.id, offers.tourId))
      .where(and(ownOffer, eq(offers.id, ref.optionId)));
    if (!row) {
      const [tour] = await executor.select({ id: tours.id }).from(tours).where(and(eq(tours.id, ref.productId), eq(tours.isActive, true)));
      throw fail('not_found', tour ? `No option ${ref.optionId}` : `No product ${ref.productId}`);
    }
    if (row.offer.tourId !== ref.productId) throw fail('not_found', `No product ${ref.productId} with option ${ref.optionId}`);
    return row.offer;
  }

  function slotOf(offer: Offer, date: string, slot: AvailabilitySlot, guests: GuestCounts): SupplierSlot {
    const problem = stockProblem(offer.stockMode, slot, guests, 0);
    const status: SupplierSlotStatus = slot.pastCutOff ? 'closed' : slot.left === 0 || problem ? 'sold_out' : slot.left < LIMITED_BELOW ? 'limited' : 'available';
    return {
      availabilityId: availabilityId(date, slot.time),
      date,
      startTime: slot.time,
      status,
      vacancies: slot.pastCutOff ? 0 : slot.left,
      openingHours: [],
      unitPrices: units(offer).map((unit) => ({ unitId: unit.id, net: unit.net, retail: unit.retail })),
    };
  }

  async function slots(ref: OptionRef, range: { from: string; to: string }, counts?: UnitCounts): Promise<SupplierSlot[]> {
    if (!isRealDateTime(range.from) || !isRealDateTime(range.to)) throw fail('rejected', `No such range ${range.from}..${range.to}`);
    const guests = guestCounts(counts);
    const offer = await findOffer(ref);
    const availability = await loadOfferAvailability(db, offer.id, range, now());
    return (availability?.days ?? []).flatMap((day) => day.slots.map((slot) => slotOf(offer, day.date, slot, guests)));
  }

  const expireHolds = (tx: Transaction) => expireOwnInventoryHolds(tx, now());

  type Hold = typeof ownInventoryHolds.$inferSelect;

  function booking(hold: Hold): SupplierBooking {
    return { uuid: hold.uuid, reference: hold.reference, state: hold.status, holdExpiresAt: hold.status === 'on_hold' ? hold.holdExpiresAt : null, tickets: [] };
  }

  async function lockHold(tx: Transaction, uuid: string): Promise<Hold> {
    await expireHolds(tx);
    const [hold] = UUID.test(uuid) ? await tx.select().from(ownInventoryHolds).where(eq(ownInventoryHolds.uuid, uuid)).for('update') : [];
    if (!hold) throw fail('not_found', `No booking ${uuid}`);
    return hold;
  }

  /** Takes the slot's stock for `guests`; a slot that cannot take them is `sold_out`. */
  async function take(tx: Transaction, offer: Offer, id: string, guests: GuestCounts): Promise<string> {
    const at = parseAvailabilityId(id);
    const [slot] = at
      ? await tx
          .select({ id: availabilitySlots.id })
          .from(availabilitySlots)
          .where(and(eq(availabilitySlots.offerId, offer.id), eq(availabilitySlots.date, at.date), eq(availabilitySlots.startTime, at.time)))
      : [];
    if (!slot || !at) throw fail('not_found', `No availability ${id}`);
    if (isPastCutOff(at.date, at.time, offer.cutOffHours, now())) throw fail('rejected', `Availability ${id} is closed`);
    if (guests.adults + guests.children + guests.infants === 0) throw fail('rejected', 'No units');
    try {
      await takeStock(tx, slot.id, offer.stockMode, guests);
    } catch (error) {
      if (isDomainError(error, 'ruleViolation') && error.code === 'availability.soldOut') throw fail('sold_out', `Availability ${id} cannot take these units`);
      throw error;
    }
    return slot.id;
  }

  return {
    listProducts: () => products(),

    async getProduct(productId) {
      const [product] = UUID.test(productId) ? await products(productId) : [];
      if (!product) throw fail('not_found', `No product ${productId}`);
      return product;
    },

    async availabilityCalendar(ref, range, counts) {
      const days = new Map<string, SupplierSlot[]>();
      for (const slot of await slots(ref, range, counts)) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);
      // Every day of the range, as OCTO answers: a day without a bookable slot is closed.
      const calendar: SupplierCalendarDay[] = [];
      for (let date = range.from; date <= range.to && calendar.length < MAX_CALENDAR_DAYS; date = nextDay(date)) {
        const daySlots = days.get(date) ?? [];
        const open = daySlots.filter((slot) => slot.status === 'available' || slot.status === 'limited');
        const status = open.some((slot) => slot.status === 'available') ? 'available' : open.length > 0 ? 'limited' : daySlots.some((slot) => slot.status === 'sold_out') ? 'sold_out' : 'closed';
        calendar.push({ date, status, vacancies: daySlots.reduce((sum, slot) => sum + (slot.vacancies ?? 0), 0) });
      }
      return calendar;
    },

    availability: (ref, range, counts) => slots(ref, range, counts),

    async reserve(request) {
      const guests = guestCounts(request.units);
      return db.transaction(async (tx) => {
        await expireHolds(tx);
        const [existing] = await tx.select().from(ownInventoryHolds).where(eq(ownInventoryHolds.uuid, request.uuid));
        // The caller's uuid makes a reserve idempotent: a retry answers the hold it made.
        if (existing) {
          if (existing.offerId !== request.optionId) throw fail('rejected', `Booking ${request.uuid} is another option's`);
          return booking(existing);
        }
        const offer = await findOffer(request, tx);
        const slotId = await take(tx, offer, request.availabilityId, guests);
        const [hold] = await tx
          .insert(ownInventoryHolds)
          .values({
            uuid: request.uuid,
            reference: `OWN-${randomBytes(4).toString('hex').toUpperCase()}`,
            offerId: offer.id,
            slotId,
            ...guests,
            holdExpiresAt: new Date(now().getTime() + request.expirationMinutes * 60_000),
            notes: request.notes ?? null,
          })
          .returning();
        return booking(hold!);
      });
    },

    async extend(uuid, expirationMinutes) {
      return db.transaction(async (tx) => {
        const hold = await lockHold(tx, uuid);
        if (hold.status !== 'on_hold') throw fail('rejected', `Booking ${uuid} is ${hold.status}`);
        const [updated] = await tx
          .update(ownInventoryHolds)
          .set({ holdExpiresAt: new Date(now().getTime() + expirationMinutes * 60_000), updatedAt: sql`now()` })
          .where(eq(ownInventoryHolds.uuid, uuid))
          .returning();
        return booking(updated!);
      });
    },

    async confirm(uuid, request) {
      return db.transaction(async (tx) => {
        const hold = await lockHold(tx, uuid);
        if (hold.status === 'confirmed') return booking(hold);
        if (hold.status !== 'on_hold') throw fail('rejected', `Booking ${uuid} is ${hold.status}`);
        const [updated] = await tx
          .update(ownInventoryHolds)
          .set({ status: 'confirmed', holdExpiresAt: null, resellerReference: request.resellerReference, contact: request.contact, updatedAt: sql`now()` })
          .where(eq(ownInventoryHolds.uuid, uuid))
          .returning();
        return booking(updated!);
      });
    },

    async amend(uuid, request) {
      return db.transaction(async (tx) => {
        const hold = await lockHold(tx, uuid);
        if (hold.status !== 'on_hold' && hold.status !== 'confirmed') throw fail('rejected', `Booking ${uuid} is ${hold.status}`);
        let moved: { slotId: string; guests: GuestCounts } | null = null;
        if (request.availabilityId !== undefined || request.units !== undefined) {
          const [offer] = await tx.select().from(offers).where(eq(offers.id, hold.offerId));
          if (!offer) throw fail('not_found', `No option ${hold.offerId}`);
          // Give the old places back first, so moving within one slot needs no spare place.
          await giveBackStock(tx, hold.slotId, offer.stockMode, hold);
          const [slot] = await tx.select({ date: availabilitySlots.date, time: availabilitySlots.startTime }).from(availabilitySlots).where(eq(availabilitySlots.id, hold.slotId));
          const guests = request.units === undefined ? { adults: hold.adults, children: hold.children, infants: hold.infants } : guestCounts(request.units);
          moved = { slotId: await take(tx, offer, request.availabilityId ?? availabilityId(slot!.date, slot!.time), guests), guests };
        }
        const [updated] = await tx
          .update(ownInventoryHolds)
          .set({
            ...(moved && { slotId: moved.slotId, ...moved.guests }),
            ...(request.contact !== undefined && { contact: request.contact }),
            ...(request.notes !== undefined && { notes: request.notes }),
            updatedAt: sql`now()`,
          })
          .where(eq(ownInventoryHolds.uuid, uuid))
          .returning();
        return booking(updated!);
      });
    },

    async cancel(uuid) {
      return db.transaction(async (tx) => {
        const hold = await lockHold(tx, uuid);
        if (hold.status === 'cancelled') return booking(hold);
        if (hold.status !== 'on_hold' && hold.status !== 'confirmed') throw fail('rejected', `Booking ${uuid} is ${hold.status}`);
        if (hold.holdsStock) {
          const [offer] = await tx.select({ stockMode: offers.stockMode }).from(offers).where(eq(offers.id, hold.offerId));
          if (offer) await giveBackStock(tx, hold.slotId, offer.stockMode, hold);
        }
        const [updated] = await tx
          .update(ownInventoryHolds)
          .set({ status: 'cancelled', holdsStock: false, holdExpiresAt: null, updatedAt: sql`now()` })
          .where(eq(ownInventoryHolds.uuid, uuid))
          .returning();
        return booking(updated!);
      });
    },

    async getBooking(uuid) {
      if (!UUID.test(uuid)) return null;
      return db.transaction(async (tx) => {
        await expireHolds(tx);
        const [hold] = await tx.select().from(ownInventoryHolds).where(eq(ownInventoryHolds.uuid, uuid));
        return hold ? booking(hold) : null;
      });
    },
  };
}
