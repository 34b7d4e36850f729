import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { agencies } from './agencies';

// 30-day credit (spec §9): the monthly invoices of balance bookings.

/**
 * A month's invoice of an agency's balance bookings, issued after the month ends and due
 * `payment_terms_days` after the month's last day (`invoiceDueDate`). Paid when the agency's credits since cover its debits up to the
 * month's end (first in, first out), recorded in `paid_at`.
 */
export const agencyInvoices = pgTable(
  'agency_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** First day of the invoiced month (Asia/Dubai). */
    month: date('month').notNull(),
    /** Balance bookings of the month less their refunds, AED fils. */
    amountMinor: integer('amount_minor').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueOn: date('due_on').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('agency_invoices_agency_month_unique').on(t.agencyId, t.month),
    index('agency_invoices_unpaid_due_idx').on(t.dueOn).where(sql`${t.paidAt} IS NULL`),
  ],
);
