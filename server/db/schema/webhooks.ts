import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';
import { agencies, users } from './agencies';

// Webhooks out (docs/webhooks.md): an agency's endpoints, the events its changes wrote (a
// transactional outbox: each row is written in the transaction of the change it reports), one
// delivery per event and endpoint, and every attempt at it.

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    url: text('url').notNull(),
    /** The event types it receives (`booking.created`…). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** `whsec_<base64>`: kept readable because every delivery is signed with it; shown once. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off by the portal (`failing`), null when the admin did it or it is on. */
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since its last success: three days of failing disables it. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_agency_idx').on(t.agencyId)],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The event id a receiver de-duplicates by (also the `webhook-id` header). */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders the events of one booking as they were written. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    type: text('type').notNull(),
    bookingId: uuid('booking_id'),
    /** The `data` of the payload as it was when the change happened. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_agency_idx').on(t.agencyId, t.createdAt)],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['pending', 'delivered', 'failed']);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's booking and order, copied so the next due delivery is found in one table. */
    bookingId: uuid('booking_id'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be tried next; while an attempt runs, when that attempt's lease ends. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop here (three days after it was written or resent): it is then `failed`. */
    giveUpAt: timestamp('give_up_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '3 days'`),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_unique').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_booking_idx').on(t.endpointId, t.bookingId, t.seq).where(sql`${t.status} = 'pending'`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** The HTTP status the endpoint answered; null when no answer came (refused, timed out). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
);
