import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { Locale } from '@/i18n/locales';
import { createdAt } from './columns';
import { agencies, users } from './agencies';
import { offers } from './catalogue';

// Guest quotes (docs/guest-quotes.md): an agent's offer to a guest at the agency's own price (NET
// plus a markup), opened by a signed link without an account and paid by card. The booking it
// becomes points back to it (`bookings.quote_id`, unique): one quote books at most once.

/** How the agent marked the NET up: a percent of it, or an amount in AED fils. */
export const quoteMarkupKind = pgEnum('quote_markup_kind', ['percent', 'amount']);

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The agent who made it; the booking is placed as this agent when the guest pays. */
    agentId: uuid('agent_id')
      .notNull()
      .references(() => users.id),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id),
    tourDate: date('tour_date').notNull(),
    startTime: text('start_time'),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    infants: integer('infants').notNull().default(0),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guestPhone: text('guest_phone').notNull(),
    /** The guest's language and currency: the page, the charge and the booking's documents. */
    locale: text('locale').$type<Locale>().notNull(),
    currency: text('currency').notNull(),
    markupKind: quoteMarkupKind('markup_kind').notNull(),
    /** Whole percent, or AED fils. */
    markupValue: integer('markup_value').notNull(),
    /** The NET when the quote was made, in AED fils (the agent's reference; the booking re-reads it). */
    netTotalMinor: integer('net_total_minor').notNull(),
    /** The guest's price in AED fils, fixed when the quote was made: what the page shows and the card pays. */
    retailTotalMinor: integer('retail_total_minor').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Withdrawn by the agent: the link answers "no longer valid". */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('quotes_agency_created_idx').on(t.agencyId, t.createdAt),
    check('quotes_retail_covers_net', sql`${t.retailTotalMinor} >= ${t.netTotalMinor}`),
    check('quotes_guests_positive', sql`${t.adults} + ${t.children} > 0`),
  ],
);
