import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { Locale } from '@/i18n/locales';
import type { NextAction } from '@/server/payments/gateway';
import type { BookingCancellationPolicy, CancellationPolicy } from '@/shared/bookings/offer-terms';

/** Text kept in both portal languages. */
export type LocalizedText = { en: string; ru: string };
export type FaqItem = { question: LocalizedText; answer: LocalizedText };
export type ItineraryStep = { time?: string; title: LocalizedText; description: LocalizedText };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------
// Agencies and their agents
// ---------------------------------------------------------------------------

/** `rejected`: the operator refused the sign-up (with a reason); `suspended`: no agent may sign in. */
export const agencyStatus = pgEnum('agency_status', ['pending', 'active', 'suspended', 'rejected']);
export const userRole = pgEnum('user_role', ['junior', 'senior', 'admin']);
export const userStatus = pgEnum('user_status', ['active', 'emailNotVerified', 'deleted']);

export const agencies = pgTable('agencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  status: agencyStatus('status').notNull().default('pending'),
  trn: text('trn'),
  tradeLicenceNumber: text('trade_licence_number'),
  tradeLicenceExpiry: date('trade_licence_expiry'),
  address: text('address'),
  /** Credit the agency may book on beyond its balance, in AED fils. */
  creditLimitMinor: integer('credit_limit_minor').notNull().default(0),
  /**
   * Running balance in AED fils: the `balance_after` of the agency's newest ledger entry. Changed
   * only together with a new ledger entry, under this row's lock (server/ledger).
   */
  balanceMinor: integer('balance_minor').notNull().default(0),
  /** Days after a monthly invoice is issued until it is due (spec §9: 30-day credit). */
  paymentTermsDays: integer('payment_terms_days').notNull().default(30),
  /** Why the operator rejected the sign-up or suspended the agency; shown to the agency's admin. */
  statusReason: text('status_reason'),
  /** When the operator last approved, rejected, suspended or reactivated it. */
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** Stored lower-cased; sign-in compares lower-cased input. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    jobTitle: text('job_title'),
    role: userRole('role').notNull().default('junior'),
    status: userStatus('status').notNull().default('emailNotVerified'),
    passwordHash: text('password_hash').notNull(),
    /** The language the agent signed up or was invited in: mails the portal sends them unprompted use it. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_agency_idx').on(t.agencyId)],
);

/**
 * One row per signed-in browser. The session cookie names its row; signing out deletes it, and a
 * password change, deletion, restore or role change deletes every row of the agent, so a copied
 * cookie dies with them. The principal is read through this row on every request.
 */
export const agentSessions = pgTable(
  'agent_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('agent_sessions_user_idx').on(t.userId)],
);

/**
 * Counters for throttling (sign-in streaks per e-mail, failures and sign-ups per client address).
 * One row per key, updated with a single atomic upsert so concurrent attempts are counted.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** No attempt is let through before this moment. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

// ---------------------------------------------------------------------------
// Staff: the people who run the portal (DESIGN.md "Staff"); they belong to no agency
// ---------------------------------------------------------------------------

export const staffRole = pgEnum('staff_role', ['operator', 'operator-admin']);
export const staffStatus = pgEnum('staff_status', ['active', 'disabled']);

export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; sign-in compares lower-cased input. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: staffRole('role').notNull().default('operator'),
    status: staffStatus('status').notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret (RFC 6238, 30 s steps, 6 digits): the second factor every sign-in needs. */
    totpSecret: text('totp_secret').notNull(),
    /** The last time step a code was accepted for: a code is good once (no replay within its window). */
    totpLastStep: integer('totp_last_step'),
    /**
     * When the member chose their password and enrolled their own authenticator (through a
     * one-time link); until then the account cannot sign in, and its password and secret are
     * random placeholders nobody knows.
     */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_members_email_unique').on(t.email)],
);

/**
 * A one-time enrolment link (`/ops/enrol/<token>`): only a SHA-256 of the token is kept. Opening
 * it makes the member's own TOTP secret (kept here until a code from it is confirmed); completing
 * it sets their password and secret and uses the link up.
 */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    totpSecret: text('totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_enrolments_token_unique').on(t.tokenHash), index('staff_enrolments_staff_idx').on(t.staffId)],
);

/** Single-use codes that stand in for the authenticator; only a SHA-256 of each is kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_unique').on(t.staffId, t.codeHash)],
);

/** A signed-in staff browser, as `agent_sessions` is for agents: deleting the row ends it. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

// ---------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------

export const countries = pgTable('countries', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  heroImage: text('hero_image').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const cities = pgTable(
  'cities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    slug: text('slug').notNull().unique(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    heroImage: text('hero_image').notNull(),
    isTopDestination: boolean('is_top_destination').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('cities_country_idx').on(t.countryId)],
);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  heroImage: text('hero_image').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const tours = pgTable(
  'tours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    itinerary: jsonb('itinerary').$type<ItineraryStep[]>().notNull().default([]),
    terms: jsonb('terms').$type<LocalizedText>().notNull(),
    /** Shown to signed-in agents only. */
    notesToAgents: jsonb('notes_to_agents').$type<LocalizedText>(),
    faq: jsonb('faq').$type<FaqItem[]>().notNull().default([]),
    videoUrl: text('video_url'),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Shown in the home page's promo block (main variant). */
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tours_city_idx').on(t.cityId)],
);

export const tourCategories = pgTable(
  'tour_categories',
  {
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.categoryId] })],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    /** An offer takes the photo at its own position as its hero image (spec §3). */
    position: integer('position').notNull(),
    url: text('url').notNull(),
    alt: jsonb('alt').$type<LocalizedText>().notNull(),
  },
  (t) => [uniqueIndex('photos_tour_position_unique').on(t.tourId, t.position)],
);

/**
 * How an offer's tickets are counted.
 * - `shared`: adults and children draw on one pool (`left` covers adults + children + infants).
 * - `per_type`: separate adult and child pools (`leftAdults`, `leftChildren`).
 */
export const stockMode = pgEnum('stock_mode', ['shared', 'per_type']);
export const pickUpMode = pgEnum('pick_up_mode', ['none', 'optional', 'included']);

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    // Agent (b2b) prices, AED fils. Per-person and per-trip offers use one or the other.
    pricePerAdult: integer('price_per_adult'),
    pricePerChild: integer('price_per_child'),
    pricePerTrip: integer('price_per_trip'),
    // Recommended retail prices, AED fils.
    recPricePerAdult: integer('rec_price_per_adult'),
    recPricePerChild: integer('rec_price_per_child'),
    recPricePerTrip: integer('rec_price_per_trip'),
    currency: text('currency').notNull().default('AED'),
    stockMode: stockMode('stock_mode').notNull().default('shared'),
    /** Without live availability a booking becomes a request confirmed by hand later. */
    hasLiveAvailability: boolean('has_live_availability').notNull().default(true),
    minPeople: integer('min_people').notNull().default(1),
    /** Hours before the start time (Asia/Dubai) after which automatic confirmation stops. */
    cutOffHours: integer('cut_off_hours').notNull().default(0),
    /** When set, pick-up is valid only from hotels in this city. */
    pickUpCityId: uuid('pick_up_city_id').references(() => cities.id),
    /** Hotel pick-up: none (guests make their own way), optional, or included (a hotel is required). */
    pickUp: pickUpMode('pick_up').notNull().default('none'),
    /** Refund terms: the settings' tiers, non-refundable, or tiers of its own. */
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationPolicy>().notNull().default({ kind: 'standard' }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('offers_tour_position_unique').on(t.tourId, t.position)],
);

export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    /** Local start time in Asia/Dubai, `HH:mm`. */
    startTime: text('start_time').notNull(),
    left: integer('left').notNull(),
    leftAdults: integer('left_adults'),
    leftChildren: integer('left_children'),
  },
  (t) => [
    uniqueIndex('availability_offer_date_time_unique').on(t.offerId, t.date, t.startTime),
    index('availability_date_idx').on(t.date),
    // The last line of defence against overselling: stock never goes below zero.
    check('availability_left_non_negative', sql`${t.left} >= 0`),
    check('availability_left_by_type_non_negative', sql`${t.leftAdults} >= 0 AND ${t.leftChildren} >= 0`),
  ],
);

export const hotels = pgTable(
  'hotels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryId: uuid('country_id')
      .notNull()
      .references(() => countries.id),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id),
    name: text('name').notNull(),
    area: text('area'),
  },
  (t) => [uniqueIndex('hotels_city_name_unique').on(t.cityId, t.name), index('hotels_country_idx').on(t.countryId)],
);

/** Pick-up time for a tour's start time at a hotel (spec §3: by time id, hotel and start time). */
export const pickUpTimes = pgTable(
  'pick_up_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tourId: uuid('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    hotelId: uuid('hotel_id')
      .notNull()
      .references(() => hotels.id, { onDelete: 'cascade' }),
    startTime: text('start_time').notNull(),
    pickUpTime: text('pick_up_time').notNull(),
  },
  (t) => [uniqueIndex('pick_up_times_unique').on(t.tourId, t.hotelId, t.startTime)],
);

/** Operator-maintained settings: exchange rates, refund tiers, fees, support contacts. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------
// Bookings, promo codes and the agency ledger
// ---------------------------------------------------------------------------

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
    index('bookings_hold_expires_idx').on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} IS NOT NULL`),
    index('bookings_widget_created_idx').on(t.widgetId, t.createdAt).where(sql`${t.widgetId} IS NOT NULL`),
  ],
);

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

// ---------------------------------------------------------------------------
// Payments through providers (server/payments, DESIGN.md "Payments")
// ---------------------------------------------------------------------------

export const paymentPurpose = pgEnum('payment_purpose', ['booking', 'top_up']);
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

/**
 * Background jobs on the embedded database (server/jobs/embedded-queue); PostgreSQL uses pg-boss's
 * own tables instead. A row is deleted when its job succeeds.
 */
export const embeddedJobs = pgTable(
  'embedded_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    /** At most one waiting job per key (e.g. one hold expiry per booking). */
    singletonKey: text('singleton_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** Set when the job used all its attempts: kept for the operator, never run again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('embedded_jobs_singleton_unique').on(t.name, t.singletonKey),
    index('embedded_jobs_due_idx').on(t.runAt).where(sql`${t.failedAt} IS NULL`),
  ],
);

// ---------------------------------------------------------------------------
// Files, deposits, mail, account tokens and the audit trail
// ---------------------------------------------------------------------------

/** What an uploaded file is for; each purpose has its own allowed types (server/files/file-rules). */
export const filePurpose = pgEnum('file_purpose', [
  'tradeLicence',
  'vatCertificate',
  'contractCopy',
  'signatoryId',
  'paymentSlip',
  // Public catalogue pictures uploaded in the console: no agency, anyone may see them.
  'tourImage',
  // A widget's pictures: shown to anyone on the agency's widget site.
  'widgetLogo',
  'widgetHeroImage',
]);

/**
 * An uploaded file's record. The bytes live behind the storage interface (server/files/storage)
 * under `storage_key`; only users of `agency_id` may download it.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for `tourImage`, which belongs to the catalogue. */
    agencyId: uuid('agency_id').references(() => agencies.id),
    purpose: filePurpose('purpose').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    uploadedByStaffId: uuid('uploaded_by_staff_id').references(() => staffMembers.id),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_agency_idx').on(t.agencyId)],
);

/** Bank details of an agency (spec §3). */
export type BankDetails = { name: string; accountNumber: string; iban: string; swift: string; notes: string };
/** Operations contacts (spec §3). */
export type OperationsContacts = {
  primaryLine: string;
  secondaryLine: string;
  emergencyContact: string;
  primaryEmail: string;
  secondaryEmail: string;
};
/** Account or support department contacts (spec §3). */
export type DepartmentContacts = {
  officeNumber: string;
  primaryContactName: string;
  secondaryContactName: string;
  mobile: string;
  email: string;
};

/** The agency's company record beyond the columns booking needs (spec §3 "Agency"). */
export const agencyProfiles = pgTable('agency_profiles', {
  agencyId: uuid('agency_id')
    .primaryKey()
    .references(() => agencies.id),
  /** The contact number given at sign-up. */
  contactPhone: text('contact_phone'),
  tradeLicenceFileId: uuid('trade_licence_file_id').references(() => storedFiles.id),
  vatCertificateFileId: uuid('vat_certificate_file_id').references(() => storedFiles.id),
  bankDetails: jsonb('bank_details').$type<BankDetails>(),
  signatoryName: text('signatory_name'),
  contractValidFrom: date('contract_valid_from'),
  contractValidTo: date('contract_valid_to'),
  contractCopyFileId: uuid('contract_copy_file_id').references(() => storedFiles.id),
  signatoryIdFileId: uuid('signatory_id_file_id').references(() => storedFiles.id),
  operationsContacts: jsonb('operations_contacts').$type<OperationsContacts>(),
  accountsContacts: jsonb('accounts_contacts').$type<DepartmentContacts>(),
  supportContacts: jsonb('support_contacts').$type<DepartmentContacts>(),
  updatedAt: updatedAt(),
});

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

/**
 * Mail the outbox adapter keeps instead of sending (no SMTP configured); an operator reads it.
 * With SMTP configured, mail is sent and `sent_at` recorded.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** What the mail is for, e.g. `verifyEmail`, `resetPassword`, `invite`. */
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_recipient_created_idx').on(t.recipient, t.createdAt), index('mail_outbox_created_idx').on(t.createdAt)],
);

export const accountTokenPurpose = pgEnum('account_token_purpose', ['verifyEmail', 'resetPassword', 'invite']);

/**
 * Single-use, expiring links sent by e-mail. Only a SHA-256 of the token is stored, so a leaked
 * table gives nothing that opens an account.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Who changed what and when: company settings, agents and roles, and everything staff do (append-only). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The agency the change concerns; null for the catalogue, settings and staff. */
    agencyId: uuid('agency_id').references(() => agencies.id),
    /** The agent who made it; null for changes made by staff or the system (sign-up). */
    actorUserId: uuid('actor_user_id').references(() => users.id),
    /** The staff member who made it, for console changes. */
    actorStaffId: uuid('actor_staff_id').references(() => staffMembers.id),
    /** e.g. `agency`, `user`, `booking`, `tour`, `offer`, `settings`, `staff`. */
    entity: text('entity').notNull(),
    /** The entity's id; null for the settings, whose changed keys are in `changes`. */
    entityId: uuid('entity_id'),
    /** e.g. `agency.update`, `user.create`, `agency.approve`, `tour.update`, `settings.update`. */
    action: text('action').notNull(),
    /** Changed fields: `{ field: { from, to } }`; file fields carry file names, never contents. */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_agency_created_idx').on(t.agencyId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// 30-day credit (spec §9)
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Widgets (spec §3 "Widget")
// ---------------------------------------------------------------------------

/** Spec §4's five widget types. */
export const widgetType = pgEnum('widget_type', ['single_tour', 'multi_tour', 'offers_only', 'embedded', 'multi_tour_embedded']);
/** Spec §4: a domain is pending until its DNS records are found, then verified (or failed). */
export const widgetDomainStatus = pgEnum('widget_domain_status', ['pending', 'verified', 'failed']);

/** The widget site's contact block (spec §3). Empty strings for what the agency left out. */
export type WidgetContacts = {
  company: string;
  address: string;
  email: string;
  telegram: string;
  phone: string;
  mapLink: string;
  whatsApp: string;
  viber: string;
};
/** Who takes the guest's booking questions. */
export type WidgetReservationContacts = { name: string; phone: string; email: string };
/** A partner or social network shown in the site's footer. */
export type WidgetLink = { name: string; url: string };
/** What the last DNS check found, so the editor can say why a domain failed. */
export type WidgetDomainCheck = { cname: string[]; txt: string[]; error: string | null };

export const widgets = pgTable(
  'widgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    name: text('name').notNull(),
    type: widgetType('type').notNull(),
    /** Display currency of the site: AED, USD or RUB. Sale prices are kept in AED fils. */
    currency: text('currency').notNull().default('AED'),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    offersTitle: text('offers_title').notNull().default(''),
    footerText: text('footer_text').notNull().default(''),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    noIndex: boolean('no_index').notNull().default(false),
    /** The agency's ads conversion action, reported on a completed guest booking. */
    conversionActionId: text('conversion_action_id').notNull().default(''),
    heroVideoUrl: text('hero_video_url').notNull().default(''),
    heroVideoDisabled: boolean('hero_video_disabled').notNull().default(false),
    logoFileIds: jsonb('logo_file_ids').$type<string[]>().notNull().default([]),
    heroImageFileId: uuid('hero_image_file_id').references(() => storedFiles.id),
    contacts: jsonb('contacts').$type<WidgetContacts>().notNull(),
    reservationContacts: jsonb('reservation_contacts').$type<WidgetReservationContacts>().notNull(),
    partners: jsonb('partners').$type<WidgetLink[]>().notNull().default([]),
    socials: jsonb('socials').$type<WidgetLink[]>().notNull().default([]),
    /** Percent off every sale price of the widget; the discounted price keeps the 5% minimum margin. */
    discountPercent: integer('discount_percent').notNull().default(0),
    /** The agency's own host name, lower case, without a port; null for a widget only embedded. */
    domain: text('domain'),
    domainStatus: widgetDomainStatus('domain_status'),
    /** The value the domain's TXT record must hold: proves the agency controls the domain. */
    domainToken: text('domain_token').notNull(),
    domainCheckedAt: timestamp('domain_checked_at', { withTimezone: true }),
    domainCheck: jsonb('domain_check').$type<WidgetDomainCheck>(),
    createdBy: uuid('created_by').references(() => users.id),
    /** Deleted widgets stay for the bookings made through them (their margin report). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('widgets_agency_idx').on(t.agencyId, t.updatedAt).where(sql`${t.deletedAt} IS NULL`),
    // One widget serves a host name: whoever verifies it first (a TXT record proves control).
    uniqueIndex('widgets_verified_domain_unique').on(t.domain).where(sql`${t.domainStatus} = 'verified' AND ${t.deletedAt} IS NULL`),
    index('widgets_domain_idx').on(t.domain).where(sql`${t.domain} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    check('widgets_discount_percent_range', sql`${t.discountPercent} BETWEEN 0 AND 90`),
  ],
);

/** An offer a widget sells, at the agency's sale prices (AED fils), in the sheet's shape of the offer's b2b prices. */
export const widgetOffers = pgTable(
  'widget_offers',
  {
    widgetId: uuid('widget_id')
      .notNull()
      .references(() => widgets.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    saleAdultMinor: integer('sale_adult_minor'),
    saleChildMinor: integer('sale_child_minor'),
    saleTripMinor: integer('sale_trip_minor'),
  },
  (t) => [primaryKey({ columns: [t.widgetId, t.offerId] }), index('widget_offers_offer_idx').on(t.offerId)],
);
