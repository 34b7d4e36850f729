import 'server-only';
import { rowsOf } from '@/server/db/result-rows';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { agencyInvoices } from '@/server/db/schema';
import { dubaiToday } from '@/shared/availability/rules';

// The 30-day credit's paid rule (spec §9): money pays the oldest debts first, so a
// month's invoice is paid once the agency's credits cover all its debits up to that month's end,
// that is when balance now + every debit after the month's end >= 0.

/** The instant the invoiced month ends, midnight in Asia/Dubai, as SQL over `agency_invoices.month`. */
const monthEnd = sql.raw(`((agency_invoices.month + interval '1 month')::timestamp at time zone 'Asia/Dubai')`);

/**
 * Records `paid_at` on the unpaid invoices (of one agency, or all) that the rule finds paid;
 * returns how many. Each check reads only the agency's ledger after the month's end (its index).
 */
export async function recordPaidInvoices(db: Database | Transaction, agencyId?: string): Promise<number> {
  const paid = await db.execute<{ id: string }>(sql`
    update agency_invoices set paid_at = now()
    from agencies
    where agencies.id = agency_invoices.agency_id
      and agency_invoices.paid_at is null
      ${agencyId ? sql`and agency_invoices.agency_id = ${agencyId}` : sql``}
      and agencies.balance_minor + coalesce((
        select sum(ledger_entries.debit_minor) from ledger_entries
        where ledger_entries.agency_id = agency_invoices.agency_id and ledger_entries.created_at >= ${monthEnd}
      ), 0) >= 0
    returning agency_invoices.id`);
  return rowsOf(paid).length;
}

export type OverdueInvoice = { invoiceId: string; month: string; amountMinor: number; dueOn: string };

/**
 * The agency's oldest invoice that is unpaid and past its due date (Asia/Dubai), after recording
 * the ones paid since; null when the agency is in good standing. The due date is the one the
 * invoice run stored from `invoiceDueDate`; "past" is `isPastDue`'s (the due day is still in time).
 */
export async function findOverdueInvoice(db: Database | Transaction, agencyId: string, now: Date): Promise<OverdueInvoice | null> {
  await recordPaidInvoices(db, agencyId);
  const [row] = await db
    .select({ invoiceId: agencyInvoices.id, month: agencyInvoices.month, amountMinor: agencyInvoices.amountMinor, dueOn: agencyInvoices.dueOn })
    .from(agencyInvoices)
    .where(and(eq(agencyInvoices.agencyId, agencyId), isNull(agencyInvoices.paidAt), lt(agencyInvoices.dueOn, dubaiToday(now))))
    .orderBy(asc(agencyInvoices.dueOn))
    .limit(1);
  return row ?? null;
}

