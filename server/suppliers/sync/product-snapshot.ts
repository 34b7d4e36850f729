import 'server-only';
import { createHash } from 'node:crypto';
import type { SupplierProduct } from '@/server/suppliers/connector';

// An imported product as we keep it (`supplier_products.snapshot`): the connector's normalised
// product, with its hash so a sync can tell an unchanged product without comparing it field by
// field, and which parts differ when it did change (the console's review lists them).

export type ProductChange = 'prices' | 'options' | 'content';

/** JSON with object keys sorted, so the same product always hashes the same whatever order a supplier answers in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter((entry) => entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function snapshotHash(product: SupplierProduct): string {
  return createHash('sha256').update(canonical(product)).digest('hex');
}

/** The options and units, without their prices. */
function optionShape(product: SupplierProduct) {
  return product.options.map((option) => ({ id: option.id, title: option.title, units: option.units.map((unit) => ({ id: unit.id, type: unit.type, title: unit.title })) }));
}

function priceShape(product: SupplierProduct) {
  return product.options.map((option) => option.units.map((unit) => ({ id: unit.id, net: unit.net, retail: unit.retail })));
}

function contentShape(product: SupplierProduct) {
  return { title: product.title, description: product.description, images: product.images, availabilityType: product.availabilityType, timeZone: product.timeZone };
}

/** Which parts of a product differ between two snapshots. */
export function productChanges(before: SupplierProduct, after: SupplierProduct): ProductChange[] {
  const changes: ProductChange[] = [];
  if (canonical(priceShape(before)) !== canonical(priceShape(after))) changes.push('prices');
  if (canonical(optionShape(before)) !== canonical(optionShape(after))) changes.push('options');
  if (canonical(contentShape(before)) !== canonical(contentShape(after))) changes.push('content');
  return changes;
}

/** A stored snapshot read back (jsonb); it was written from a SupplierProduct. */
export function storedProduct(snapshot: unknown): SupplierProduct {
  return snapshot as SupplierProduct;
}
