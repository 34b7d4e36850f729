import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { agencies, users } from './agencies';
import { bookings } from './bookings';
import { payments } from './payments';

// A booking's amendments (server/checkout/amend-booking.ts): what changed, what the change cost or
// gave back, and how it was settled. Kept for ever: the booking page's history reads them.

/** `pending_payment`: waits for the provider's confirmation of its card payment; the other two never change again. */
export const amendmentStatus = pgEnum('amendment_status', ['pending_payment', 'applied', 'failed']);

/** What an amendment changes: the booking's date, time, slot, guest counts and guests. */
export type AmendmentState = {
  tourDate: string;
  startTime: string | null;
  slotId: string | null;
  adults: number;
  children: number;
  infants: number;
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  guestNames: string[];
  netTotalMinor: number;
  publishedTotalMinor: number;
  discountMinor: number;
};

export const bookingAmendments = pgTable(
  'booking_amendments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    requestedBy: uuid('requested_by').references(() => users.id),
    /** One per amendment form: the same key replays the amendment it made, never a second one. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request: a key reused for another change is refused. */
    requestFingerprint: text('request_fingerprint').notNull(),
    status: amendmentStatus('status').notNull(),
    /** `balance` or the provider method that pays the difference. */
    method: text('method').notNull(),
    fromState: jsonb('from_state').$type<AmendmentState>().notNull(),
    toState: jsonb('to_state').$type<AmendmentState>().notNull(),
    /** The new NET less the old, AED fils (negative for a decrease). */
    differenceMinor: integer('difference_minor').notNull(),
    /** Debited from the balance or charged (positive), or given back after the refund tier and fee (negative). */
    settledMinor: integer('settled_minor').notNull(),
    /** The refund tier's percent applied to a decrease; null for an increase. */
    refundPercent: integer('refund_percent'),
    feeMinor: integer('fee_minor').notNull().default(0),
    /** The card payment of the difference. */
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The documents' issue this amendment was priced against, and the one it made. */
    fromIssue: integer('from_issue').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_amendments_booking_key_unique').on(t.bookingId, t.idempotencyKey),
    // One card payment of a difference at a time per booking.
    uniqueIndex('booking_amendments_one_pending').on(t.bookingId).where(sql`${t.status} = 'pending_payment'`),
    index('booking_amendments_booking_created_idx').on(t.bookingId, t.createdAt),
    uniqueIndex('booking_amendments_payment_unique').on(t.paymentId),
  ],
);
