import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { agencies, users } from './agencies';
import { bookings } from './bookings';
import { storedFiles } from './files';
import { staffMembers } from './staff';

// The agency ledger (append-only) and the bank transfers that credit it.

export const ledgerEntryKind = pgEnum('ledger_entry_kind', [
  'opening',
  'deposit',
  'top_up',
  'booking',
  'refund',
  'adjustment',
  // The processing fee kept from a cancellation refund: its own statement line.
  'cancellation_fee',
]);

/** Append-only: a row is never updated or deleted (DESIGN.md "Balance"). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    kind: ledgerEntryKind('kind').notNull(),
    debitMinor: integer('debit_minor').notNull().default(0),
    creditMinor: integer('credit_minor').notNull().default(0),
    balanceAfterMinor: integer('balance_after_minor').notNull(),
    description: text('description').notNull(),
    /** An operator's adjustment form submission (server/ops/money): posted once per key. */
    submissionKey: text('submission_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_agency_created_idx').on(t.agencyId, t.createdAt),
    uniqueIndex('ledger_agency_submission_unique').on(t.agencyId, t.submissionKey),
    check('ledger_one_side', sql`(${t.debitMinor} >= 0 AND ${t.creditMinor} >= 0)`),
  ],
);

export const depositNoticeStatus = pgEnum('deposit_notice_status', ['pending', 'credited', 'rejected']);

/** An agency's notice of a bank transfer; the operator credits the ledger when the money arrives. */
export const depositNotices = pgTable(
  'deposit_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    submittedBy: uuid('submitted_by')
      .notNull()
      .references(() => users.id),
    amountMinor: integer('amount_minor').notNull(),
    transferDate: date('transfer_date').notNull(),
    bankReference: text('bank_reference').notNull(),
    slipFileId: uuid('slip_file_id')
      .notNull()
      .references(() => storedFiles.id),
    status: depositNoticeStatus('status').notNull().default('pending'),
    /** The ledger credit made when the operator confirmed the transfer. */
    ledgerEntryId: uuid('ledger_entry_id').references(() => ledgerEntries.id),
    /** Why the operator rejected it; shown to the agency. */
    rejectionReason: text('rejection_reason'),
    decidedBy: uuid('decided_by').references(() => staffMembers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('deposit_notices_agency_created_idx').on(t.agencyId, t.createdAt),
    index('deposit_notices_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('deposit_notices_positive', sql`${t.amountMinor} > 0`),
  ],
);
