import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/server/audit/audit';
import type { Database } from '@/server/db/connection';
import { agencies } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import { findAccountByEmail } from './account-queries';

// Approval of a registered agency without a staff member: the CLI (`npm run agency:approve`), for
// a deployment's first agency before any staff exist. The operator console approves through server/ops/agencies, with a credit
// limit and payment terms, its staff audit entry and the admin's e-mail.

export type Approval = { agencyId: string; agencyName: string; /** False when it was not pending. */ approved: boolean };

/** Pending → active, once: a second approval, or one of an active or suspended agency, changes nothing. */
export async function approveAgency(db: Database, agencyId: string): Promise<Approval> {
  return db.transaction(async (tx) => {
    const [approved] = await tx
      .update(agencies)
      .set({ status: 'active', updatedAt: sql`now()` })
      .where(and(eq(agencies.id, agencyId), eq(agencies.status, 'pending')))
      .returning({ name: agencies.name });
    if (approved) {
      await recordAudit(tx, {
        agencyId,
        actorUserId: null,
        entity: 'agency',
        entityId: agencyId,
        action: 'agency.approve',
        changes: { status: { from: 'pending', to: 'active' } },
      });
      return { agencyId, agencyName: approved.name, approved: true };
    }
    const [agency] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
    if (!agency) throw new NotFound();
    return { agencyId, agencyName: agency.name, approved: false };
  });
}

/** Approves the agency of the admin who registered it with this e-mail. */
export async function approveAgencyOfAdmin(db: Database, email: string): Promise<Approval> {
  const account = await findAccountByEmail(db, email);
  if (!account) throw new NotFound();
  return approveAgency(db, account.agencyId);
}
