import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { agencyApprovedColumn } from '@/server/account/agency-standing';
import type { Principal } from '@/server/auth/principal';
import type { CheckoutInput } from '@/shared/bookings/checkout-schema';
import type { Database } from '@/server/db/connection';
import { agencies, availabilitySlots, bookings, cities, ledgerEntries, offers, tours, users } from '@/server/db/schema';

// Shared set-up for the booking tests: the seeded demo world, principals of seeded agents, and
// slots with a known stock.

export const DESERT_ROSE = '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0001';

export async function principalFor(db: Database, email: string): Promise<Principal> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: users.role, agencyId: users.agencyId, agencyName: agencies.name, agencyApproved: agencyApprovedColumn })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`No seeded user ${email}`);
  return row;
}

export type OfferKind = 'shared' | 'per_type' | 'request' | 'trip';

/** The first seeded offer of a kind: live per-person shared stock, per-type stock, on request, or per trip. */
export async function findOffer(db: Database, kind: OfferKind, where?: { countryId: string }) {
  const conditions: Record<OfferKind, SQL | undefined> = {
    shared: and(eq(offers.stockMode, 'shared'), eq(offers.hasLiveAvailability, true), isNull(offers.pricePerTrip), eq(offers.minPeople, 1), isNull(offers.pickUpCityId)),
    per_type: and(eq(offers.stockMode, 'per_type'), eq(offers.hasLiveAvailability, true), eq(offers.minPeople, 1)),
    request: eq(offers.hasLiveAvailability, false),
    trip: and(isNotNull(offers.pricePerTrip), eq(offers.hasLiveAvailability, true)),
  };
  const [row] = await db
    .select()
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .innerJoin(cities, eq(cities.id, tours.cityId))
    // Generic checkouts choose no hotel, which an offer with pick-up included needs, and their
    // cancellations expect a refund, which a non-refundable offer never gives. They book a start
    // time of our own inventory: an opening-hours ticket (the seed's day pass) answers its slots as
    // all day, and a supplier's offer is booked at the supplier.
    .where(
      and(
        conditions[kind],
        eq(offers.availabilityType, 'start_time'),
        isNull(offers.supplierId),
        ne(offers.pickUp, 'included'),
        sql`${offers.cancellationPolicy}->>'kind' <> 'nonRefundable'`,
        where && eq(cities.countryId, where.countryId),
      ),
    )
    .orderBy(asc(offers.id))
    .limit(1);
  if (!row) throw new Error(`No seeded ${kind} offer`);
  return row.offers;
}

/** Sets the stock of the offer's first slot on `date` (creating a 10:00 slot on a closed day) and returns it. */
export async function prepareSlot(db: Database, offerId: string, date: string, stock: { left: number; leftAdults?: number; leftChildren?: number }) {
  const [existing] = await db
    .select()
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.offerId, offerId), eq(availabilitySlots.date, date)))
    .orderBy(asc(availabilitySlots.startTime))
    .limit(1);
  const values = { left: stock.left, leftAdults: stock.leftAdults ?? existing?.leftAdults ?? null, leftChildren: stock.leftChildren ?? existing?.leftChildren ?? null };
  if (existing) {
    await db.update(availabilitySlots).set(values).where(eq(availabilitySlots.id, existing.id));
    return { ...existing, ...values };
  }
  const [created] = await db.insert(availabilitySlots).values({ offerId, date, startTime: '10:00', ...values }).returning();
  return created!;
}

export async function slotStock(db: Database, slotId: string) {
  const [slot] = await db
    .select({ left: availabilitySlots.left, leftAdults: availabilitySlots.leftAdults, leftChildren: availabilitySlots.leftChildren })
    .from(availabilitySlots)
    .where(eq(availabilitySlots.id, slotId));
  return slot;
}

export async function agencyBalance(db: Database, agencyId: string): Promise<number> {
  const [row] = await db.select({ balance: agencies.balanceMinor }).from(agencies).where(eq(agencies.id, agencyId));
  return row!.balance;
}

export async function countBookings(db: Database, agencyId: string): Promise<number> {
  return db.$count(bookings, eq(bookings.agencyId, agencyId));
}

export async function ledgerOf(db: Database, agencyId: string) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, agencyId)).orderBy(asc(ledgerEntries.createdAt));
}

export function checkoutInput(overrides: Partial<CheckoutInput> & Pick<CheckoutInput, 'offerId' | 'date'>): CheckoutInput {
  return {
    time: null,
    adults: 1,
    children: 0,
    infants: 0,
    idempotencyKey: crypto.randomUUID(),
    guestName: 'Test Guest',
    guestPhone: '+971 50 000 0000',
    guestEmail: 'guest@example.test',
    guestEmailConfirm: 'guest@example.test',
    hotelId: null,
    room: null,
    notes: null,
    promoCode: null,
    paymentMethod: 'cash',
    ...overrides,
  };
}

/** `yyyy-MM-dd`, `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
