import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import type { Database } from '@/server/db/connection';
import { bookings } from '@/server/db/schema';

/** Where a supplier booking stands at its supplier, for the checkout's confirmation and the booking page. */
export type SupplierState = {
  status: 'on_hold' | 'confirmed' | 'awaiting_supplier' | 'failed' | 'cancelled';
  /** The supplier's own reference once it confirmed. */
  reference: string | null;
};

/** The supplier side of a booking the principal may see; null for a booking of our own inventory. */
export async function loadSupplierState(db: Database, principal: Principal, reference: string): Promise<SupplierState | null> {
  const [row] = await db
    .select({ status: bookings.supplierStatus, reference: bookings.supplierReference })
    .from(bookings)
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
    .limit(1);
  return row?.status ? { status: row.status, reference: row.reference } : null;
}
