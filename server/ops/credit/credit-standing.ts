import 'server-only';
import type { Transaction } from '@/server/db/connection';
import { RuleViolation } from '@/server/errors';
import { lockAgencyFunds } from '@/server/ledger/ledger';
import { findOverdueInvoice } from './invoice-payments';

/**
 * The enforced 30-day credit (issue 19 §3), in the booking's transaction before its debit: an
 * agency with an overdue invoice may pay from its balance only what its balance itself covers;
 * the credit limit is closed to it until the invoice is paid. Card, cash and requests never reach here.
 */
export async function assertMayPayFromBalance(tx: Transaction, agencyId: string, amountMinor: number, now: Date): Promise<void> {
  const funds = await lockAgencyFunds(tx, agencyId);
  if (funds.balanceMinor >= amountMinor) return;
  const overdue = await findOverdueInvoice(tx, agencyId, now);
  if (!overdue) return;
  throw new RuleViolation(
    'checkout.creditOverdue',
    { amount: (overdue.amountMinor / 100).toFixed(2), month: overdue.month.slice(0, 7), dueOn: overdue.dueOn },
    'paymentMethod',
  );
}
