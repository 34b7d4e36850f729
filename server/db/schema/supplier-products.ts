import { index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';
import { tours } from './catalogue';
import { suppliers } from './suppliers';

// A supplier's products as we imported them into the catalogue (docs/suppliers.md), and what the
// latest sync found changed.

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

