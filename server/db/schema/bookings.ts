import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { BookingCancellationPolicy } from '@/shared/bookings/offer-terms';
import { createdAt, updatedAt } from './columns';
import { agencies, users } from './agencies';
import { availabilitySlots, hotels, offers, tours } from './catalogue';
import { widgets } from './widgets';
import { quotes } from './quotes';
import { type SupplierTicket, supplierBookingStatus, suppliers } from './suppliers';

// Bookings and the promo codes they may use.

/** DESIGN.md "Booking lifecycle". */
export const bookingStatus = pgEnum('booking_status', [
  'quotation_request',
  'payment_required',
  'completed',
  'cancelled',
  'payment_failed',
]);

/**
 * How the agency pays. `card`, `crypto` and `sbp` (the Russian fast payment system) go through a
 * payment provider (server/payments); the others never leave the portal.
 */
export const paymentMethod = pgEnum('payment_method', ['balance', 'cash', 'request', 'card', 'crypto', 'sbp']);

export const promoCodes = pgTable('promo_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored upper-cased; checkout compares upper-cased input. */
  code: text('code').notNull().unique(),
  percentOff: integer('percent_off').notNull(),
  validFrom: date('valid_from'),
  validUntil: date('valid_until'),
  /** How many bookings (not cancelled) may use it; null for no limit. */
  maxUses: integer('max_uses'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    /** The slot whose stock this booking holds; null for offers without live availability. */
    slotId: uuid('slot_id').references(() => availabilitySlots.id),
    tourDate: date('tour_date').notNull(),
    /** Local start time in Asia/Dubai, `HH:mm`. */
    startTime: text('start_time'),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    guestName: text('guest_name').notNull(),
    guestPhone: text('guest_phone').notNull(),
    guestEmail: text('guest_email').notNull(),
    hotelId: uuid('hotel_id').references(() => hotels.id),
    room: text('room'),
    pickUpTime: text('pick_up_time'),
    notes: text('notes'),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id),
    paymentMethod: paymentMethod('payment_method').notNull(),
    status: bookingStatus('status').notNull(),
    /** Why a booking became a request: no live availability, cut-off passed, or booked with an agent. */
    requestReason: text('request_reason'),
    currency: text('currency').notNull().default('AED'),
    /** Recommended retail total (the guest's price), AED fils. */
    publishedTotalMinor: integer('published_total_minor').notNull(),
    /** Agent (b2b) total after the promo discount, AED fils. */
    netTotalMinor: integer('net_total_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    /** Taken from the agency's balance. */
    paidMinor: integer('paid_minor').notNull().default(0),
    /** Collected from the guest in cash during the tour. */
    collectionMinor: integer('collection_minor').notNull().default(0),
    /** Whether `slotId`'s stock was taken, so a cancellation gives back exactly what was taken. */
    holdsStock: boolean('holds_stock').notNull().default(false),
    /** Language of the voucher, tickets and invoice. */
    locale: text('locale').notNull().default('en'),
    /** One per checkout attempt: a repeated submit returns the booking it already made. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the checkout input: a key reused with another input is refused, not replayed. */
    requestFingerprint: text('request_fingerprint'),
    /** The offer's cancellation policy as it was when booked; null for bookings made before policies. */
    cancellationPolicy: jsonb('cancellation_policy').$type<BookingCancellationPolicy>(),
    refundMinor: integer('refund_minor'),
    cancellationFeeMinor: integer('cancellation_fee_minor'),
    /**
     * While a provider payment runs, the stock is held until this instant; null when
     * the booking holds nothing for a payment (paid, not started, or the hold was given back).
     */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** What a provider payment charges, in `chargeCurrency` minor units (spec §9 fees and tax included). */
    chargeCurrency: text('charge_currency'),
    chargeTotalMinor: integer('charge_total_minor'),
    /** Card and conversion fees, and the tax, in `chargeCurrency` minor units. */
    chargeFeeMinor: integer('charge_fee_minor').notNull().default(0),
    chargeTaxMinor: integer('charge_tax_minor').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the operator priced a request (its totals above are then the quote). */
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    /** Why the operator declined a request (the booking is then `cancelled`). */
    declineReason: text('decline_reason'),
    /**
     * The widget a guest booked through; null for bookings made in the portal. Its
     * `publishedTotalMinor` is then the widget's sale total, what the guest paid.
     */
    widgetId: uuid('widget_id').references((): AnyPgColumn => widgets.id),
    /**
     * The guest quote this booking was paid from (docs/guest-quotes.md); null otherwise. Its
     * `publishedTotalMinor` is then the quote's guest price, what the guest paid. Unique: a quote books once.
     */
    quoteId: uuid('quote_id').references((): AnyPgColumn => quotes.id),
    /** The supplier that runs the tour when the offer is theirs (server/suppliers); null for our own. */
    supplierId: uuid('supplier_id').references((): AnyPgColumn => suppliers.id),
    /** The booking's uuid at the supplier (we choose it: a retried reserve never books twice). */
    supplierBookingUuid: uuid('supplier_booking_uuid'),
    /** The supplier's own reference, printed on the voucher and tickets. */
    supplierReference: text('supplier_reference'),
    supplierStatus: supplierBookingStatus('supplier_status'),
    /** Until when the supplier holds the reserved seats. */
    supplierHoldExpiresAt: timestamp('supplier_hold_expires_at', { withTimezone: true }),
    /** The codes the supplier issued (QR, barcodes), printed on the tickets. */
    supplierTickets: jsonb('supplier_tickets').$type<SupplierTicket[]>(),
    /** Why the supplier refused or could not be reached, for the operator. */
    supplierError: text('supplier_error'),
    /** The reseller's own reference for a booking made over our OCTO API (server/octo-api): its bookings are listed by it. */
    resellerReference: text('reseller_reference'),
    /**
     * Each guest's name per ticket, in the tickets' print order (adults, children, infants); null
     * or a shorter list prints the lead guest's name on the rest (bookings made before amendments).
     */
    guestNames: jsonb('guest_names').$type<string[]>(),
    /**
     * The issue of the booking's documents: 1 as booked, one more per applied amendment. Tickets
     * carry it, so a ticket of an earlier issue is void (server/checkout/amend-booking.ts).
     */
    documentIssue: integer('document_issue').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The operator's queue of requests, oldest first, on a million bookings.
    index('bookings_requests_queue_idx').on(t.createdAt, t.reference).where(sql`${t.status} = 'quotation_request'`),
    uniqueIndex('bookings_agency_idempotency_unique').on(t.agencyId, t.idempotencyKey),
    // The lists sort by booking or travel date with the reference breaking ties, and exports page
    // on exactly that pair (keyset), so the reference is part of both indexes.
    index('bookings_agency_created_idx').on(t.agencyId, t.createdAt, t.reference),
    index('bookings_agency_tour_date_idx').on(t.agencyId, t.tourDate, t.reference),
    index('bookings_agent_created_idx').on(t.agentId, t.createdAt),
    // The dashboard's open work (requests and payments due), newest first, on a million bookings.
    index('bookings_agency_open_idx')
      .on(t.agencyId, t.createdAt)
      .where(sql`${t.status} IN ('quotation_request', 'payment_required')`),
    // The dashboard's payments due in their order (the hold ending soonest, then the newest): read
    // in that order, not sorted out of the agency's open work.
    index('bookings_agency_payments_due_idx')
      .on(t.agencyId, t.holdExpiresAt.asc().nullsLast(), t.createdAt.desc().nullsFirst())
      .where(sql`${t.status} = 'payment_required'`),
    // The daily cancellation-deadline digest reads the next days' completed bookings of every agency.
    index('bookings_completed_tour_date_idx').on(t.tourDate).where(sql`${t.status} = 'completed'`),
    index('bookings_hold_expires_idx').on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} IS NOT NULL`),
    index('bookings_widget_created_idx').on(t.widgetId, t.createdAt).where(sql`${t.widgetId} IS NOT NULL`),
    // The job that settles bookings the supplier has not answered for.
    index('bookings_awaiting_supplier_idx').on(t.updatedAt).where(sql`${t.supplierStatus} = 'awaiting_supplier'`),
    uniqueIndex('bookings_supplier_uuid_unique').on(t.supplierBookingUuid),
    uniqueIndex('bookings_quote_unique').on(t.quoteId),
  ],
);
