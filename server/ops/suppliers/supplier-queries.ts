import 'server-only';
import { and, asc, count, eq, gte, sql, sum } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { categories, cities, offers, supplierCallStats, supplierProducts, suppliers, tourCategories, tours, type SupplierMargin, type SupplierUnitMap } from '@/server/db/schema';
import { Forbidden, NotFound } from '@/server/errors';
import { loadSettings } from '@/server/settings/settings';
import { breakerState } from '@/server/suppliers/breaker';
import type { SupplierProduct } from '@/server/suppliers/connector';
import { storedProduct } from '@/server/suppliers/sync/product-snapshot';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { can } from '@/shared/auth/permissions';
import { aedConverter, offerPricesOf } from './supplier-products';

// What the console's supplier pages read. Never the sealed key: only its hint leaves this module.

function check(staff: StaffPrincipal): void {
  if (!can(staff.role, 'ops:suppliers')) throw new Forbidden();
}

export type ProductStatus = 'draft' | 'published' | 'changed' | 'withdrawn';
export type BreakerView = ReturnType<typeof breakerState>['state'];

export type SupplierSummary = {
  id: string;
  name: string;
  baseUrl: string;
  apiKeyHint: string;
  currency: string;
  capabilities: string[];
  isActive: boolean;
  breaker: BreakerView;
  /** Calls, and those that failed or timed out, over the last hour (supplier_call_stats). */
  callsLastHour: number;
  failuresLastHour: number;
  /** Failures per call over the last hour, 0–1; null without a call. */
  errorRate: number | null;
  lastSyncAt: Date | null;
  lastSyncError: string | null;
  products: Record<ProductStatus, number>;
};

const NO_PRODUCTS: Record<ProductStatus, number> = { draft: 0, published: 0, changed: 0, withdrawn: 0 };

/** Every supplier with its breaker, its last hour's error rate, its last sync and its products by status, in three queries. */
export async function listSuppliers(db: Database, staff: StaffPrincipal, now: Date = new Date()): Promise<SupplierSummary[]> {
  check(staff);
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const [rows, stats, counts] = await Promise.all([
    db
      .select({
        id: suppliers.id,
        name: suppliers.name,
        baseUrl: suppliers.baseUrl,
        apiKeyHint: suppliers.apiKeyHint,
        currency: suppliers.currency,
        capabilities: suppliers.capabilities,
        isActive: suppliers.isActive,
        lastSyncAt: suppliers.lastSyncAt,
        lastSyncError: suppliers.lastSyncError,
      })
      .from(suppliers)
      .orderBy(asc(suppliers.name)),
    db
      // A timeout is counted apart from a failure; both are calls that did not work.
      .select({
        supplierId: supplierCallStats.supplierId,
        calls: sum(supplierCallStats.calls).mapWith(Number),
        failures: sql<number>`coalesce(sum(${supplierCallStats.failures} + ${supplierCallStats.timeouts}), 0)`.mapWith(Number),
      })
      .from(supplierCallStats)
      .where(gte(supplierCallStats.minute, hourAgo))
      .groupBy(supplierCallStats.supplierId),
    db.select({ supplierId: supplierProducts.supplierId, status: supplierProducts.status, count: count() }).from(supplierProducts).groupBy(supplierProducts.supplierId, supplierProducts.status),
  ]);
  return rows.map((row) => {
    const stat = stats.find((entry) => entry.supplierId === row.id);
    const calls = stat?.calls ?? 0;
    const failures = stat?.failures ?? 0;
    const products = { ...NO_PRODUCTS };
    for (const entry of counts) if (entry.supplierId === row.id) products[entry.status] = entry.count;
    return { ...row, breaker: breakerState(row.id).state, callsLastHour: calls, failuresLastHour: failures, errorRate: calls > 0 ? failures / calls : null, products };
  });
}

export type SupplierProductRow = { id: string; externalId: string; title: string; status: ProductStatus; changes: string[]; tourId: string | null; tourSlug: string | null; syncedAt: Date };

/** One supplier (as listed) and its imported products, changed ones first. */
export async function loadSupplier(db: Database, staff: StaffPrincipal, supplierId: string): Promise<{ supplier: SupplierSummary; products: SupplierProductRow[] } | null> {
  check(staff);
  const supplier = (await listSuppliers(db, staff)).find((row) => row.id === supplierId);
  if (!supplier) return null;
  const rows = await db
    .select({
      id: supplierProducts.id,
      externalId: supplierProducts.externalId,
      snapshot: supplierProducts.snapshot,
      status: supplierProducts.status,
      changes: supplierProducts.changes,
      tourId: supplierProducts.tourId,
      tourSlug: tours.slug,
      tourTitle: tours.title,
      syncedAt: supplierProducts.syncedAt,
    })
    .from(supplierProducts)
    .leftJoin(tours, eq(tours.id, supplierProducts.tourId))
    .where(eq(supplierProducts.supplierId, supplierId))
    .orderBy(sql`case ${supplierProducts.status} when 'changed' then 0 when 'draft' then 1 when 'published' then 2 else 3 end`, asc(supplierProducts.externalId));
  return {
    supplier,
    products: rows.map((row) => ({
      id: row.id,
      externalId: row.externalId,
      title: row.tourTitle?.en ?? storedProduct(row.snapshot).title,
      status: row.status,
      changes: row.changes,
      tourId: row.tourId,
      tourSlug: row.tourSlug,
      syncedAt: row.syncedAt,
    })),
  };
}

export type ProductOfferView = {
  id: string;
  optionId: string | null;
  optionTitle: string | null;
  name: { en: string; ru: string };
  isActive: boolean;
  units: SupplierUnitMap | null;
  unitChoices: { id: string; title: string; type: string | null }[];
  pricePerAdult: number | null;
  pricePerChild: number | null;
  recPricePerAdult: number | null;
  recPricePerChild: number | null;
  /** Why it cannot be priced yet (`ops.suppliers.pricing.<problem>`), or null when it can. */
  pricingProblem: string | null;
};

export type ProductView = {
  id: string;
  supplierId: string;
  supplierName: string;
  currency: string;
  status: ProductStatus;
  changes: string[];
  snapshot: SupplierProduct;
  pending: SupplierProduct | null;
  tour: { id: string; slug: string; title: { en: string; ru: string }; cityId: string; isActive: boolean; categoryId: string | null };
  margin: SupplierMargin | null;
  offers: ProductOfferView[];
  cities: { id: string; name: { en: string; ru: string } }[];
  categories: { id: string; name: { en: string; ru: string } }[];
};

/** One imported product with its tour, offers, their mapping and prices, and the cities and categories to choose from. */
export async function loadSupplierProduct(db: Database, staff: StaffPrincipal, supplierId: string, productId: string): Promise<ProductView> {
  check(staff);
  const [row] = await db
    .select({
      id: supplierProducts.id,
      supplierId: supplierProducts.supplierId,
      supplierName: suppliers.name,
      currency: suppliers.currency,
      status: supplierProducts.status,
      changes: supplierProducts.changes,
      snapshot: supplierProducts.snapshot,
      pending: supplierProducts.pendingSnapshot,
      tourId: tours.id,
      tourSlug: tours.slug,
      tourTitle: tours.title,
      cityId: tours.cityId,
      tourActive: tours.isActive,
    })
    .from(supplierProducts)
    .innerJoin(suppliers, eq(suppliers.id, supplierProducts.supplierId))
    .innerJoin(tours, eq(tours.id, supplierProducts.tourId))
    .where(and(eq(supplierProducts.id, productId), eq(supplierProducts.supplierId, supplierId)));
  if (!row) throw new NotFound();
  const [offerRows, category, cityRows, categoryRows, settings] = await Promise.all([
    db
      .select({
        id: offers.id,
        optionId: offers.supplierOptionId,
        name: offers.name,
        isActive: offers.isActive,
        units: offers.supplierUnits,
        margin: offers.supplierMargin,
        pricePerAdult: offers.pricePerAdult,
        pricePerChild: offers.pricePerChild,
        recPricePerAdult: offers.recPricePerAdult,
        recPricePerChild: offers.recPricePerChild,
      })
      .from(offers)
      .where(eq(offers.tourId, row.tourId))
      .orderBy(asc(offers.position)),
    db.select({ id: tourCategories.categoryId }).from(tourCategories).where(eq(tourCategories.tourId, row.tourId)).limit(1),
    db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(asc(cities.sortOrder), asc(cities.slug)),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.slug)),
    loadSettings(db),
  ]);
  const snapshot = storedProduct(row.snapshot);
  const toAed = aedConverter(settings.rubPerAed);
  return {
    id: row.id,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    currency: row.currency,
    status: row.status,
    changes: row.changes,
    snapshot,
    pending: row.pending === null ? null : storedProduct(row.pending),
    tour: { id: row.tourId, slug: row.tourSlug, title: row.tourTitle, cityId: row.cityId, isActive: row.tourActive, categoryId: category[0]?.id ?? null },
    margin: offerRows.find((offer) => offer.margin)?.margin ?? null,
    offers: offerRows.map((offer) => {
      const option = snapshot.options.find((entry) => entry.id === offer.optionId) ?? null;
      const priced = offerPricesOf(snapshot, offer.optionId, offer.units, offer.margin, toAed);
      return {
        id: offer.id,
        optionId: offer.optionId,
        optionTitle: option?.title ?? null,
        name: offer.name,
        isActive: offer.isActive,
        units: offer.units,
        unitChoices: option?.units.map((unit) => ({ id: unit.id, title: unit.title, type: unit.type })) ?? [],
        pricePerAdult: offer.pricePerAdult,
        pricePerChild: offer.pricePerChild,
        recPricePerAdult: offer.recPricePerAdult,
        recPricePerChild: offer.recPricePerChild,
        pricingProblem: priced.ok ? null : priced.problem,
      };
    }),
    cities: cityRows,
    categories: categoryRows,
  };
}
