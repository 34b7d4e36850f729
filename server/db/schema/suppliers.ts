import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';

// Live suppliers (docs/suppliers.md): the tour operators whose own systems we book over OCTO, and
// the calls we make to them, counted per minute for the console's error rate. The products of
// theirs we import are in supplier-products.ts (they point at the catalogue, which points here).

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
