import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { depositNotices } from '@/server/db/schema';
import { recordStaffAudit } from '@/server/audit/audit';
import { NotFound, RuleViolation } from '@/server/errors';
import { creditAgency } from '@/server/ledger/ledger';

/**
 * The operator's decision on a pending deposit notice (the operator console calls this with the
 * deciding staff member, whose decision is audited in the same transaction). Crediting adds the amount to the agency's ledger once: the notice row
 * is locked and must still be pending, so a double click or two operators credit it only once.
 */
export async function decideDepositNotice(
  db: Database,
  noticeId: string,
  decision: 'credit' | 'reject',
  /** Who decided (audited), and for a rejection the reason the agency sees. */
  by: { staffId?: string; rejectionReason?: string } = {},
): Promise<{ status: 'credited' | 'rejected'; balanceAfterMinor: number | null }> {
  return db.transaction(async (tx) => {
    const [notice] = await tx.select().from(depositNotices).where(eq(depositNotices.id, noticeId)).for('update');
    if (!notice) throw new NotFound();
    if (notice.status !== 'pending') throw new RuleViolation('deposits.errors.alreadyDecided');

    const audit = async (changes: Record<string, { from: unknown; to: unknown }>) => {
      if (!by.staffId) return;
      await recordStaffAudit(tx, { actorStaffId: by.staffId, agencyId: notice.agencyId, entity: 'deposit', entityId: notice.id, action: `deposit.${decision}`, changes });
    };
    const decidedBy = by.staffId ?? null;

    if (decision === 'reject') {
      const rejectionReason = by.rejectionReason ?? null;
      await tx.update(depositNotices).set({ status: 'rejected', rejectionReason, decidedBy, decidedAt: sql`now()` }).where(eq(depositNotices.id, noticeId));
      await audit({ status: { from: 'pending', to: 'rejected' }, rejectionReason: { from: null, to: rejectionReason } });
      return { status: 'rejected', balanceAfterMinor: null };
    }
    const posted = await creditAgency(tx, {
      agencyId: notice.agencyId,
      kind: 'deposit',
      amountMinor: notice.amountMinor,
      description: `Bank deposit ${notice.bankReference}`,
    });
    await tx
      .update(depositNotices)
      .set({ status: 'credited', ledgerEntryId: posted.entryId, decidedBy, decidedAt: sql`now()` })
      .where(and(eq(depositNotices.id, noticeId), eq(depositNotices.status, 'pending')));
    await audit({ status: { from: 'pending', to: 'credited' }, balanceMinor: { from: posted.balanceAfterMinor - notice.amountMinor, to: posted.balanceAfterMinor } });
    return { status: 'credited', balanceAfterMinor: posted.balanceAfterMinor };
  });
}
