import 'server-only';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { revalidateTag, unstable_cache } from 'next/cache';
import { cache } from 'react';
import type { Locale } from '@/i18n/locales';
import { CATALOG_REVALIDATE_SECONDS, CATALOG_TAGS } from '@/server/catalog/tags';
import type { Database } from '@/server/db/connection';
import { purgeChangedPages } from '@/server/edge-cache/edge-purge';
import { getDb } from '@/server/db/database';
import {
  agencies,
  offers,
  photos,
  tours,
  type WidgetContacts,
  type WidgetLink,
  widgetOffers,
  type WidgetReservationContacts,
  widgets,
} from '@/server/db/schema';
import { getDisplayRates, loadSettings } from '@/server/settings/settings';
import type { OfferPrices } from '@/shared/catalog/prices';
import { type Currency, type ExchangeRates, isCurrency } from '@/shared/money/money';
import { publicImageUrl } from '@/shared/files/file-purpose';
import { hostName } from '@/shared/sites/site-variants';
import { guestPrices, keepsMinimumMargin, priceKindsOf } from '@/shared/widgets/widget-pricing';
import { HOST_NAME, offersShownFor, SITE_WIDGET_TYPES, type WidgetType } from '@/shared/widgets/widget-schema';
import { widgetHostTag, widgetTag } from '../widget-tags';

// A widget's site on its verified domain: what the site's pages, sitemap and robots
// show, read once per host and cached. Its list of offers is the embed's too (server/widgets/embeds). Only the guest's prices leave this module: the sale prices
// after the widget's discount; the b2b cost is read to leave out an offer it no longer covers,
// and never returned.

export type WidgetSiteType = 'single_tour' | 'multi_tour' | 'offers_only';

export type WidgetSiteOffer = {
  offerId: string;
  /** The offer's name in the site's language. */
  name: string;
  tourSlug: string;
  tourTitle: string;
  tourSummary: string;
  durationMinutes: number;
  /** The tour photo at the offer's position, else the tour's first (spec §3), or null. */
  photoUrl: string | null;
  /** What the guest pays: the sale prices after the discount, AED fils; null where not sold so. */
  prices: OfferPrices;
};

export type WidgetSite = {
  id: string;
  agencyId: string;
  /** The verified domain the site is served on. */
  domain: string;
  name: string;
  type: WidgetSiteType;
  locale: Locale;
  currency: Currency;
  /** The rouble rate for a site showing roubles, read with the site (DESIGN.md: RUB from the operator's rate). */
  rates: ExchangeRates | null;
  offersTitle: string;
  footerText: string;
  metaTitle: string;
  metaDescription: string;
  noIndex: boolean;
  /** The agency's Google Ads conversion action, reported on the booking result page; '' for none. */
  conversionActionId: string;
  /** Null when the agency turned the video off or gave none. */
  heroVideoUrl: string | null;
  heroImageUrl: string | null;
  logoUrls: string[];
  contacts: WidgetContacts;
  reservationContacts: WidgetReservationContacts;
  partners: WidgetLink[];
  socials: WidgetLink[];
  /** In the agency's order. */
  offers: WidgetSiteOffer[];
};

function isSiteType(type: WidgetType): type is WidgetSiteType {
  return SITE_WIDGET_TYPES.includes(type);
}

/** A widget served as a site: verified domain, not deleted, a site type, of an agency the operator keeps open. */
const servedWidget = and(
  eq(widgets.domainStatus, 'verified'),
  isNull(widgets.deletedAt),
  inArray(widgets.type, [...SITE_WIDGET_TYPES]),
  eq(agencies.status, 'active'),
);

/** The widget serving `domain` (lower case, no port), or null. */
export async function findSiteWidgetId(db: Database, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ id: widgets.id })
    .from(widgets)
    .innerJoin(agencies, eq(agencies.id, widgets.agencyId))
    .where(and(eq(widgets.domain, domain), servedWidget))
    .limit(1);
  return row?.id ?? null;
}

/** The newest widget of the agency served as a site that sells offers of the tour, or null. */
export async function findAgencyWidgetSellingTour(db: Database, agencyId: string, tourSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: widgets.id })
    .from(widgets)
    .innerJoin(agencies, eq(agencies.id, widgets.agencyId))
    .innerJoin(widgetOffers, eq(widgetOffers.widgetId, widgets.id))
    .innerJoin(offers, eq(offers.id, widgetOffers.offerId))
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(and(eq(widgets.agencyId, agencyId), servedWidget, eq(tours.slug, tourSlug), eq(tours.isActive, true), eq(offers.isActive, true)))
    .orderBy(desc(widgets.updatedAt), asc(widgets.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The guest's prices of a widget offer, or null when the offer cannot be sold as stored: a price
 * missing for a kind the b2b sheet has, or one the discount takes under the 5% margin over a cost
 * the operator raised after the agency priced it (spec §5). Such an offer is left off the site
 * until the agency prices it again.
 */
function sellablePrices(sale: OfferPrices, cost: OfferPrices, discountPercent: number): OfferPrices | null {
  const kinds = priceKindsOf(cost);
  if (kinds.length === 0) return null;
  const sold: OfferPrices = { adult: null, child: null, trip: null };
  for (const kind of kinds) {
    const price = sale[kind];
    if (price === null || !keepsMinimumMargin(price, cost[kind]!, discountPercent)) return null;
    sold[kind] = price;
  }
  return guestPrices(sold, discountPercent);
}

/**
 * A widget's offers as its guests see them, in the agency's order: live offers of live tours that
 * it can still sell (see `sellablePrices`), named in `language`. Its site and its embed both show these.
 */
export async function loadWidgetOffers(db: Database, widget: { id: string; discountPercent: number }, language: Locale): Promise<WidgetSiteOffer[]> {
  const offerRows = await db
    .select({
      offerId: offers.id,
      offerPosition: offers.position,
      name: offers.name,
      saleAdult: widgetOffers.saleAdultMinor,
      saleChild: widgetOffers.saleChildMinor,
      saleTrip: widgetOffers.saleTripMinor,
      costAdult: offers.pricePerAdult,
      costChild: offers.pricePerChild,
      costTrip: offers.pricePerTrip,
      tourId: tours.id,
      tourSlug: tours.slug,
      tourTitle: tours.title,
      tourSummary: tours.summary,
      durationMinutes: tours.durationMinutes,
    })
    .from(widgetOffers)
    .innerJoin(offers, eq(offers.id, widgetOffers.offerId))
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .where(and(eq(widgetOffers.widgetId, widget.id), eq(offers.isActive, true), eq(tours.isActive, true)))
    .orderBy(asc(widgetOffers.position));
  const tourIds = [...new Set(offerRows.map((row) => row.tourId))];
  const photoRows =
    tourIds.length > 0
      ? await db.select({ tourId: photos.tourId, position: photos.position, url: photos.url }).from(photos).where(inArray(photos.tourId, tourIds)).orderBy(asc(photos.position))
      : [];

  return offerRows.flatMap((row): WidgetSiteOffer[] => {
    const sale = { adult: row.saleAdult, child: row.saleChild, trip: row.saleTrip };
    const prices = sellablePrices(sale, { adult: row.costAdult, child: row.costChild, trip: row.costTrip }, widget.discountPercent);
    if (!prices) return [];
    const tourPhotos = photoRows.filter((photo) => photo.tourId === row.tourId);
    return [
      {
        offerId: row.offerId,
        name: row.name[language],
        tourSlug: row.tourSlug,
        tourTitle: row.tourTitle[language],
        tourSummary: row.tourSummary[language],
        durationMinutes: row.durationMinutes,
        photoUrl: (tourPhotos.find((photo) => photo.position === row.offerPosition) ?? tourPhotos[0])?.url ?? null,
        prices,
      },
    ];
  });
}

/** The rouble rate a widget showing roubles needs, read with it (DESIGN.md: RUB from the operator's rate); null for other currencies. */
export async function loadWidgetRates(db: Database, currency: Currency): Promise<ExchangeRates | null> {
  if (currency !== 'RUB') return null;
  const settings = await loadSettings(db);
  return { rubPerAed: settings.rubPerAed };
}

/**
 * A served widget's site (see `servedWidget`), read from the database; null if it is not served.
 * Tour and offer names are in the site's language, or in `language` when one is asked for.
 */
export async function loadSiteWidget(db: Database, id: string, { language }: { language?: Locale } = {}): Promise<WidgetSite | null> {
  const [widget] = await db
    .select({
      id: widgets.id,
      agencyId: widgets.agencyId,
      domain: widgets.domain,
      name: widgets.name,
      type: widgets.type,
      locale: widgets.locale,
      currency: widgets.currency,
      offersTitle: widgets.offersTitle,
      footerText: widgets.footerText,
      metaTitle: widgets.metaTitle,
      metaDescription: widgets.metaDescription,
      noIndex: widgets.noIndex,
      conversionActionId: widgets.conversionActionId,
      heroVideoUrl: widgets.heroVideoUrl,
      heroVideoDisabled: widgets.heroVideoDisabled,
      heroImageFileId: widgets.heroImageFileId,
      logoFileIds: widgets.logoFileIds,
      contacts: widgets.contacts,
      reservationContacts: widgets.reservationContacts,
      partners: widgets.partners,
      socials: widgets.socials,
      discountPercent: widgets.discountPercent,
    })
    .from(widgets)
    .innerJoin(agencies, eq(agencies.id, widgets.agencyId))
    .where(and(eq(widgets.id, id), servedWidget))
    .limit(1);
  if (!widget || widget.domain === null || !isSiteType(widget.type)) return null;
  const locale = widget.locale;
  const currency = isCurrency(widget.currency) ? widget.currency : 'AED';
  const [siteOffers, rates] = await Promise.all([loadWidgetOffers(db, widget, language ?? locale), loadWidgetRates(db, currency)]);

  return {
    id: widget.id,
    agencyId: widget.agencyId,
    domain: widget.domain,
    name: widget.name,
    type: widget.type,
    locale,
    currency,
    rates,
    offersTitle: widget.offersTitle,
    footerText: widget.footerText,
    metaTitle: widget.metaTitle,
    metaDescription: widget.metaDescription,
    noIndex: widget.noIndex,
    conversionActionId: widget.conversionActionId,
    heroVideoUrl: widget.heroVideoDisabled || widget.heroVideoUrl === '' ? null : widget.heroVideoUrl,
    heroImageUrl: widget.heroImageFileId ? publicImageUrl(widget.heroImageFileId) : null,
    logoUrls: widget.logoFileIds.map(publicImageUrl),
    contacts: widget.contacts,
    reservationContacts: widget.reservationContacts,
    partners: widget.partners,
    socials: widget.socials,
    offers: offersShownFor(widget.type, siteOffers),
  };
}

/** The name a Host header gives, if it can be a widget's domain at all (no query for anything else). */
export function widgetDomainOf(host: string): string | null {
  const name = hostName(host);
  return name !== null && HOST_NAME.test(name) ? name : null;
}

/** The site served on `host`, read from the database (what `loadWidgetSite` caches). */
export async function loadWidgetSiteFrom(db: Database, host: string): Promise<WidgetSite | null> {
  const domain = widgetDomainOf(host);
  const id = domain && (await findSiteWidgetId(db, domain));
  return id ? loadSiteWidget(db, id) : null;
}

// Two cached reads: host → widget, tagged by the host (a domain verified, changed or removed
// revalidates it, even for a host no widget served yet), and widget → site, tagged by the widget
// (the editor's save) and by the catalogue's sitemap tag, which every tour, offer and photo change
// expires (server/catalog/catalog-changes.ts): the one tag covering any tour a widget sells.
// A page rendering them carries their tags, so expiring them renews the cached page too.

function cachedSiteWidgetId(domain: string): Promise<string | null> {
  return unstable_cache(async () => findSiteWidgetId(await getDb(), domain), ['widget-site-host', domain], {
    tags: [widgetHostTag(domain)],
    revalidate: CATALOG_REVALIDATE_SECONDS,
  })();
}

function cachedSiteWidget(id: string): Promise<WidgetSite | null> {
  return unstable_cache(async () => loadSiteWidget(await getDb(), id), ['widget-site', id], {
    tags: [widgetTag(id), CATALOG_TAGS.sitemap],
    revalidate: CATALOG_REVALIDATE_SECONDS,
  })();
}

/**
 * The site served on `host` (a Host header's value), or null for a host no served widget has:
 * from the cache, once per request however many components ask.
 */
export const loadWidgetSite = cache(async (host: string): Promise<WidgetSite | null> => {
  const domain = widgetDomainOf(host);
  if (!domain) return null;
  const id = await cachedSiteWidgetId(domain);
  if (!id) return null;
  const site = await cachedSiteWidget(id);
  // The two reads are renewed apart: a widget whose domain has just changed serves only its new one.
  if (site?.domain !== domain) return null;
  // A rouble site's rate through its own tagged read, so a new rate expires only the rouble sites.
  return site.currency === 'RUB' ? { ...site, rates: await getDisplayRates() } : site;
});

/**
 * Renews a widget's site after a change (the editor's save, a delete, a domain verified): its
 * content, and what its domain serves. Pass the domain it had before a change of domain too.
 * Expired at once, not served stale: a deleted widget's site must go, from the shared caches in
 * front too (server/edge-cache).
 */
export function revalidateWidget(widget: { id: string; domain: string | null; previousDomain?: string | null }): void {
  const tags = widgetCacheTags(widget);
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  void purgeChangedPages(tags);
}

/** The tags `revalidateWidget` expires, for an action that declares them (server/actions/run-action.ts). */
export function widgetCacheTags(widget: { id: string; domain: string | null; previousDomain?: string | null }): string[] {
  const domains = [widget.domain, widget.previousDomain].filter((domain): domain is string => Boolean(domain));
  return [widgetTag(widget.id), ...[...new Set(domains)].map(widgetHostTag)];
}
