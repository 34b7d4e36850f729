import 'server-only';
import { and, count, countDistinct, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { agencies, agencyInvoices, bookings, depositNotices } from '@/server/db/schema';
import { dubaiToday } from '@/shared/availability/rules';
import type { StaffPrincipal } from '@/server/staff/staff-principal';

export type OpsWorkload = { pendingAgencies: number; openRequests: number; pendingDeposits: number; overdueAgencies: number };

/** What waits for the operator, counted on the partial indexes each queue has. */
export async function loadOpsWorkload(db: Database, _staff: StaffPrincipal, now: Date = new Date()): Promise<OpsWorkload> {
  const [[pending], [requests], [deposits], [overdue]] = await Promise.all([
    db.select({ n: count() }).from(agencies).where(eq(agencies.status, 'pending')),
    db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'quotation_request')),
    db.select({ n: count() }).from(depositNotices).where(eq(depositNotices.status, 'pending')),
    db
      .select({ n: countDistinct(agencyInvoices.agencyId) })
      .from(agencyInvoices)
      .where(and(isNull(agencyInvoices.paidAt), lt(agencyInvoices.dueOn, dubaiToday(now)))),
  ]);
  return { pendingAgencies: pending!.n, openRequests: requests!.n, pendingDeposits: deposits!.n, overdueAgencies: overdue!.n };
}
