import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordStaffAudit } from '@/server/audit/audit';
import type { Database } from '@/server/db/connection';
import { agencies, ledgerEntries, paymentRefunds, payments } from '@/server/db/schema';
import { Conflict, Forbidden, isDomainError, NotFound, RuleViolation } from '@/server/errors';
import { creditAgency, debitAgency, lockAgencyFunds } from '@/server/ledger/ledger';
import { can } from '@/shared/auth/permissions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { decideDepositNotice } from '@/server/top-up/credit-deposit-notice';

function assertMoney(staff: StaffPrincipal) {
  if (!can(staff.role, 'ops:money')) throw new Forbidden();
}

/** Credits a pending deposit notice to the agency's ledger, once (the notice row is locked). */
export async function creditDeposit(db: Database, staff: StaffPrincipal, noticeId: string) {
  assertMoney(staff);
  return decideDepositNotice(db, noticeId, 'credit', { staffId: staff.staffId }).catch(rethrowDecided);
}

/** Rejects a pending deposit notice with a reason the agency sees on its top-up page. */
export async function rejectDeposit(db: Database, staff: StaffPrincipal, noticeId: string, reason: string) {
  assertMoney(staff);
  return decideDepositNotice(db, noticeId, 'reject', { staffId: staff.staffId, rejectionReason: reason }).catch(rethrowDecided);
}

/** A notice decided meanwhile (double click, a second operator) answers 409, not a field error. */
function rethrowDecided(error: unknown): never {
  if (isDomainError(error, 'ruleViolation') && error.code === 'deposits.errors.alreadyDecided') throw new Conflict('opsMoney.errors.alreadyDecided');
  throw error;
}

/**
 * A manual ledger adjustment with its reason: an `adjustment` entry under the agency
 * row lock (a debit within balance + credit limit, as every debit), audited in the same transaction.
 * Posted once per form submission: the same `submissionKey` again answers with the first entry.
 */
export async function adjustLedger(
  db: Database,
  staff: StaffPrincipal,
  input: { agencyId: string; direction: 'credit' | 'debit'; amount: number; reason: string; submissionKey: string },
): Promise<{ entryId: string; balanceAfterMinor: number }> {
  assertMoney(staff);
  return db.transaction(async (tx) => {
    const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, input.agencyId));
    if (!agency) throw new RuleViolation('opsMoney.errors.agency', {}, 'agencyId');
    // A second submission waits here for the first to commit, then finds its entry.
    await lockAgencyFunds(tx, agency.id);
    const [earlier] = await tx
      .select({ entryId: ledgerEntries.id, balanceAfterMinor: ledgerEntries.balanceAfterMinor })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.agencyId, agency.id), eq(ledgerEntries.submissionKey, input.submissionKey)));
    if (earlier) return earlier;
    const posting = {
      agencyId: agency.id,
      kind: 'adjustment' as const,
      amountMinor: input.amount,
      description: `Adjustment: ${input.reason}`,
      submissionKey: input.submissionKey,
    };
    const posted =
      input.direction === 'credit'
        ? await creditAgency(tx, posting)
        : await debitAgency(tx, posting).catch((error: unknown) => {
            if (isDomainError(error, 'ruleViolation') && error.code === 'checkout.insufficientBalance') throw new RuleViolation('opsMoney.errors.insufficientFunds', {}, 'amount');
            throw error;
          });
    const signed = input.direction === 'credit' ? input.amount : -input.amount;
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId: agency.id,
      entity: 'ledger',
      entityId: posted.entryId,
      action: `ledger.${input.direction}`,
      changes: { balanceMinor: { from: posted.balanceAfterMinor - signed, to: posted.balanceAfterMinor }, reason: { from: null, to: input.reason } },
    });
    return posted;
  });
}

/**
 * Records that a provider refund was paid by hand (e.g. a crypto payment the provider cannot
 * refund): the refund is settled, so the retry job leaves it alone. Audited with the note.
 */
export async function markRefundedManually(db: Database, staff: StaffPrincipal, input: { refundId: string; note: string }): Promise<void> {
  assertMoney(staff);
  await db.transaction(async (tx) => {
    const [refund] = await tx
      .select({ id: paymentRefunds.id, status: paymentRefunds.status, agencyId: payments.agencyId })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
      .where(eq(paymentRefunds.id, input.refundId))
      .for('update', { of: paymentRefunds });
    if (!refund) throw new NotFound();
    const updated = await tx
      .update(paymentRefunds)
      .set({ status: 'succeeded', providerReference: sql`coalesce(${paymentRefunds.providerReference}, 'manual')`, settledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(paymentRefunds.id, refund.id), inArray(paymentRefunds.status, ['pending', 'failed'])))
      .returning({ id: paymentRefunds.id });
    if (updated.length === 0) throw new Conflict('opsMoney.errors.refundSettled');
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId: refund.agencyId,
      entity: 'refund',
      entityId: refund.id,
      action: 'refund.markManual',
      changes: { status: { from: refund.status, to: 'succeeded' }, note: { from: null, to: input.note } },
    });
  });
}
