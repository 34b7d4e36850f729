import 'server-only';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { recordStaffAudit } from '@/server/audit/audit';
import type { Database, Transaction } from '@/server/db/connection';
import { availabilitySlots, bookings, offers } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { stockTaken } from '@/shared/availability/rules';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { AvailabilityBulkEdit } from './schemas';

// Bulk edits of an offer's calendar. The stock typed is what the slot sells in all; what bookings
// already hold (`holds_stock`) is taken from it, so a slot never offers more than it has and
// never drops below what is held. Slots are locked before the held counts are read: a booking
// running at the same time either commits first (and is counted) or waits for this edit.

export type BulkEditOutcome = { created: number; updated: number; closed: number; removed: number; belowHeld: string[] };

/** The days from `from` to `until` (inclusive) on the given weekdays (0 = Sunday). */
export function datesOnWeekdays(from: string, until: string, weekdays: readonly number[]): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${until}T00:00:00Z`); time += 86_400_000) {
    const day = new Date(time);
    if (weekdays.includes(day.getUTCDay())) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

type Held = { left: number; leftAdults: number; leftChildren: number };

async function heldBySlot(tx: Transaction, slotIds: string[], mode: 'shared' | 'per_type'): Promise<Map<string, Held>> {
  if (slotIds.length === 0) return new Map();
  const rows = await tx
    .select({
      slotId: bookings.slotId,
      adults: sql<number>`coalesce(sum(${bookings.adults}), 0)`.mapWith(Number),
      children: sql<number>`coalesce(sum(${bookings.children}), 0)`.mapWith(Number),
      infants: sql<number>`coalesce(sum(${bookings.infants}), 0)`.mapWith(Number),
    })
    .from(bookings)
    .where(and(inArray(bookings.slotId, slotIds), eq(bookings.holdsStock, true)))
    .groupBy(bookings.slotId);
  return new Map(rows.map((row) => [row.slotId!, stockTaken(mode, row)]));
}

export async function editAvailability(db: Database, staff: StaffPrincipal, edit: AvailabilityBulkEdit): Promise<BulkEditOutcome> {
  const dates = datesOnWeekdays(edit.from, edit.until, edit.weekdays);
  return db.transaction(async (tx) => {
    const [offer] = await tx.select({ id: offers.id, stockMode: offers.stockMode, availabilityType: offers.availabilityType }).from(offers).where(eq(offers.id, edit.offerId)).for('update');
    if (!offer) throw new NotFound();
    // An opening-hours ticket has one slot a day, at the day's opening time (docs/catalogue.md).
    if (offer.availabilityType === 'opening_hours' && edit.mode === 'set') {
      if (edit.times.length > 1) throw new RuleViolation('opsCatalog.errors.openingHoursOneTime', {}, 'times');
      // Nor a second slot beside one the day already has at another time.
      const [other] = await tx
        .select({ id: availabilitySlots.id })
        .from(availabilitySlots)
        .where(
          and(
            eq(availabilitySlots.offerId, offer.id),
            inArray(availabilitySlots.date, dates),
            sql`${availabilitySlots.startTime} <> ${edit.times[0]}`,
          ),
        )
        .limit(1);
      if (other) throw new RuleViolation('opsCatalog.errors.openingHoursOneTime', {}, 'times');
    }
    const outcome: BulkEditOutcome = { created: 0, updated: 0, closed: 0, removed: 0, belowHeld: [] };
    if (dates.length === 0) return outcome;
    const existing = await tx
      .select({ id: availabilitySlots.id, date: availabilitySlots.date, startTime: availabilitySlots.startTime })
      .from(availabilitySlots)
      .where(and(eq(availabilitySlots.offerId, offer.id), gte(availabilitySlots.date, edit.from), lte(availabilitySlots.date, edit.until), inArray(availabilitySlots.startTime, edit.times)))
      .for('update');
    const wanted = new Set(dates.flatMap((date) => edit.times.map((time) => `${date} ${time}`)));
    const slots = existing.filter((slot) => wanted.has(`${slot.date} ${slot.startTime}`));
    const perType = offer.stockMode === 'per_type';

    if (edit.mode === 'close' || edit.mode === 'remove') {
      const ids = slots.map((slot) => slot.id);
      if (ids.length > 0 && edit.mode === 'remove') {
        // A slot a booking refers to is never dropped: it is closed instead.
        const removed = await tx
          .delete(availabilitySlots)
          .where(and(inArray(availabilitySlots.id, ids), sql`not exists (select 1 from ${bookings} where ${bookings.slotId} = ${availabilitySlots.id})`))
          .returning({ id: availabilitySlots.id });
        outcome.removed = removed.length;
        const gone = new Set(removed.map((row) => row.id));
        ids.splice(0, ids.length, ...ids.filter((slotId) => !gone.has(slotId)));
      }
      if (ids.length > 0) {
        await tx
          .update(availabilitySlots)
          .set({ left: 0, ...(perType && { leftAdults: 0, leftChildren: 0 }) })
          .where(inArray(availabilitySlots.id, ids));
        outcome.closed = ids.length;
      }
    } else {
      const stock = edit.stock ?? 0;
      const adults = perType ? (edit.stockAdults ?? stock) : null;
      const children = perType ? (edit.stockChildren ?? stock) : null;
      const held = await heldBySlot(tx, slots.map((slot) => slot.id), offer.stockMode);
      for (const slot of slots) {
        const taken = held.get(slot.id) ?? { left: 0, leftAdults: 0, leftChildren: 0 };
        if (stock < taken.left || (perType && (adults! < taken.leftAdults || children! < taken.leftChildren))) {
          outcome.belowHeld.push(`${slot.date} ${slot.startTime}`);
          continue;
        }
        await tx
          .update(availabilitySlots)
          .set({ left: stock - taken.left, ...(perType && { leftAdults: adults! - taken.leftAdults, leftChildren: children! - taken.leftChildren }) })
          .where(eq(availabilitySlots.id, slot.id));
        outcome.updated += 1;
      }
      const known = new Set(slots.map((slot) => `${slot.date} ${slot.startTime}`));
      const fresh = [...wanted].filter((key) => !known.has(key));
      if (fresh.length > 0) {
        const created = await tx
          .insert(availabilitySlots)
          .values(fresh.map((key) => {
            const [date = '', startTime = ''] = key.split(' ');
            return { offerId: offer.id, date, startTime, left: stock, leftAdults: adults, leftChildren: children };
          }))
          .onConflictDoNothing()
          .returning({ id: availabilitySlots.id });
        outcome.created = created.length;
      }
    }
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      entity: 'offer',
      entityId: offer.id,
      action: 'offer.availability',
      changes: { availability: { from: null, to: { ...edit, outcome } } },
    });
    return outcome;
  });
}
