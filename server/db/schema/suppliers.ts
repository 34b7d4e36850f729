import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';
import { availabilitySlots, offers, tours } from './catalogue';

// Live suppliers (docs/suppliers.md): the tour operators whose own systems we book over OCTO, the
// products of theirs we import into the catalogue, and the calls we make to them, counted per minute
// for the console's error rate.

/** How we talk to a supplier. Only OCTO today; the connector interface is in server/suppliers. */
export const supplierProtocol = pgEnum('supplier_protocol', ['octo']);

export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  protocol: supplierProtocol('protocol').notNull().default('octo'),
  /** The supplier's OCTO base URL (`…/octo`); never a loopback or private address outside tests. */
  baseUrl: text('base_url').notNull(),
  /** The supplier's API key, sealed (AES-256-GCM) at rest; never shown again after saving. */
  apiKeySealed: text('api_key_sealed').notNull(),
  /** The key's last four characters, so an operator can tell which key is stored. */
  apiKeyHint: text('api_key_hint').notNull(),
  /** The OCTO capabilities we ask for (`octo/pricing`, `octo/content`) that the supplier offers. */
  capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
  /** The currency the supplier prices in (ISO 4217). */
  currency: text('currency').notNull().default('AED'),
  /** The supplier's own id and name as its `GET /supplier` answers. */
  externalId: text('external_id'),
  isActive: boolean('is_active').notNull().default(true),
  /** The last products sync: when it ran and why it failed (null after a success). */
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  lastSyncError: text('last_sync_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Where an imported product stands: a `draft` not yet on sale, `published` (its tour is active),
 * `changed` (a sync found its prices, options or content changed: an operator reviews it), or
 * `withdrawn` (the supplier no longer lists it).
 */
export const supplierProductStatus = pgEnum('supplier_product_status', ['draft', 'published', 'changed', 'withdrawn']);

export const supplierProducts = pgTable(
  'supplier_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** The supplier's product id. */
    externalId: text('external_id').notNull(),
    /** The catalogue tour made from it on import. */
    tourId: uuid('tour_id').references(() => tours.id, { onDelete: 'set null' }),
    status: supplierProductStatus('status').notNull().default('draft'),
    /** The product as last accepted (options, units, prices, content), normalised by the connector. */
    snapshot: jsonb('snapshot').$type<unknown>().notNull(),
    snapshotHash: text('snapshot_hash').notNull(),
    /** What the latest sync found when it differs from `snapshot`, waiting for review. */
    pendingSnapshot: jsonb('pending_snapshot').$type<unknown>(),
    /** Which parts changed at that sync: `prices`, `options`, `content`. */
    changes: jsonb('changes').$type<string[]>().notNull().default([]),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('supplier_products_external_unique').on(t.supplierId, t.externalId), index('supplier_products_tour_idx').on(t.tourId)],
);

/** Calls to a supplier per minute: the console's error rate and the breaker's history. */
export const supplierCallStats = pgTable(
  'supplier_call_stats',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** The minute the calls started in. */
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    calls: integer('calls').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    timeouts: integer('timeouts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.minute] }), index('supplier_call_stats_minute_idx').on(t.minute)],
);

/**
 * A supplier-backed booking's side at the supplier: `on_hold` (reserved, not yet confirmed),
 * `confirmed`, `awaiting_supplier` (paid, but the confirm timed out: a job asks again), `failed`
 * (the supplier refused: the hold is released and the payment given back), `cancelled`.
 */
export const supplierBookingStatus = pgEnum('supplier_booking_status', ['on_hold', 'confirmed', 'awaiting_supplier', 'failed', 'cancelled']);

/** A code the supplier issued for the booking or one of its tickets, printed as it says. */
export type SupplierTicket = {
  /** The unit it admits (`adult`, `child`, `infant`), or null for the whole booking. */
  unitType: string | null;
  /** The code itself, as the supplier gave it. */
  code: string;
  /** `QRCODE`, `CODE128`, `PDF417`, `AZTECCODE` or `TEXT` (OCTO's delivery formats). */
  format: string;
};

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
