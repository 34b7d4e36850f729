import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import type { Locale } from '@/i18n/locales';
import { createdAt, updatedAt } from './columns';
import { agencies, users } from './agencies';
import { offers } from './catalogue';
import { storedFiles } from './files';

// Widgets (spec §3 "Widget"): an agency's white-label sites and embeds and the offers they sell.

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
