import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { NextAction } from '@/server/payments/gateway';
import { createdAt, updatedAt } from './columns';
import { agencies, users } from './agencies';
import { bookings, paymentMethod } from './bookings';

// Payments through providers (server/payments, DESIGN.md "Payments").

/** `amendment`: the difference of a booking's amendment (server/bookings/amend-booking.ts). */
export const paymentPurpose = pgEnum('payment_purpose', ['booking', 'top_up', 'amendment']);
/**
 * `created`: the charge exists, the payer has not finished; `processing`: the provider is still
 * deciding; the last three are final and never change again.
 */
export const paymentStatus = pgEnum('payment_status', ['created', 'processing', 'succeeded', 'failed', 'cancelled']);

/** One row per attempt to pay a booking or a top-up; kept for ever (statement, operator). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** Null for a top-up. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    purpose: paymentPurpose('purpose').notNull(),
    /** `sandbox`, `stripe`, `tap`, `coinbase`, `yookassa` (server/payments/providers). */
    provider: text('provider').notNull(),
    method: paymentMethod('method').notNull(),
    /** 1 for the first attempt at a booking; each retry is a new row with a new idempotency key. */
    attempt: integer('attempt').notNull().default(1),
    status: paymentStatus('status').notNull().default('created'),
    /** What the provider charges, in `currency` minor units. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** What the payment is worth to the portal in AED fils: the booking's NET or the top-up credited. */
    baseAmountMinor: integer('base_amount_minor').notNull(),
    feeMinor: integer('fee_minor').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    /** The provider's id for the charge (PaymentIntent, Tap charge, YooKassa payment…). */
    providerReference: text('provider_reference'),
    /** What the browser needs next: `{ kind: 'redirect', url }` and so on (server/payments/gateway). */
    nextAction: jsonb('next_action').$type<NextAction>(),
    failureCode: text('failure_code'),
    /** Total refunded so far, in `currency` minor units. */
    refundedMinor: integer('refunded_minor').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_unique').on(t.provider, t.providerReference),
    uniqueIndex('payments_booking_attempt_unique').on(t.bookingId, t.attempt),
    index('payments_agency_created_idx').on(t.agencyId, t.createdAt),
    index('payments_open_idx').on(t.status, t.createdAt).where(sql`${t.status} IN ('created', 'processing')`),
    check('payments_amount_positive', sql`${t.amountMinor} > 0 AND ${t.baseAmountMinor} > 0`),
  ],
);

/**
 * Every webhook event a provider sent, once per provider + event id: a replayed or reordered event
 * finds its row and changes nothing (stored in the settlement's transaction).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId), index('payment_events_payment_idx').on(t.paymentId)],
);

export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/** A refund through the provider of a card, crypto or SBP payment; retried until it succeeds. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** `cancellation` (refund tiers applied) or `lateHold` (paid after the hold expired, slot full). */
    reason: text('reason').notNull(),
    status: refundStatus('status').notNull().default('pending'),
    providerReference: text('provider_reference'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One refund per reason per payment: cancelling twice cannot refund twice.
    uniqueIndex('payment_refunds_payment_reason_unique').on(t.paymentId, t.reason),
    index('payment_refunds_booking_idx').on(t.bookingId),
    check('payment_refunds_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * The sandbox gateway's own books: what a real provider would keep on its side. Only the sandbox
 * (server/payments/providers/sandbox) reads or writes it.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  /** Our payment id, as a provider keeps the merchant's metadata. */
  paymentId: uuid('payment_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  method: paymentMethod('method').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  /** `requires_payment`, `requires_action` (3-D Secure), `processing`, `succeeded`, `failed`. */
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  refundedMinor: integer('refunded_minor').notNull().default(0),
  returnUrl: text('return_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
