import 'server-only';
import { and, asc, eq, inArray, isNull, max, notInArray } from 'drizzle-orm';
import { changedFields, recordStaffAudit } from '@/server/audit/audit';
import { loadTourCatalogTags } from '@/server/catalog/catalog-changes';
import type { Database, Transaction } from '@/server/db/connection';
import { categories, cities, offers, supplierProducts, suppliers, tourCategories, tours, type SupplierMargin, type SupplierUnitMap } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { loadSettings } from '@/server/settings/settings';
import type { SupplierProduct } from '@/server/suppliers/connector';
import { snapshotHash, storedProduct } from '@/server/suppliers/sync/product-snapshot';
import { defaultUnitMap } from '@/server/suppliers/sync/sync-supplier';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { AED_PER_USD } from '@/shared/money/money';
import { type OfferPriceColumns, supplierOfferPrices, type SupplierPrice, type SupplierPricingProblem, type ToAedFils } from '@/shared/suppliers/supplier-margin';
import type { OptionMappingInput, ProductMappingInput } from './supplier-schemas';

// An imported product made sellable (docs/console.md, "Suppliers"): its tour's titles, city and
// category, our margin over the supplier's prices, each option's units as adult, child and infant,
// then publishing; and the review of what a re-sync found changed. Each change is one
// transaction with its audit entry and answers the cache tags of the public pages that show it.

export type ProductChangeResult = { id: string; tags: string[] };

type LockedProduct = { id: string; supplierId: string; tourId: string; status: 'draft' | 'published' | 'changed' | 'withdrawn'; snapshot: SupplierProduct; currency: string };

async function lockProduct(tx: Transaction, productId: string): Promise<LockedProduct> {
  const [row] = await tx
    .select({ id: supplierProducts.id, supplierId: supplierProducts.supplierId, tourId: supplierProducts.tourId, status: supplierProducts.status, snapshot: supplierProducts.snapshot, currency: suppliers.currency })
    .from(supplierProducts)
    .innerJoin(suppliers, eq(suppliers.id, supplierProducts.supplierId))
    .where(eq(supplierProducts.id, productId))
    .for('update', { of: supplierProducts });
  if (!row || !row.tourId) throw new NotFound();
  return { ...row, tourId: row.tourId, snapshot: storedProduct(row.snapshot) };
}

/**
 * A supplier's amount in AED fils by the portal's own rates: dirhams as they are, dollars at the
 * peg, roubles at the operator's rate; any other currency has no rate here, and is refused.
 */
export function aedConverter(rubPerAed: number): ToAedFils {
  return (price: SupplierPrice) => {
    if (price.currency === 'AED') return price.amountMinor;
    if (price.currency === 'USD') return Math.round(price.amountMinor * AED_PER_USD);
    if (price.currency === 'RUB' && rubPerAed > 0) return Math.round(price.amountMinor / rubPerAed);
    return null;
  };
}

/** The price columns of one option's offer, or why it cannot be priced (a message key of `ops.suppliers.pricing`). */
export function offerPricesOf(product: SupplierProduct, optionId: string | null, units: SupplierUnitMap | null, margin: SupplierMargin | null, toAed: ToAedFils): { ok: true; prices: OfferPriceColumns } | { ok: false; problem: SupplierPricingProblem | 'noMargin' | 'noOption' } {
  const option = product.options.find((entry) => entry.id === optionId);
  if (!option) return { ok: false, problem: 'noOption' };
  if (!margin) return { ok: false, problem: 'noMargin' };
  const unit = (unitId: string | null | undefined) => option.units.find((entry) => entry.id === unitId) ?? null;
  return supplierOfferPrices({ adult: unit(units?.adult), child: unit(units?.child) }, margin, toAed);
}

const NO_PRICES = { pricePerAdult: null, pricePerChild: null, recPricePerAdult: null, recPricePerChild: null } as const;

/** Writes each of the product's offers' price columns from the snapshot and its margin; an offer that cannot be priced loses its prices. */
async function repriceOffers(tx: Transaction, product: LockedProduct, snapshot: SupplierProduct): Promise<void> {
  const toAed = aedConverter((await loadSettings(tx)).rubPerAed);
  const rows = await tx
    .select({ id: offers.id, optionId: offers.supplierOptionId, units: offers.supplierUnits, margin: offers.supplierMargin })
    .from(offers)
    .where(eq(offers.tourId, product.tourId));
  for (const row of rows) {
    const priced = offerPricesOf(snapshot, row.optionId, row.units, row.margin, toAed);
    await tx
      .update(offers)
      .set({ ...(priced.ok ? priced.prices : NO_PRICES), pricePerTrip: null, recPricePerTrip: null })
      .where(eq(offers.id, row.id));
  }
}

/** The tour's titles, city and category, and our margin on every offer of the product, prices recomputed. */
export async function saveProductMapping(db: Database, staff: StaffPrincipal, input: ProductMappingInput): Promise<ProductChangeResult> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, input.productId);
    const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, input.cityId));
    if (!city) throw new RuleViolation('errors.validation', {}, 'cityId');
    if (input.categoryId) {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
      if (!category) throw new RuleViolation('errors.validation', {}, 'categoryId');
    }
    const [before] = await tx.select({ title: tours.title, cityId: tours.cityId }).from(tours).where(eq(tours.id, product.tourId)).for('update');
    if (!before) throw new NotFound();
    const tagsBefore = await loadTourCatalogTags(tx, product.tourId);
    const values = { title: { en: input.titleEn, ru: input.titleRu }, cityId: input.cityId };
    await tx.update(tours).set({ ...values, updatedAt: new Date() }).where(eq(tours.id, product.tourId));
    await tx.delete(tourCategories).where(eq(tourCategories.tourId, product.tourId));
    if (input.categoryId) await tx.insert(tourCategories).values({ tourId: product.tourId, categoryId: input.categoryId });
    const margin: SupplierMargin = { netMarkupPercent: input.netMarkupPercent, retail: input.retail, retailMarkupPercent: input.retailMarkupPercent };
    await tx.update(offers).set({ supplierMargin: margin }).where(eq(offers.tourId, product.tourId));
    await repriceOffers(tx, product, product.snapshot);
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'tour', entityId: product.tourId, action: 'tour.update', changes: changedFields(before, values) });
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'supplierProduct', entityId: product.id, action: 'supplierProduct.map', changes: { margin: { from: null, to: margin }, categoryId: { from: null, to: input.categoryId } } });
    return { id: product.id, tags: [...new Set([...tagsBefore, ...(await loadTourCatalogTags(tx, product.tourId))])] };
  });
}

/** One option's offer: its names and which supplier units it sells as adult, child and infant. */
export async function saveOptionMapping(db: Database, staff: StaffPrincipal, input: OptionMappingInput): Promise<ProductChangeResult> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, input.productId);
    const [offer] = await tx
      .select({ id: offers.id, optionId: offers.supplierOptionId, name: offers.name, units: offers.supplierUnits })
      .from(offers)
      .where(and(eq(offers.id, input.offerId), eq(offers.tourId, product.tourId)));
    if (!offer) throw new NotFound();
    const option = product.snapshot.options.find((entry) => entry.id === offer.optionId);
    if (!option) throw new RuleViolation('ops.suppliers.pricing.noOption');
    const known = new Set(option.units.map((unit) => unit.id));
    const pick = (field: 'unitAdult' | 'unitChild' | 'unitInfant') => {
      const value = input[field];
      if (value === '') return null;
      if (!known.has(value)) throw new RuleViolation('errors.validation', {}, field);
      return value;
    };
    const units: SupplierUnitMap = { adult: pick('unitAdult'), child: pick('unitChild'), infant: pick('unitInfant') };
    const values = { name: { en: input.nameEn, ru: input.nameRu }, supplierUnits: units };
    await tx.update(offers).set(values).where(eq(offers.id, offer.id));
    await repriceOffers(tx, product, product.snapshot);
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'offer', entityId: offer.id, action: 'offer.update', changes: changedFields({ name: offer.name, supplierUnits: offer.units }, values) });
    return { id: product.id, tags: await loadTourCatalogTags(tx, product.tourId) };
  });
}

/**
 * Puts the product on sale: the tour and every offer of a current option, each priced from the
 * supplier (a live availability offer, its supplier's ids set). Refused while anything is missing
 * (a margin, an adult unit, a price or a rate), or while a change waits for review.
 */
export async function publishProduct(db: Database, staff: StaffPrincipal, productId: string): Promise<ProductChangeResult> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (product.status === 'changed') throw new RuleViolation('ops.suppliers.errors.reviewFirst');
    if (product.status === 'withdrawn') throw new RuleViolation('ops.suppliers.errors.withdrawn');
    const [tour] = await tx.select({ title: tours.title }).from(tours).where(eq(tours.id, product.tourId));
    if (!tour || !tour.title.en || !tour.title.ru) throw new RuleViolation('ops.suppliers.errors.titles');
    const toAed = aedConverter((await loadSettings(tx)).rubPerAed);
    const rows = await tx
      .select({ id: offers.id, optionId: offers.supplierOptionId, units: offers.supplierUnits, margin: offers.supplierMargin, name: offers.name })
      .from(offers)
      .where(eq(offers.tourId, product.tourId))
      .orderBy(asc(offers.position));
    const current = rows.filter((row) => product.snapshot.options.some((option) => option.id === row.optionId));
    if (current.length === 0) throw new RuleViolation('ops.suppliers.pricing.noOption');
    for (const row of current) {
      const priced = offerPricesOf(product.snapshot, row.optionId, row.units, row.margin, toAed);
      if (!priced.ok) throw new RuleViolation(`ops.suppliers.pricing.${priced.problem}`, { option: row.name.en });
      await tx
        .update(offers)
        .set({ ...priced.prices, pricePerTrip: null, recPricePerTrip: null, isActive: true, hasLiveAvailability: true, supplierId: product.supplierId, supplierProductId: product.snapshot.id, supplierOptionId: row.optionId })
        .where(eq(offers.id, row.id));
    }
    const now = new Date();
    await tx.update(tours).set({ isActive: true, updatedAt: now }).where(eq(tours.id, product.tourId));
    await tx.update(supplierProducts).set({ status: 'published', updatedAt: now }).where(eq(supplierProducts.id, product.id));
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'supplierProduct', entityId: product.id, action: 'supplierProduct.publish', changes: { status: { from: product.status, to: 'published' } } });
    return { id: product.id, tags: await loadTourCatalogTags(tx, product.tourId) };
  });
}

/**
 * The supplier's new title and description, in each language where the tour still has the
 * supplier's old one: what the operator wrote (a translation, an edit) is theirs and stays.
 */
async function followSupplierTexts(tx: Transaction, tourId: string, before: SupplierProduct, after: SupplierProduct): Promise<void> {
  const [tour] = await tx.select({ title: tours.title, description: tours.description }).from(tours).where(eq(tours.id, tourId));
  if (!tour) return;
  const follow = (text: { en: string; ru: string }, old: string, next: string) => ({ en: text.en === old ? next : text.en, ru: text.ru === old ? next : text.ru });
  const title = follow(tour.title, before.title, after.title);
  const description = follow(tour.description, before.description || before.title, after.description || after.title);
  if (JSON.stringify({ title, description }) === JSON.stringify({ title: tour.title, description: tour.description })) return;
  await tx.update(tours).set({ title, description, updatedAt: new Date() }).where(eq(tours.id, tourId));
}

/**
 * Takes what the last sync found as the product: the new snapshot kept, an inactive offer added for
 * each new option (mapped by its unit types, to be reviewed before it sells), the offers of options
 * the supplier dropped taken off sale, every offer repriced from the new prices, and the tour's
 * texts that were still the supplier's following its new ones.
 */
export async function acceptProductChanges(db: Database, staff: StaffPrincipal, productId: string): Promise<ProductChangeResult> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (product.status !== 'changed') throw new RuleViolation('ops.suppliers.errors.nothingToReview');
    const [row] = await tx.select({ pending: supplierProducts.pendingSnapshot, changes: supplierProducts.changes }).from(supplierProducts).where(eq(supplierProducts.id, product.id));
    if (!row?.pending) throw new RuleViolation('ops.suppliers.errors.nothingToReview');
    const next = storedProduct(row.pending);
    const optionIds = next.options.map((option) => option.id);
    const existing = await tx.select({ optionId: offers.supplierOptionId, margin: offers.supplierMargin }).from(offers).where(eq(offers.tourId, product.tourId));
    const known = new Set(existing.map((offer) => offer.optionId));
    const margin = existing.find((offer) => offer.margin)?.margin ?? null;
    const added = next.options.filter((option) => !known.has(option.id));
    if (added.length > 0) {
      const [last] = await tx.select({ position: max(offers.position) }).from(offers).where(eq(offers.tourId, product.tourId));
      await tx.insert(offers).values(
        added.map((option, index) => ({
          tourId: product.tourId,
          position: (last?.position ?? -1) + 1 + index,
          name: { en: option.title || next.title, ru: option.title || next.title },
          description: { en: '', ru: '' },
          availabilityType: next.availabilityType,
          hasLiveAvailability: true,
          supplierId: product.supplierId,
          supplierProductId: next.id,
          supplierOptionId: option.id,
          supplierUnits: defaultUnitMap(option.units),
          supplierMargin: margin,
          isActive: false,
        })),
      );
    }
    await tx
      .update(offers)
      .set({ isActive: false })
      .where(and(eq(offers.tourId, product.tourId), optionIds.length > 0 ? notInArray(offers.supplierOptionId, optionIds) : undefined));
    await repriceOffers(tx, product, next);
    await followSupplierTexts(tx, product.tourId, product.snapshot, next);
    // An offer that can no longer be priced (its unit gone, a price withdrawn) stops selling until it is mapped again.
    await tx
      .update(offers)
      .set({ isActive: false })
      .where(and(eq(offers.tourId, product.tourId), inArray(offers.supplierOptionId, optionIds.length > 0 ? optionIds : ['']), eq(offers.isActive, true), isNull(offers.pricePerAdult)));
    const [tour] = await tx.select({ isActive: tours.isActive }).from(tours).where(eq(tours.id, product.tourId));
    const status = tour?.isActive ? 'published' : 'draft';
    await tx
      .update(supplierProducts)
      .set({ status, snapshot: next, snapshotHash: snapshotHash(next), pendingSnapshot: null, changes: [], updatedAt: new Date() })
      .where(eq(supplierProducts.id, product.id));
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'supplierProduct', entityId: product.id, action: 'supplierProduct.accept', changes: { changes: { from: row.changes, to: [] } } });
    return { id: product.id, tags: await loadTourCatalogTags(tx, product.tourId) };
  });
}
