import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';
import { availabilitySlots, offers } from './catalogue';

// Our own inventory as a connector answers for it (server/suppliers/own-inventory): the holds a
// caller of the connector interface reserved on our slots.

/**
 * Where a hold of our own inventory stands when it is booked through the connector interface
 * (server/suppliers/own-inventory): `on_hold` (its stock taken until `holdExpiresAt`), `confirmed`
 * (the stock stays taken), `cancelled` or `expired` (given back).
 */
export const ownInventoryHoldStatus = pgEnum('own_inventory_hold_status', ['on_hold', 'confirmed', 'cancelled', 'expired']);

/**
 * A booking of our own inventory made through the connector interface, keyed by the caller's
 * uuid so a retried reserve never takes stock twice. The portal's own bookings stay in `bookings`
 * (placed by server/checkout); this is the connector's side of our stock, which its contract
 * (reserve, confirm, cancel, get) needs to answer for.
 */
export const ownInventoryHolds = pgTable(
  'own_inventory_holds',
  {
    uuid: uuid('uuid').primaryKey(),
    /** Shown as the booking's supplier reference. */
    reference: text('reference').notNull().unique(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The console may remove a slot no portal booking uses: its connector holds go with it. */
    slotId: uuid('slot_id')
      .notNull()
      .references(() => availabilitySlots.id, { onDelete: 'cascade' }),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    infants: integer('infants').notNull(),
    status: ownInventoryHoldStatus('status').notNull().default('on_hold'),
    /** Whether its stock is taken now: given back exactly once (cancel, expiry). */
    holdsStock: boolean('holds_stock').notNull().default(true),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    resellerReference: text('reseller_reference'),
    contact: jsonb('contact').$type<{ fullName: string; emailAddress: string; phoneNumber: string; locales: string[] }>(),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('own_inventory_holds_expiry_idx').on(t.holdExpiresAt)],
);
