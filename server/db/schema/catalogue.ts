import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { CancellationPolicy } from '@/shared/bookings/offer-terms';
import type { TourLanguage } from '@/shared/catalog/tour-languages';
import { createdAt, updatedAt } from './columns';
import { suppliers } from './suppliers';

// The catalogue: places, categories, tours with their photos and offers, availability, hotels and pick-up times.

/** Text kept in both portal languages. */
export type LocalizedText = { en: string; ru: string };
export type FaqItem = { question: LocalizedText; answer: LocalizedText };
export type ItineraryStep = { time?: string; title: LocalizedText; description: LocalizedText };
/**
 * Where guests meet (or the venue's entrance): its name in both languages, its coordinates for the
 * maps link and the generated map, and an operator-uploaded map picture in place of the generated one.
 */
export type MeetingPoint = { name: LocalizedText; latitude: number; longitude: number; mapImage: string | null };

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
    // The tour page's facts: what the price includes and leaves out, where guests meet, the
    // languages it is guided in and what it asks of guests' mobility (empty or null: not shown).
    inclusions: jsonb('inclusions').$type<LocalizedText[]>().notNull().default([]),
    exclusions: jsonb('exclusions').$type<LocalizedText[]>().notNull().default([]),
    meetingPoint: jsonb('meeting_point').$type<MeetingPoint>(),
    languages: jsonb('languages').$type<TourLanguage[]>().notNull().default([]),
    accessibility: jsonb('accessibility').$type<LocalizedText>(),
    /** Shown in the home page's promo block (main variant). */
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Search (docs/catalogue.md#search). The database keeps these three itself (triggers of the
    // search migration), whoever writes the tour, its offers, places or categories: never set them.
    /** The titles in both languages, in the search spelling (`catalog_search_text`): ranks a title match first. */
    searchTitle: text('search_title').notNull().default(''),
    /** Titles, city, country and categories in both languages, in the search spelling: what a query matches. */
    searchText: text('search_text').notNull().default(''),
    /** Lowest retail price of its active offers (per adult or per trip), AED fils: the card's "from" price, sorted and filtered on. */
    fromPrice: integer('from_price'),
    /** Bookings made in the last 90 days, counted again every hour (server/catalog/popularity.ts): the "popular" sort. */
    popularity: integer('popularity').notNull().default(0),
  },
  (t) => [
    index('tours_city_idx').on(t.cityId),
    // Trigram index (pg_trgm) for the search's `<%` (word similarity) and LIKE matches.
    index('tours_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
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
/**
 * When a ticket is used (OCTO's availability types): at a slot's start time, or any time during
 * the day's opening hours (an attraction ticket valid all day, one slot per day).
 */
export const offerAvailabilityType = pgEnum('offer_availability_type', ['start_time', 'opening_hours']);

/** Which of the supplier's units an offer sells as each of our guest types. */
export type SupplierUnitMap = { adult: string | null; child: string | null; infant: string | null };
/**
 * Our prices over the supplier's: the b2b price is its net plus `netMarkupPercent`; the
 * recommended retail is its own retail price (`retail: 'supplier'`) or its net plus
 * `retailMarkupPercent`.
 */
export type SupplierMargin = { netMarkupPercent: number; retail: 'supplier' | 'markup'; retailMarkupPercent: number };

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
    availabilityType: offerAvailabilityType('availability_type').notNull().default('start_time'),
    /** A supplier's option sold as this offer (null for our own inventory): server/suppliers. */
    supplierId: uuid('supplier_id').references((): AnyPgColumn => suppliers.id),
    supplierProductId: text('supplier_product_id'),
    supplierOptionId: text('supplier_option_id'),
    supplierUnits: jsonb('supplier_units').$type<SupplierUnitMap>(),
    supplierMargin: jsonb('supplier_margin').$type<SupplierMargin>(),
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
