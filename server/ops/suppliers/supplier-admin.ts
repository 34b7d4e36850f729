import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type AuditChanges, changedFields, recordStaffAudit } from '@/server/audit/audit';
import type { Database } from '@/server/db/connection';
import { suppliers } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { isSupplierError } from '@/server/suppliers/errors';
import { resetBreaker } from '@/server/suppliers/breaker';
import { forgetSupplierConnector } from '@/server/suppliers/connectors';
import { createOctoConnector, fetchOctoSupplier } from '@/server/suppliers/octo/octo-connector';
import { sealSecret } from '@/server/suppliers/secret-box';
import { assertSupplierAddress } from '@/server/suppliers/supplier-address';
import type { SyncOutcome } from '@/server/suppliers/sync/sync-supplier';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { AddSupplierInput } from './supplier-schemas';

// Adding a supplier and replacing its key (docs/console.md, "Suppliers"). Nothing is stored until
// the connection works: the address rule first (no loopback or private address outside tests),
// then a live call through the OCTO connector with the typed key. The key is sealed at rest and
// only its last four characters are ever shown again.

/** A connection test gets less time than a page's call: the operator is waiting on the form. */
const CONNECTION_TEST_TIMEOUT_MS = 10_000;

export type SupplierConnection = { supplierId: string; baseUrl: string; apiKey: string; capabilities: string[]; currency: string };

/** The key's last four characters, which tell two keys apart without revealing either. */
export function apiKeyHint(apiKey: string): string {
  return apiKey.slice(-4);
}

/**
 * The address rule and live calls: the supplier itself (`GET /supplier`) and its products through the connector. A refusal says
 * why in the operator's language (`ops.suppliers.errors.connection.<SupplierError code>`), on the
 * field it is about; nothing has been stored.
 */
export async function testSupplierConnection(connection: SupplierConnection): Promise<{ externalId: string; products: number }> {
  // A refused address is the address rule's own RuleViolation, on the base URL field.
  await assertSupplierAddress(connection.baseUrl);
  const options = { timeoutMs: CONNECTION_TEST_TIMEOUT_MS };
  try {
    const supplier = await fetchOctoSupplier(connection, options);
    const products = await createOctoConnector(connection, options).listProducts();
    return { externalId: supplier.externalId, products: products.length };
  } catch (error) {
    if (!isSupplierError(error)) throw error;
    throw new RuleViolation(`ops.suppliers.errors.connection.${error.code}`, {}, error.code === 'unauthorized' ? 'apiKey' : 'baseUrl');
  }
}

/** Stores a supplier whose connection test passed, with its key sealed; answers only its id. */
export async function addSupplier(db: Database, staff: StaffPrincipal, input: AddSupplierInput): Promise<{ id: string }> {
  const supplierId = randomUUID();
  const baseUrl = input.baseUrl.replace(/\/+$/, '');
  const { externalId } = await testSupplierConnection({ supplierId, baseUrl, apiKey: input.apiKey, capabilities: input.capabilities, currency: input.currency });
  return db.transaction(async (tx) => {
    const values = { id: supplierId, name: input.name, baseUrl, externalId, apiKeySealed: sealSecret(input.apiKey), apiKeyHint: apiKeyHint(input.apiKey), capabilities: input.capabilities, currency: input.currency };
    await tx.insert(suppliers).values(values);
    // The audit trail names the key by its hint: the sealed key stays in its one column.
    const { apiKeySealed: _sealed, ...audited } = values;
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'supplier', entityId: supplierId, action: 'supplier.create', changes: changedFields({}, audited) });
    return { id: supplierId };
  });
}

/** A new key for a stored supplier, tested like the first one before it replaces it. */
export async function replaceSupplierKey(db: Database, staff: StaffPrincipal, input: { supplierId: string; apiKey: string }): Promise<{ id: string }> {
  const [supplier] = await db
    .select({ id: suppliers.id, baseUrl: suppliers.baseUrl, capabilities: suppliers.capabilities, currency: suppliers.currency, apiKeyHint: suppliers.apiKeyHint })
    .from(suppliers)
    .where(eq(suppliers.id, input.supplierId));
  if (!supplier) throw new NotFound();
  await testSupplierConnection({ supplierId: supplier.id, baseUrl: supplier.baseUrl, apiKey: input.apiKey, capabilities: supplier.capabilities, currency: supplier.currency });
  const replaced = await db.transaction(async (tx) => {
    const hint = apiKeyHint(input.apiKey);
    await tx.update(suppliers).set({ apiKeySealed: sealSecret(input.apiKey), apiKeyHint: hint, updatedAt: new Date() }).where(eq(suppliers.id, supplier.id));
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'supplier', entityId: supplier.id, action: 'supplier.key', changes: { apiKeyHint: { from: supplier.apiKeyHint, to: hint } } });
    return { id: supplier.id };
  });
  // This process's cached connector still holds the old key, and its breaker the old key's failures.
  forgetSupplierConnector(db, supplier.id);
  resetBreaker(supplier.id);
  return replaced;
}

/** Who asked for a sync and what it did, in the audit trail (the scheduled re-sync is the system's, not recorded). */
export async function recordSupplierSync(db: Database, staff: StaffPrincipal, supplierId: string, outcome: SyncOutcome): Promise<void> {
  const changes: AuditChanges = outcome.ok
    ? { imported: { from: null, to: outcome.imported }, changed: { from: null, to: outcome.changed }, withdrawn: { from: null, to: outcome.withdrawn } }
    : { error: { from: null, to: outcome.error } };
  await recordStaffAudit(db, { actorStaffId: staff.staffId, entity: 'supplier', entityId: supplierId, action: 'supplier.sync', changes });
}
