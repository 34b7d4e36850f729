import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { suppliers } from '@/server/db/schema';
import { NotFound } from '@/server/errors';
import { throughBreaker, type BreakerSettings } from './breaker';
import { countSupplierCall, outcomeOf } from './call-stats';
import type { SupplierConnector } from './connector';
import { isSupplierError, SupplierError } from './errors';
import { createOctoConnector } from './octo/octo-connector';
import { createOwnInventoryConnector } from './own-inventory/own-inventory-connector';
import { openSecret } from './secret-box';
import { SpanKind } from '@opentelemetry/api';
import { inSpan } from '@/server/telemetry/tracing';

// Where the portal gets a connector (docs/suppliers.md "The connector"): a stored supplier's OCTO
// connector, every call of it under the supplier's breaker and time limit and counted per minute,
// or our own inventory behind the same interface.

/** How long a process keeps a supplier's connector before reading the supplier again. */
export const CONNECTOR_TTL_MS = 60_000;

type Cached = { connector: SupplierConnector; loadedAt: number };

/** Per database: one per process, a second handle stands for another process in tests. */
const cache = new WeakMap<Database, Map<string, Cached>>();

const METHODS = ['listProducts', 'getProduct', 'availabilityCalendar', 'availability', 'reserve', 'extend', 'confirm', 'amend', 'cancel', 'getBooking'] as const satisfies readonly (keyof SupplierConnector)[];

/**
 * `inner` with every call run through the supplier's breaker and counted (when `db` is given). A
 * call the open breaker refuses reaches no supplier and is not counted.
 */
export function guardedConnector(
  inner: SupplierConnector,
  supplierId: string,
  options: { db?: Database; now?: () => number; breaker?: BreakerSettings } = {},
): SupplierConnector {
  const guarded = {} as Record<string, unknown>;
  for (const method of METHODS) {
    const call = inner[method] as (...args: unknown[]) => Promise<unknown>;
    // Each call is a client span (docs/telemetry.md#server): the supplier and the method, never the guests.
    guarded[method] = (...args: unknown[]) =>
      inSpan(`supplier.${method}`, { kind: SpanKind.CLIENT, attributes: { 'supplier.id': supplierId, 'supplier.method': method } }, () => guardedCall(args));
    const guardedCall = async (args: unknown[]) => {
      let reached = false;
      try {
        const result = await throughBreaker(
          supplierId,
          () => {
            reached = true;
            return call.apply(inner, args);
          },
          { now: options.now, settings: options.breaker },
        );
        if (options.db) countSupplierCall(options.db, supplierId, 'ok');
        return result;
      } catch (error) {
        if (options.db && reached) countSupplierCall(options.db, supplierId, outcomeOf(isSupplierError(error) ? error.code : 'unavailable'));
        throw error;
      }
    };
  }
  return guarded as unknown as SupplierConnector;
}

/**
 * The OCTO connector of the stored supplier `supplierId`, with its key opened, its breaker and its
 * time limit. Cached per supplier for CONNECTOR_TTL_MS (forgetSupplierConnector drops it at once).
 * Throws NotFound for no such supplier, and SupplierError `unavailable` for one switched off.
 */
export async function supplierConnector(db: Database, supplierId: string): Promise<SupplierConnector> {
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const cached = perDb.get(supplierId);
  if (cached && Date.now() - cached.loadedAt < CONNECTOR_TTL_MS) return cached.connector;
  const [supplier] = await db
    .select({
      id: suppliers.id,
      baseUrl: suppliers.baseUrl,
      apiKeySealed: suppliers.apiKeySealed,
      capabilities: suppliers.capabilities,
      currency: suppliers.currency,
      isActive: suppliers.isActive,
    })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!supplier) throw new NotFound();
  if (!supplier.isActive) throw new SupplierError('unavailable', supplierId, { message: `Supplier ${supplierId} is switched off` });
  const octo = createOctoConnector({
    supplierId: supplier.id,
    baseUrl: supplier.baseUrl,
    apiKey: openSecret(supplier.apiKeySealed),
    capabilities: supplier.capabilities,
    currency: supplier.currency,
  });
  const connector = guardedConnector(octo, supplier.id, { db });
  perDb.set(supplierId, { connector, loadedAt: Date.now() });
  return connector;
}

/** Drops this process's connector of `supplierId` (its address, key or capabilities changed). */
export function forgetSupplierConnector(db: Database, supplierId: string): void {
  cache.get(db)?.delete(supplierId);
}

/** Our own inventory (active tours and their live offers) behind the same interface. */
export function ownInventoryConnector(db: Database): SupplierConnector {
  return createOwnInventoryConnector(db);
}
