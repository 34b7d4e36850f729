import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { agencies } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';

export type AgencyStatus = (typeof agencies.$inferSelect)['status'];

/** Whether the agency has been approved (a suspended one was): the principal's `agencyApproved`. */
export const agencyApprovedColumn = sql<boolean>`${agencies.status} in ('active', 'suspended')`;

export async function loadAgencyStatus(db: Database | Transaction, agencyId: string): Promise<AgencyStatus> {
  const [agency] = await db.select({ status: agencies.status }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  if (!agency) throw new Error(`Agency ${agencyId} does not exist`);
  return agency.status;
}

/** An agency books only once the operator has approved it, not while it is suspended, and never once rejected. */
export async function assertAgencyMayBook(db: Database | Transaction, agencyId: string): Promise<void> {
  assertStatusMayBook(await loadAgencyStatus(db, agencyId));
}

/** The same rule on a status the caller has read already (with other things, in one query). */
export function assertStatusMayBook(status: AgencyStatus): void {
  if (status === 'pending') throw new RuleViolation('account.agencyPending');
  if (status === 'suspended') throw new RuleViolation('account.agencySuspended');
  if (status === 'rejected') throw new RuleViolation('account.agencyRejected');
}
