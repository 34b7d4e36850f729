import 'server-only';
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { bookings } from '@/server/db/schema';
import type { JobQueue } from '@/server/jobs/job-queue';
import { confirmSupplierBooking, settleSupplierBooking } from './confirm-at-supplier';
import { overdueSupplierHolds, releaseSupplierHold } from './supplier-hold';

/** Registers the supplier bookings' job: settling a booking its supplier has not answered for. */
export async function workSupplierBookingJobs(queue: JobQueue, db: Database): Promise<void> {
  await queue.work('suppliers.settleBooking', async (data) => {
    await settleSupplierBooking(db, String(data.bookingId));
  });
}

/** A paid booking's confirm is this late only when the process stopped between payment and confirm. */
const CONFIRM_GRACE_MS = 60_000;

/** Once its job's retries are spent, an unanswered booking is asked again this often. */
const AWAITING_ASK_MS = 5 * 60_000;

/**
 * The minute's sweep (with the payments' reconciliation): a booking paid but never confirmed at
 * its supplier (the process stopped in between) is confirmed, one awaiting its supplier whose job
 * was lost or gave up is asked again, and unpaid holds past their end are given back at the supplier.
 */
export async function reconcileSupplierBookings(db: Database, now = new Date()): Promise<void> {
  const unconfirmed = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'completed'), eq(bookings.supplierStatus, 'on_hold'), lte(bookings.updatedAt, new Date(now.getTime() - CONFIRM_GRACE_MS))))
    .limit(100);
  for (const { id } of unconfirmed) await confirmSupplierBooking(db, { id }).catch((error: unknown) => console.warn('[suppliers] confirm in sweep', id, error));
  // Asked at most every few minutes each: a failed ask touches the row (its error, its time).
  const awaiting = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.supplierStatus, 'awaiting_supplier'), lte(bookings.updatedAt, new Date(now.getTime() - AWAITING_ASK_MS))))
    .limit(100);
  for (const { id } of awaiting) await settleSupplierBooking(db, id).catch((error: unknown) => console.warn('[suppliers] settle in sweep', id, error));
  for (const id of await overdueSupplierHolds(db, now)) await releaseSupplierHold(db, id, now);
}
