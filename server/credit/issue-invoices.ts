import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { recordStaffAudit } from '@/server/audit/audit';
import type { Database } from '@/server/db/connection';
import { agencies, agencyInvoices } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { dubaiToday } from '@/shared/availability/rules';
import { invoiceDueDate } from '@/shared/ledger/credit-terms';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { rowsOf } from '@/server/db/result-rows';
import { recordPaidInvoices } from '@/server/ledger/invoice-payments';

// A month's invoices (spec §9): per agency, its balance bookings of the month in Asia/Dubai less
// their refunds and plus their cancellation fees, when that is more than zero; due the agency's
// payment terms after the month's end ("invoice cleared within 30 days of month end").
// Idempotent on (agency, month): a second run of the same month issues nothing new, so the job
// and the console may both run it.

/** Invoices written per statement: four parameters each, far below PostgreSQL's 65,535. */
const INSERT_BATCH = 1_000;

/** `yyyy-MM` of the month before `now`'s month in Asia/Dubai: the last month that has ended. */
export function lastEndedMonth(now: Date): string {
  const [year, month] = dubaiToday(now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export type InvoiceRun = { month: string; issued: number };

/** Issues `month`'s (`yyyy-MM`) invoices; refused for a month that has not ended yet. */
export async function issueMonthInvoices(db: Database, month: string, options: { staff?: StaffPrincipal; now?: Date } = {}): Promise<InvoiceRun> {
  const now = options.now ?? new Date();
  if (month > lastEndedMonth(now)) throw new RuleViolation('opsAgencies.invoices.errors.monthNotEnded', {}, 'month');
  const first = `${month}-01`;
  const issued = await db.transaction(async (tx) => {
    const owed = rowsOf<{ agency_id: string; amount: string | number; payment_terms_days: number }>(
      await tx.execute(sql`
      with month_bookings as (
        select distinct booking_id from ledger_entries
        where kind = 'booking' and booking_id is not null
          and created_at >= (${first}::date)::timestamp at time zone 'Asia/Dubai'
          and created_at < ((${first}::date + interval '1 month')::timestamp at time zone 'Asia/Dubai')
      ),
      amounts as (
        select ledger_entries.agency_id, sum(ledger_entries.debit_minor - ledger_entries.credit_minor) as amount
        from ledger_entries join month_bookings on month_bookings.booking_id = ledger_entries.booking_id
        where ledger_entries.kind in ('booking', 'refund', 'cancellation_fee')
        group by ledger_entries.agency_id
      )
      select amounts.agency_id, amounts.amount, agencies.payment_terms_days
      from amounts join agencies on agencies.id = amounts.agency_id
      where amounts.amount > 0`),
    );
    let issuedCount = 0;
    for (let start = 0; start < owed.length; start += INSERT_BATCH) {
      const issuedNow = await tx
        .insert(agencyInvoices)
        .values(
          owed.slice(start, start + INSERT_BATCH).map((row) => ({
            agencyId: row.agency_id,
            month: first,
            amountMinor: Number(row.amount),
            // The one due date /balance shows and the credit check compares (spec §9).
            dueOn: invoiceDueDate(month, row.payment_terms_days),
          })),
        )
        .onConflictDoNothing({ target: [agencyInvoices.agencyId, agencyInvoices.month] })
        .returning({ id: agencyInvoices.id });
      issuedCount += issuedNow.length;
    }
    if (options.staff) {
      await recordStaffAudit(tx, {
        actorStaffId: options.staff.staffId,
        entity: 'invoice',
        entityId: null,
        action: 'invoice.issue',
        changes: { month: { from: null, to: month }, issued: { from: null, to: issuedCount } },
      });
    }
    return issuedCount;
  });
  // An invoice the agency's balance already covers is paid from the start.
  await recordPaidInvoices(db);
  return { month, issued };
}

export type InvoiceRow = {
  invoiceId: string;
  agencyId: string;
  agencyName: string;
  month: string;
  amountMinor: number;
  issuedAt: Date;
  dueOn: string;
  paidAt: Date | null;
  overdue: boolean;
};

const PAGE = 50;

/** Invoices of one month (or of one agency), overdue first, then unpaid by due date, then paid; one row more than a page tells the pager. */
export async function listInvoices(
  db: Database,
  filters: { month?: string; agencyId?: string; page: number },
  now: Date = new Date(),
): Promise<{ rows: InvoiceRow[]; hasNext: boolean }> {
  const today = dubaiToday(now);
  const overdue = sql<boolean>`(${agencyInvoices.paidAt} is null and ${agencyInvoices.dueOn} < ${today})`;
  const rows = await db
    .select({
      invoiceId: agencyInvoices.id,
      agencyId: agencyInvoices.agencyId,
      agencyName: agencies.name,
      month: agencyInvoices.month,
      amountMinor: agencyInvoices.amountMinor,
      issuedAt: agencyInvoices.issuedAt,
      dueOn: agencyInvoices.dueOn,
      paidAt: agencyInvoices.paidAt,
      overdue,
    })
    .from(agencyInvoices)
    .innerJoin(agencies, eq(agencies.id, agencyInvoices.agencyId))
    .where(
      and(
        filters.month ? eq(agencyInvoices.month, `${filters.month}-01`) : undefined,
        filters.agencyId ? eq(agencyInvoices.agencyId, filters.agencyId) : undefined,
      ),
    )
    .orderBy(desc(overdue), sql`${agencyInvoices.paidAt} is null desc`, desc(agencyInvoices.month), agencyInvoices.dueOn, agencies.name)
    .limit(PAGE + 1)
    .offset((filters.page - 1) * PAGE);
  return { rows: rows.slice(0, PAGE), hasNext: rows.length > PAGE };
}
