import 'server-only';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { preparedPerDatabase } from '@/server/db/prepared';
import { availabilitySlots, offers, tours, type LocalizedText } from '@/server/db/schema';
import type { Locale } from '@/i18n/locales';
import { offerPriceColumns } from '@/server/catalog/offer-price-columns';
import { dubaiToday } from '@/shared/availability/rules';
import type { OfferPrices } from '@/shared/catalog/prices';
import type { StockMode } from '@/shared/availability/rules';
import { invalidId } from './octo-errors';
import { OCTO_UNITS, type OctoUnitId, octoPricing, unitPrice } from './octo-pricing';

// Our catalogue as OCTO products (docs/octo-api.md#mapping): a tour is a product, each of its
// offers an option, adult/child/infant the units. Only what a reseller can book at once is
// served: active offers of active tours with live availability, priced per person, of our own
// inventory, without a hotel pick-up they would have to choose.

export type OctoOfferRow = {
  tourId: string;
  tourSlug: string;
  tourTitle: LocalizedText;
  tourSummary: LocalizedText;
  durationMinutes: number;
  offerId: string;
  offerName: LocalizedText;
  offerDescription: LocalizedText;
  availabilityType: 'start_time' | 'opening_hours';
  stockMode: StockMode;
  minPeople: number;
  cutOffHours: number;
  currency: string;
  b2b: OfferPrices;
  retail: OfferPrices;
  /** The offer's start times in the coming days, ascending. */
  startTimes: string[];
};

/** The offers a reseller may book over OCTO (see above), as a condition on `offers` joined with `tours`. */
export function resellableOffer(): SQL {
  return and(
    eq(offers.isActive, true),
    eq(tours.isActive, true),
    eq(offers.hasLiveAvailability, true),
    isNull(offers.supplierId),
    isNull(offers.pricePerTrip),
    sql`${offers.pickUp} <> 'included'`,
  ) as SQL;
}

/** Days ahead whose slots name an option's start times. */
const START_TIMES_DAYS = 60;

/** An offer's columns as OCTO's option needs them (prices, stock, type, the tour's duration). */
export const octoOfferColumns = {
  tourId: tours.id,
  tourSlug: tours.slug,
  tourTitle: tours.title,
  tourSummary: tours.summary,
  durationMinutes: tours.durationMinutes,
  offerId: offers.id,
  offerName: offers.name,
  offerDescription: offers.description,
  availabilityType: offers.availabilityType,
  stockMode: offers.stockMode,
  minPeople: offers.minPeople,
  cutOffHours: offers.cutOffHours,
  currency: offers.currency,
  ...offerPriceColumns,
};

/**
 * One resellable offer by id, prepared once per database: every availability call and reservation
 * names its option, and building the query each time cost more than running it.
 */
const resellableOfferById = preparedPerDatabase((db) =>
  db
    .select(octoOfferColumns)
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(and(eq(offers.id, sql.placeholder('offerId')), resellableOffer()))
    .prepare('octo_option'),
);

/** The resellable option `optionId` of product `productId`, or null (which of the two is unknown is the caller's question). */
export async function loadOctoOption(db: Database, productId: string, optionId: string): Promise<OctoOfferRow | null> {
  if (!isUuid(optionId) || !isUuid(productId)) return null;
  const [row] = await resellableOfferById(db).execute({ offerId: optionId.toLowerCase() });
  return row && row.tourId === productId.toLowerCase() ? { ...row, startTimes: [] } : null;
}

/** The resellable offers (of one tour, or one offer); `startTimes` only when asked (the products list). */
export async function loadOctoOffers(db: Database, where: { tourId?: string; offerId?: string }, now: Date, options: { startTimes?: boolean } = {}): Promise<OctoOfferRow[]> {
  const today = dubaiToday(now);
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + START_TIMES_DAYS * 86_400_000).toISOString().slice(0, 10);
  const startTimes = !options.startTimes ? sql<string[] | null>`null` : sql<string[] | null>`(
    select json_agg(distinct ${availabilitySlots.startTime}) from ${availabilitySlots}
    where ${availabilitySlots.offerId} = ${offers.id} and ${availabilitySlots.date} between ${today} and ${until}
  )`;
  const rows = await db
    .select({ ...octoOfferColumns, startTimes })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(
      and(
        resellableOffer(),
        where.tourId === undefined ? undefined : eq(tours.id, where.tourId),
        where.offerId === undefined ? undefined : eq(offers.id, where.offerId),
      ),
    )
    .orderBy(asc(tours.slug), asc(offers.position), asc(offers.id));
  return rows.map((row) => ({ ...row, startTimes: [...(row.startTimes ?? [])].sort() }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** OCTO's product of a tour and its resellable offers (in `octoOffers` order). */
export function octoProduct(offersOfTour: OctoOfferRow[], locale: Locale, pricing: boolean) {
  const [first] = offersOfTour;
  if (!first) throw new Error('A product needs an option');
  // A tour mixing both kinds is served as START_TIME: an opening-hours option's one slot a day
  // starts at the day's opening time, which a start-time client books like any other.
  const availabilityType = offersOfTour.every((offer) => offer.availabilityType === 'opening_hours') ? 'OPENING_HOURS' : 'START_TIME';
  return {
    id: first.tourId,
    internalName: first.tourTitle.en,
    reference: first.tourSlug,
    locale,
    timeZone: 'Asia/Dubai',
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType,
    deliveryFormats: ['PDF_URL'],
    deliveryMethods: ['VOUCHER'],
    redemptionMethod: 'DIGITAL',
    options: offersOfTour.map((offer, index) => octoOption(offer, index === 0, locale, pricing)),
    title: first.tourTitle[locale],
    shortDescription: first.tourSummary[locale],
    ...(pricing ? { defaultCurrency: first.currency, availableCurrencies: [first.currency], pricingPer: 'UNIT' } : {}),
  };
}

function octoOption(offer: OctoOfferRow, isDefault: boolean, locale: Locale, pricing: boolean) {
  return {
    id: offer.offerId,
    default: isDefault,
    internalName: offer.offerName.en,
    reference: null,
    // OCTO asks for at least one; an option with no slots in the coming days names midnight.
    availabilityLocalStartTimes: offer.startTimes.length > 0 ? offer.startTimes : ['00:00'],
    // Our refund tiers run up to the start (docs/bookings.md): a booking can be cancelled until then.
    cancellationCutoff: '0 hours',
    cancellationCutoffAmount: 0,
    cancellationCutoffUnit: 'hour',
    requiredContactFields: ['firstName', 'lastName', 'emailAddress', 'phoneNumber'],
    restrictions: { minUnits: offer.minPeople, maxUnits: null },
    units: OCTO_UNITS.map((unit) => octoUnit(offer, unit, pricing)),
    title: offer.offerName[locale],
    shortDescription: offer.offerDescription[locale] || null,
    ...(pricing ? { pricingFrom: [octoPricing(offer, { adults: 1, children: 0, infants: 0 })] } : {}),
  };
}

const UNIT_RULES: Record<OctoUnitId, { type: 'ADULT' | 'CHILD' | 'INFANT'; minAge: number; maxAge: number; accompaniedBy: string[] }> = {
  adult: { type: 'ADULT', minAge: 12, maxAge: 99, accompaniedBy: [] },
  child: { type: 'CHILD', minAge: 2, maxAge: 11, accompaniedBy: ['adult'] },
  infant: { type: 'INFANT', minAge: 0, maxAge: 1, accompaniedBy: ['adult'] },
};

function octoUnit(offer: OctoOfferRow, unit: OctoUnitId, pricing: boolean) {
  const rules = UNIT_RULES[unit];
  return {
    id: unit,
    internalName: unit,
    reference: null,
    type: rules.type,
    restrictions: { minAge: rules.minAge, maxAge: rules.maxAge, idRequired: false, minQuantity: null, maxQuantity: null, paxCount: 1, accompaniedBy: rules.accompaniedBy },
    requiredContactFields: [],
    ...(pricing ? { pricingFrom: [unitPrice(offer, unit)] } : {}),
  };
}


/** GET /products: every tour with a resellable offer, as OCTO products. */
export async function octoProducts(db: Database, locale: Locale, pricing: boolean, now = new Date()) {
  const byTour = new Map<string, OctoOfferRow[]>();
  for (const offer of await loadOctoOffers(db, {}, now, { startTimes: true })) byTour.set(offer.tourId, [...(byTour.get(offer.tourId) ?? []), offer]);
  return [...byTour.values()].map((offersOfTour) => octoProduct(offersOfTour, locale, pricing));
}

/** GET /products/:id: one product, or OCTO's INVALID_PRODUCT_ID. */
export async function octoProductById(db: Database, id: string, locale: Locale, pricing: boolean, now = new Date()) {
  const offersOfTour = isUuid(id) ? await loadOctoOffers(db, { tourId: id.toLowerCase() }, now, { startTimes: true }) : [];
  if (offersOfTour.length === 0) throw invalidId('INVALID_PRODUCT_ID', id);
  return octoProduct(offersOfTour, locale, pricing);
}

/** GET /supplier: the portal itself, as the supplier of its own inventory. */
export function octoSupplier(origin: string) {
  return {
    id: 'traveldesk',
    name: 'Traveldesk B2B',
    endpoint: `${origin}/api/octo`,
    contact: { website: origin, email: null, telephone: null, address: null },
    shortDescription: 'Tours and attraction tickets in the UAE at agency (NET) rates',
  };
}

/** GET /capabilities: what we serve besides OCTO's core. */
export function octoCapabilities() {
  return [{ id: 'octo/pricing', revision: 1, required: false, dependencies: [], docs: null }];
}
