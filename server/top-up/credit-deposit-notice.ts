import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { depositNotices } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { creditAgency } from '@/server/ledger/ledger';

/**
 * The operator's decision on a pending deposit notice (the operator console calls this; until it
 * exists, a test hook does). Crediting adds the amount to the agency's ledger once: the notice row
 * is locked and must still be pending, so a double click or two operators credit it only once.
 */
export async function decideDepositNotice(
  db: Database,
  noticeId: string,
  decision: 'credit' | 'reject',
): Promise<{ status: 'credited' | 'rejected'; balanceAfterMinor: number | null }> {
  return db.transaction(async (tx) => {
    const [notice] = await tx.select().from(depositNotices).where(eq(depositNotices.id, noticeId)).for('update');
    if (!notice) throw new NotFound();
    if (notice.status !== 'pending') throw new RuleViolation('deposits.errors.alreadyDecided');

    if (decision === 'reject') {
      await tx.update(depositNotices).set({ status: 'rejected', decidedAt: sql`now()` }).where(eq(depositNotices.id, noticeId));
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
      .set({ status: 'credited', ledgerEntryId: posted.entryId, decidedAt: sql`now()` })
      .where(and(eq(depositNotices.id, noticeId), eq(depositNotices.status, 'pending')));
    return { status: 'credited', balanceAfterMinor: posted.balanceAfterMinor };
  });
}
