import 'server-only';
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { catalogTagsForTour } from '@/server/catalog/catalog-changes';
import { cities, countries, offers, supplierProducts, suppliers, tours, type SupplierUnitMap } from '@/server/db/schema';
import type { SupplierProduct, SupplierUnit } from '@/server/suppliers/connector';
import { supplierConnector } from '@/server/suppliers/connectors';
import { isSupplierError } from '@/server/suppliers/errors';
import { productChanges, snapshotHash, storedProduct } from './product-snapshot';

// A supplier's products into the catalogue (docs/suppliers.md, "Operating suppliers"). A product
// seen for the first time becomes a draft tour with an inactive offer per option; one whose
// snapshot hash is unchanged costs no write at all; one that changed is flagged `changed` with
// what the sync found, for an operator to review; one the supplier no longer lists is `withdrawn`
// and its tour taken off sale at once (a booking of it would fail at the supplier). Run by the
// console's "sync now" and by the `suppliers.sync` job.

export type SyncOutcome =
  /** `tags`: the cached public pages that showed a withdrawn tour, for a caller inside a request to expire. */
  | { ok: true; imported: number; changed: number; withdrawn: number; unchanged: number; tags: string[] }
  /** The supplier could not be asked: the error's code (SupplierError's, or `failed`), kept as the supplier's last sync error. */
  | { ok: false; error: string };

/** A sync that found the supplier down or refusing keeps its error on the supplier row and fails no caller. */
export async function syncSupplierProducts(db: Database, supplierId: string, now: Date = new Date()): Promise<SyncOutcome> {
  // What we hold is read first: a product another sync imports meanwhile is caught by the claim below.
  const stored = await db
    .select({ id: supplierProducts.id, externalId: supplierProducts.externalId, status: supplierProducts.status, snapshot: supplierProducts.snapshot, hash: supplierProducts.snapshotHash, pendingSnapshot: supplierProducts.pendingSnapshot })
    .from(supplierProducts)
    .where(eq(supplierProducts.supplierId, supplierId));
  let products: SupplierProduct[];
  try {
    products = await (await supplierConnector(db, supplierId)).listProducts();
  } catch (error) {
    const code = supplierErrorCode(error);
    if (code === null) throw error;
    await db.update(suppliers).set({ lastSyncAt: now, lastSyncError: code, updatedAt: now }).where(eq(suppliers.id, supplierId));
    return { ok: false, error: code };
  }
  const byExternalId = new Map(stored.map((row) => [row.externalId, row]));
  const listed = new Set(products.map((product) => product.id));
  let imported = 0;
  let changed = 0;
  let unchanged = 0;

  for (const product of products) {
    const hash = snapshotHash(product);
    const row = byExternalId.get(product.id);
    if (!row) {
      if (await importProduct(db, supplierId, product, hash, now)) imported += 1;
      continue;
    }
    const pendingHash = row.pendingSnapshot === null ? null : snapshotHash(storedProduct(row.pendingSnapshot));
    if ((hash === row.hash && row.status !== 'withdrawn' && row.status !== 'changed') || hash === pendingHash) {
      unchanged += 1;
      continue;
    }
    if (hash === row.hash && row.status === 'changed') {
      // The supplier went back to what we kept: nothing is left to review.
      await db
        .update(supplierProducts)
        .set({ status: sql`case when (select ${tours.isActive} from ${tours} where ${tours.id} = ${supplierProducts.tourId}) then 'published' else 'draft' end::supplier_product_status`, pendingSnapshot: null, changes: [], syncedAt: now, updatedAt: now })
        .where(eq(supplierProducts.id, row.id));
      changed += 1;
      continue;
    }
    // A product that came back after it was withdrawn is reviewed like any change: its tour stays off sale until then.
    const changes = productChanges(storedProduct(row.snapshot), product);
    await db
      .update(supplierProducts)
      .set({ status: 'changed', pendingSnapshot: product, changes: changes.length > 0 ? changes : ['options'], syncedAt: now, updatedAt: now })
      .where(eq(supplierProducts.id, row.id));
    changed += 1;
  }

  const gone = stored.filter((row) => !listed.has(row.externalId) && row.status !== 'withdrawn').map((row) => row.id);
  const tags = gone.length > 0 ? await withdraw(db, gone, now) : [];
  await db.update(suppliers).set({ lastSyncAt: now, lastSyncError: null, updatedAt: now }).where(eq(suppliers.id, supplierId));
  return { ok: true, imported, changed, withdrawn: gone.length, unchanged, tags };
}

/** SupplierError's code, or null for an error that is not the supplier's (a bug: it propagates). */
function supplierErrorCode(error: unknown): string | null {
  return isSupplierError(error) ? error.code : null;
}

/** Withdrawn products and their tours and offers, in one statement each, whatever their number. */
async function withdraw(db: Database, productIds: string[], now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(supplierProducts)
      .set({ status: 'withdrawn', pendingSnapshot: null, changes: [], syncedAt: now, updatedAt: now })
      .where(and(inArray(supplierProducts.id, productIds), ne(supplierProducts.status, 'withdrawn')))
      .returning({ tourId: supplierProducts.tourId });
    const tourIds = rows.map((row) => row.tourId).filter((id): id is string => id !== null);
    if (tourIds.length === 0) return [];
    await tx.update(tours).set({ isActive: false, updatedAt: now }).where(inArray(tours.id, tourIds));
    await tx.update(offers).set({ isActive: false }).where(inArray(offers.tourId, tourIds));
    const placements = await tx
      .select({ slug: tours.slug, citySlug: cities.slug, countrySlug: countries.slug, isFeatured: tours.isFeatured })
      .from(tours)
      .innerJoin(cities, eq(cities.id, tours.cityId))
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(inArray(tours.id, tourIds));
    return [...new Set(placements.flatMap(catalogTagsForTour))];
  });
}

/** OCTO's unit types as our guest types: the first unit of each type is the default mapping. */
export function defaultUnitMap(units: SupplierUnit[]): SupplierUnitMap {
  const first = (type: 'adult' | 'child' | 'infant') => units.find((unit) => unit.type === type)?.id ?? null;
  return { adult: first('adult') ?? units[0]?.id ?? null, child: first('child'), infant: first('infant') };
}

function slugPart(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The tour's slug: its title, and a digest of supplier and product so two suppliers' "City tour" never collide. */
export function importedTourSlug(supplierId: string, product: SupplierProduct): string {
  const digest = createHash('sha256').update(`${supplierId}:${product.id}`).digest('hex').slice(0, 8);
  return [slugPart(product.title) || 'tour', digest].join('-');
}

function summaryOf(product: SupplierProduct): string {
  const text = (product.description || product.title).replace(/\s+/g, ' ').trim();
  return text.length <= 300 ? text : `${text.slice(0, 297).trimEnd()}…`;
}

/**
 * One new product: its row first, claimed by the unique (supplier, product) index, so two syncs at
 * once import it once (the second waits on the index, then finds the row taken and skips); then its
 * draft tour and an inactive offer per option, all in one transaction. Titles in both languages
 * start as the supplier's; the operator edits them before publishing.
 */
async function importProduct(db: Database, supplierId: string, product: SupplierProduct, hash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(supplierProducts)
      .values({ supplierId, externalId: product.id, status: 'draft', snapshot: product, snapshotHash: hash, syncedAt: now })
      .onConflictDoNothing({ target: [supplierProducts.supplierId, supplierProducts.externalId] })
      .returning({ id: supplierProducts.id });
    if (!claimed) return false;
    const cityId = await draftCity(tx);
    const text = (value: string) => ({ en: value, ru: value });
    const [tour] = await tx
      .insert(tours)
      .values({
        slug: importedTourSlug(supplierId, product),
        cityId,
        title: text(product.title),
        summary: text(summaryOf(product)),
        description: text(product.description || product.title),
        terms: text(''),
        // OCTO's product carries no duration: an hour until the operator says otherwise in the catalogue.
        durationMinutes: 60,
        isActive: false,
      })
      .returning({ id: tours.id });
    if (!tour) throw new Error('The draft tour was not created');
    if (product.options.length > 0) {
      await tx.insert(offers).values(
        product.options.map((option, position) => ({
          tourId: tour.id,
          position,
          name: text(option.title || product.title),
          description: text(''),
          availabilityType: product.availabilityType,
          hasLiveAvailability: true,
          supplierId,
          supplierProductId: product.id,
          supplierOptionId: option.id,
          supplierUnits: defaultUnitMap(option.units),
          isActive: false,
        })),
      );
    }
    await tx.update(supplierProducts).set({ tourId: tour.id }).where(eq(supplierProducts.id, claimed.id));
    return true;
  });
}

/** A draft needs a city (the column is required): the first of the catalogue's, changed by the operator when mapping. */
async function draftCity(tx: Transaction): Promise<string> {
  const [city] = await tx.select({ id: cities.id }).from(cities).orderBy(asc(cities.sortOrder), asc(cities.slug)).limit(1);
  if (!city) throw new Error('The catalogue has no city to place an imported tour in');
  return city.id;
}

/** Suppliers whose last sync is older than `everyMinutes` (or never ran): the job's round. */
export async function suppliersDueForSync(db: Database, now: Date, everyMinutes: number): Promise<string[]> {
  const due = new Date(now.getTime() - everyMinutes * 60_000);
  const rows = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.isActive, true), sql`(${suppliers.lastSyncAt} is null or ${suppliers.lastSyncAt} <= ${due.toISOString()})`))
    .orderBy(asc(suppliers.createdAt));
  return rows.map((row) => row.id);
}
