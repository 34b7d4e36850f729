import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, max, ne, type SQL } from 'drizzle-orm';
import { changedFields, recordStaffAudit } from '@/server/audit/audit';
import { catalogTagsForTour, type TourPlacement } from '@/server/catalog/catalog-changes';
import { CATALOG_TAGS } from '@/server/catalog/tags';
import type { Database, Transaction } from '@/server/db/connection';
import { uniqueViolation } from '@/server/db/errors';
import { categories, cities, countries, offers, promoCodes, tourCategories, tours } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { saveCatalogImage } from '@/server/files/uploads';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { catalogImageUrl } from './gallery-admin';
import type { OfferInput, PlaceInput, PromoInput, TourInput } from './schemas';

// The console's catalogue changes. Each runs in one transaction with its audit entry and returns
// the cache tags of the public pages that show what changed; the action expires them after the
// commit (server/ops/catalog/catalog-actions.ts).

export type CatalogChange = { id: string; tags: string[] };

function placementsWhere(tx: Database | Transaction, where: SQL | undefined): Promise<TourPlacement[]> {
  return tx
    .select({ slug: tours.slug, citySlug: cities.slug, countrySlug: countries.slug, isFeatured: tours.isFeatured })
    .from(tours)
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(where);
}

async function placementOf(tx: Database | Transaction, tourId: string): Promise<TourPlacement | null> {
  const [placement] = await placementsWhere(tx, eq(tours.id, tourId));
  return placement ?? null;
}

/**
 * The pages that show a place's name or picture besides its own: every tour page under it
 * (breadcrumbs, cards), and for a country its cities' pages. A category shows on its tours' pages
 * and on the lists that group them.
 */
async function pagesShowingPlace(tx: Transaction, kind: 'country' | 'city' | 'category', id: string): Promise<string[]> {
  if (kind === 'category') {
    const tagged = tx.select({ tourId: tourCategories.tourId }).from(tourCategories).where(eq(tourCategories.categoryId, id));
    return (await placementsWhere(tx, inArray(tours.id, tagged))).flatMap(catalogTagsForTour);
  }
  const placements = await placementsWhere(tx, kind === 'city' ? eq(cities.id, id) : eq(countries.id, id));
  const citySlugs = kind === 'country' ? (await tx.select({ slug: cities.slug }).from(cities).where(eq(cities.countryId, id))).map((row) => row.slug) : [];
  return [...placements.map((placement) => CATALOG_TAGS.tour(placement.slug)), ...citySlugs.map(CATALOG_TAGS.city)];
}

function slugTaken(error: unknown): boolean {
  const constraint = uniqueViolation(error);
  return constraint !== null && constraint.includes('slug');
}

/** Creates or edits a country, city or category. */
export async function savePlace(db: Database, staff: StaffPrincipal, input: PlaceInput): Promise<CatalogChange> {
  const values = { slug: input.slug, name: { en: input.nameEn, ru: input.nameRu }, heroImage: input.heroImage, sortOrder: input.sortOrder };
  try {
    return await db.transaction(async (tx) => {
      if (input.kind === 'country') return saveRow(tx, staff, countries, 'country', input.id, values, (slug) => [CATALOG_TAGS.country(slug)]);
      if (input.kind === 'category') return saveRow(tx, staff, categories, 'category', input.id, values, () => []);
      if (!input.countryId) throw new RuleViolation('opsCatalog.errors.required', {}, 'countryId');
      const [country] = await tx.select({ slug: countries.slug }).from(countries).where(eq(countries.id, input.countryId));
      if (!country) throw new RuleViolation('errors.validation', {}, 'countryId');
      return saveRow(tx, staff, cities, 'city', input.id, { ...values, countryId: input.countryId }, (slug) => [CATALOG_TAGS.city(slug), CATALOG_TAGS.country(country.slug)]);
    });
  } catch (error) {
    if (slugTaken(error)) throw new RuleViolation('opsCatalog.errors.slugTaken', {}, 'slug');
    throw error;
  }
}

type PlaceTable = typeof countries | typeof cities | typeof categories;

async function saveRow(
  tx: Transaction,
  staff: StaffPrincipal,
  table: PlaceTable,
  entity: 'country' | 'city' | 'category',
  id: string | undefined,
  values: Record<string, unknown> & { slug: string },
  pageTags: (slug: string) => string[],
): Promise<CatalogChange> {
  // Names show in the home page's lists and the search filters (and in the tours' search text, so
  // in cached search results); slugs in the sitemap.
  const shared = [CATALOG_TAGS.home, CATALOG_TAGS.sitemap, CATALOG_TAGS.search];
  if (!id) {
    const [created] = await tx.insert(table).values(values as never).returning({ id: table.id });
    if (!created) throw new NotFound();
    await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity, entityId: created.id, action: `${entity}.create`, changes: changedFields({}, values) });
    return { id: created.id, tags: [...pageTags(values.slug), ...shared] };
  }
  const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  if (!before) throw new NotFound();
  await tx.update(table).set(values as never).where(eq(table.id, id));
  await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity, entityId: id, action: `${entity}.update`, changes: changedFields(before as Record<string, unknown>, values) });
  const oldSlug = (before as { slug: string }).slug;
  const showing = await pagesShowingPlace(tx, entity, id);
  return { id, tags: [...new Set([...pageTags(oldSlug), ...pageTags(values.slug), ...showing, ...shared])] };
}

function tourValues(input: TourInput) {
  return {
    slug: input.slug,
    cityId: input.cityId,
    title: { en: input.titleEn, ru: input.titleRu },
    summary: { en: input.summaryEn, ru: input.summaryRu },
    description: { en: input.descriptionEn, ru: input.descriptionRu },
    terms: { en: input.termsEn, ru: input.termsRu },
    notesToAgents: input.notesEn || input.notesRu ? { en: input.notesEn, ru: input.notesRu } : null,
    itinerary: input.itinerary,
    faq: input.faq,
    videoUrl: input.videoUrl || null,
    durationMinutes: input.durationMinutes,
    inclusions: input.inclusions,
    exclusions: input.exclusions,
    languages: input.languages,
    accessibility: input.accessibilityEn ? { en: input.accessibilityEn, ru: input.accessibilityRu } : null,
    meetingPoint:
      input.meetingNameEn && input.meetingLatitude !== null && input.meetingLongitude !== null
        ? { name: { en: input.meetingNameEn, ru: input.meetingNameRu }, latitude: input.meetingLatitude, longitude: input.meetingLongitude, mapImage: input.meetingMapImage || null }
        : null,
    isFeatured: input.isFeatured,
    isActive: input.isActive,
  };
}

/** Creates or edits a tour; the pages that showed it and the pages that show it now are expired. */
export async function saveTour(db: Database, staff: StaffPrincipal, input: TourInput): Promise<CatalogChange> {
  const values = tourValues(input);
  try {
    return await db.transaction(async (tx) => {
      const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, input.cityId));
      if (!city) throw new RuleViolation('errors.validation', {}, 'cityId');
      const [taken] = await tx.select({ id: tours.id }).from(tours).where(and(eq(tours.slug, input.slug), input.id ? ne(tours.id, input.id) : undefined));
      if (taken) throw new RuleViolation('opsCatalog.errors.slugTaken', {}, 'slug');
      if (input.categoryIds.length > 0) {
        const known = await tx.select({ id: categories.id }).from(categories);
        const ids = new Set(known.map((row) => row.id));
        if (input.categoryIds.some((categoryId) => !ids.has(categoryId))) throw new RuleViolation('errors.validation', {}, 'categoryIds');
      }
      // A new tour's id is chosen here, so an uploaded map picture is kept under its tour's folder.
      const folder = input.id ?? randomUUID();
      // An uploaded map picture is checked by its content and stored; its address replaces a typed one.
      if (input.meetingMapFile && values.meetingPoint) {
        const file = await saveCatalogImage(tx, { file: input.meetingMapFile, staffId: staff.staffId, folder, field: 'meetingMapFile' });
        values.meetingPoint = { ...values.meetingPoint, mapImage: catalogImageUrl(file.id) };
      }
      let tourId = input.id;
      let tagsBefore: string[] = [];
      let changes;
      if (!tourId) {
        const [created] = await tx.insert(tours).values({ ...values, id: folder }).returning({ id: tours.id });
        if (!created) throw new NotFound();
        tourId = created.id;
        changes = changedFields({}, { ...values, categoryIds: input.categoryIds });
      } else {
        const [before] = await tx.select().from(tours).where(eq(tours.id, tourId)).for('update');
        if (!before) throw new NotFound();
        const placementBefore = await placementOf(tx, tourId);
        tagsBefore = placementBefore ? catalogTagsForTour(placementBefore) : [];
        const categoriesBefore = await tx.select({ id: tourCategories.categoryId }).from(tourCategories).where(eq(tourCategories.tourId, tourId));
        await tx.update(tours).set({ ...values, updatedAt: new Date() }).where(eq(tours.id, tourId));
        await tx.delete(tourCategories).where(eq(tourCategories.tourId, tourId));
        changes = changedFields(
          { ...before, categoryIds: categoriesBefore.map((row) => row.id).sort() } as Record<string, unknown>,
          { ...values, categoryIds: [...input.categoryIds].sort() },
        );
      }
      if (input.categoryIds.length > 0) await tx.insert(tourCategories).values([...new Set(input.categoryIds)].map((categoryId) => ({ tourId: tourId!, categoryId })));
      await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'tour', entityId: tourId, action: input.id ? 'tour.update' : 'tour.create', changes });
      const placement = await placementOf(tx, tourId);
      return { id: tourId, tags: [...new Set([...tagsBefore, ...(placement ? catalogTagsForTour(placement) : [])])] };
    });
  } catch (error) {
    if (slugTaken(error)) throw new RuleViolation('opsCatalog.errors.slugTaken', {}, 'slug');
    throw error;
  }
}

function offerValues(input: OfferInput) {
  const perTrip = input.b2bTrip !== null;
  return {
    name: { en: input.nameEn, ru: input.nameRu },
    description: { en: input.descriptionEn, ru: input.descriptionRu },
    pricePerAdult: perTrip ? null : input.b2bAdult,
    pricePerChild: perTrip ? null : input.b2bChild,
    pricePerTrip: perTrip ? input.b2bTrip : null,
    recPricePerAdult: perTrip ? null : input.retailAdult,
    recPricePerChild: perTrip ? null : input.retailChild,
    recPricePerTrip: perTrip ? input.retailTrip : null,
    stockMode: input.stockMode,
    availabilityType: input.availabilityType,
    hasLiveAvailability: input.hasLiveAvailability,
    cutOffHours: input.cutOffHours,
    minPeople: input.minPeople,
    pickUp: input.pickUp,
    cancellationPolicy: input.cancellationPolicy === 'custom' ? undefined : { kind: input.cancellationPolicy },
    isActive: input.isActive,
  } as const;
}

/** Creates or edits an offer of a tour; the tour's own page and its lists show its prices. */
export async function saveOffer(db: Database, staff: StaffPrincipal, input: OfferInput): Promise<CatalogChange> {
  const values = offerValues(input);
  return db.transaction(async (tx) => {
    const [tour] = await tx.select({ id: tours.id }).from(tours).where(eq(tours.id, input.tourId)).for('update');
    if (!tour) throw new NotFound();
    let offerId = input.id;
    if (!offerId) {
      if (input.cancellationPolicy === 'custom') throw new RuleViolation('errors.validation', {}, 'cancellationPolicy');
      const [last] = await tx.select({ position: max(offers.position) }).from(offers).where(eq(offers.tourId, tour.id));
      const [created] = await tx
        .insert(offers)
        .values({ ...values, cancellationPolicy: values.cancellationPolicy ?? { kind: 'standard' }, tourId: tour.id, position: (last?.position ?? -1) + 1 })
        .returning({ id: offers.id });
      if (!created) throw new NotFound();
      offerId = created.id;
      await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'offer', entityId: offerId, action: 'offer.create', changes: changedFields({}, values) });
    } else {
      const [before] = await tx.select().from(offers).where(and(eq(offers.id, offerId), eq(offers.tourId, tour.id))).for('update');
      if (!before) throw new NotFound();
      if (input.cancellationPolicy === 'custom' && before.cancellationPolicy.kind !== 'custom') throw new RuleViolation('errors.validation', {}, 'cancellationPolicy');
      await tx.update(offers).set(values).where(eq(offers.id, offerId));
      await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'offer', entityId: offerId, action: 'offer.update', changes: changedFields(before as Record<string, unknown>, values) });
    }
    // The sitemap's lastmod of the tour follows its offers too.
    await tx.update(tours).set({ updatedAt: new Date() }).where(eq(tours.id, tour.id));
    const placement = await placementOf(tx, tour.id);
    return { id: offerId, tags: placement ? catalogTagsForTour(placement) : [] };
  });
}

/** Creates or edits a promo code. Checkout reads codes live, so no page is expired. */
export async function savePromo(db: Database, staff: StaffPrincipal, input: PromoInput): Promise<CatalogChange> {
  const values = { code: input.code, percentOff: input.percentOff, validFrom: input.validFrom, validUntil: input.validUntil, maxUses: input.maxUses, isActive: input.isActive };
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: promoCodes.id }).from(promoCodes).where(and(eq(promoCodes.code, input.code), input.id ? ne(promoCodes.id, input.id) : undefined));
      if (taken) throw new RuleViolation('opsCatalog.errors.codeTaken', {}, 'code');
      if (!input.id) {
        const [created] = await tx.insert(promoCodes).values(values).returning({ id: promoCodes.id });
        if (!created) throw new NotFound();
        await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'promo', entityId: created.id, action: 'promo.create', changes: changedFields({}, values) });
        return { id: created.id, tags: [] };
      }
      const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, input.id)).for('update');
      if (!before) throw new NotFound();
      await tx.update(promoCodes).set(values).where(eq(promoCodes.id, input.id));
      await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'promo', entityId: input.id, action: 'promo.update', changes: changedFields(before as Record<string, unknown>, values) });
      return { id: input.id, tags: [] };
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new RuleViolation('opsCatalog.errors.codeTaken', {}, 'code');
    throw error;
  }
}
