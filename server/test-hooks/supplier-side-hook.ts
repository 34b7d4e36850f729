import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { bookings } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import type { SupplierBookingStatus, SupplierCode } from '@/shared/bookings/supplier-side';

/**
 * Stands in, in end-to-end tests of the booking page, for the supplier booking flow that writes a
 * booking's side at the supplier (its reference, status and codes). Only the test-only route
 * app/api/test-hooks/supplier-side imports it.
 */
export async function setSupplierSide(
  db: Database,
  side: { reference: string; supplierReference: string | null; supplierStatus: SupplierBookingStatus; tickets: SupplierCode[] },
): Promise<{ reference: string }> {
  const [row] = await db
    .update(bookings)
    .set({ supplierReference: side.supplierReference, supplierStatus: side.supplierStatus, supplierTickets: side.tickets })
    .where(eq(bookings.reference, side.reference))
    .returning({ reference: bookings.reference });
  if (!row) throw new NotFound();
  return row;
}
