// The widget editor's form (spec §2 editor, §3 "Widget", §5 rules), shared by the editor's
// react-hook-form resolver and the save action. Pure. Prices are typed in AED and kept in fils;
// the minimum-price rule needs each offer's b2b cost, so the schema is built for a catalogue of
// offers (the editor from its props, the server from the database). Messages are `widgets.errors.*` keys.
import { z } from 'zod';
import { LOCALES } from '@/i18n/locales';
import { CURRENCIES } from '@/shared/money/money';
import type { OfferPrices } from '@/shared/catalog/prices';
import { text } from '@/shared/text';
import { CONVERSION_ACTION_ID } from './ads-conversion';
import { keepsMinimumMargin, MAX_DISCOUNT_PERCENT, priceKindsOf, type PriceKind } from './widget-pricing';

export const WIDGET_TYPES = ['single_tour', 'multi_tour', 'offers_only', 'embedded', 'multi_tour_embedded'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
/** Spec §4: a domain is pending until its DNS records are found, then verified or failed. */
export const WIDGET_DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type WidgetDomainStatus = (typeof WIDGET_DOMAIN_STATUSES)[number];
/** Types served as a site on the agency's domain; the others are framed on the agency's own pages. */
export const SITE_WIDGET_TYPES: readonly WidgetType[] = ['single_tour', 'multi_tour', 'offers_only'];
export const EMBED_WIDGET_TYPES: readonly WidgetType[] = ['embedded', 'multi_tour_embedded'];
/** Types that sell one tour: a site about that tour, or an embed of its tickets. */
export const SINGLE_TOUR_WIDGET_TYPES: readonly WidgetType[] = ['single_tour', 'embedded'];

export function isSingleTourType(type: WidgetType): boolean {
  return SINGLE_TOUR_WIDGET_TYPES.includes(type);
}

/**
 * What a widget of `type` shows of its offers (in the agency's order): a single-tour type the
 * offers of its first tour only, so a widget saved with several tours before its type was
 * narrowed still behaves as one tour; the other types all of them.
 */
export function offersShownFor<T extends { tourSlug: string }>(type: WidgetType, offers: readonly T[]): T[] {
  if (!isSingleTourType(type) || offers.length === 0) return [...offers];
  const tour = offers[0]!.tourSlug;
  return offers.filter((offer) => offer.tourSlug === tour);
}
export const MAX_WIDGET_OFFERS = 50;
export const MAX_WIDGET_LINKS = 10;

const line = (max: number) => text().max(max, 'widgets.errors.tooLong');
const required = (max: number) => line(max).min(1, 'widgets.errors.required');
/** Empty, or a value passing `check`. */
const optional = (max: number, check: (value: string) => boolean, error: string) =>
  line(max).refine((value) => value === '' || check(value), { error });

const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;
const isEmail = (value: string) => z.email().safeParse(value).success;
/** Links on a public site go to secure pages only: no `javascript:`, no plain http. */
const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
/** A host name with at least two labels, lower case, no port or path (`tours.example.com`). */
export const HOST_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const WIDGET_CONTACT_FIELDS = ['company', 'address', 'email', 'telegram', 'phone', 'mapLink', 'whatsApp', 'viber'] as const;

const contactsSchema = z.object({
  company: line(200),
  address: optional(500, () => true, 'widgets.errors.tooLong'),
  email: optional(254, isEmail, 'widgets.errors.email'),
  telegram: optional(100, (value) => /^@?[A-Za-z0-9_]{5,32}$/.test(value) || isHttpsUrl(value), 'widgets.errors.telegram'),
  phone: optional(30, (value) => PHONE.test(value), 'widgets.errors.phone'),
  mapLink: optional(500, isHttpsUrl, 'widgets.errors.url'),
  whatsApp: optional(30, (value) => PHONE.test(value), 'widgets.errors.phone'),
  viber: optional(30, (value) => PHONE.test(value), 'widgets.errors.phone'),
});

const reservationSchema = z.object({
  name: line(100),
  phone: optional(30, (value) => PHONE.test(value), 'widgets.errors.phone'),
  email: optional(254, isEmail, 'widgets.errors.email'),
});

const linkSchema = z.object({ name: required(100), url: required(500).refine(isHttpsUrl, { error: 'widgets.errors.url' }) });

/** An amount typed in AED ("105" or "105.50"), kept in fils; empty means not sold at that kind. */
const aedAmount = line(12)
  .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, 'widgets.errors.price')
  .transform((value) => (value === '' ? null : Math.round(Number(value) * 100)));

export const widgetOfferSchema = z.object({
  offerId: z.uuid('widgets.errors.offerUnavailable'),
  saleAdult: aedAmount,
  saleChild: aedAmount,
  saleTrip: aedAmount,
});

const SALE_FIELD: Record<PriceKind, 'saleAdult' | 'saleChild' | 'saleTrip'> = { adult: 'saleAdult', child: 'saleChild', trip: 'saleTrip' };

const baseSchema = z.object({
  name: required(100),
  type: z.enum(WIDGET_TYPES, 'widgets.errors.required'),
  currency: z.enum(CURRENCIES, 'widgets.errors.required'),
  locale: z.enum(LOCALES, 'widgets.errors.required'),
  offersTitle: line(120),
  footerText: text({ multiLine: true }).max(1000, 'widgets.errors.tooLong'),
  metaTitle: line(70),
  metaDescription: line(160),
  noIndex: z.boolean(),
  conversionActionId: optional(100, (value) => CONVERSION_ACTION_ID.test(value), 'widgets.errors.conversionActionId'),
  heroVideoUrl: optional(500, isHttpsUrl, 'widgets.errors.url'),
  heroVideoDisabled: z.boolean(),
  contacts: contactsSchema,
  reservationContacts: reservationSchema,
  partners: z.array(linkSchema).max(MAX_WIDGET_LINKS, 'widgets.errors.tooMany'),
  socials: z.array(linkSchema).max(MAX_WIDGET_LINKS, 'widgets.errors.tooMany'),
  domain: line(253)
    .transform((value) => value.toLowerCase().replace(/\.$/, ''))
    .refine((value) => value === '' || HOST_NAME.test(value), { error: 'widgets.errors.domain' }),
  discountPercent: line(3)
    .regex(/^\d{1,2}$/, 'widgets.errors.discount')
    .transform(Number)
    .refine((value) => value <= MAX_DISCOUNT_PERCENT, { error: 'widgets.errors.discount' }),
  offers: z.array(widgetOfferSchema).max(MAX_WIDGET_OFFERS, 'widgets.errors.tooMany'),
});

/** What the editor holds: every field as typed. */
export type WidgetFormValues = z.input<typeof baseSchema>;
export type WidgetInput = z.output<typeof baseSchema>;
export type WidgetOfferValues = z.input<typeof widgetOfferSchema>;

/** An offer a widget may sell: its tour and b2b cost, as the editor and the server both know it. */
export type WidgetOfferCost = { tourId: string; b2b: OfferPrices };

/** The form's own checks: what needs no catalogue (the server parses with this first). */
export const widgetFormSchema = baseSchema;

type CatalogueIssue = { path: (string | number)[]; message: string };

/**
 * The rules that need the catalogue of sellable offers: at least one offer (spec §5), each one
 * live and offered once, a single-tour widget's (site or embed) offers from one tour, and every price the offer is
 * sold by given and at least 5% above its cost after the discount.
 */
export function catalogueIssues(widget: WidgetInput, catalogue: ReadonlyMap<string, WidgetOfferCost>): CatalogueIssue[] {
  const issues: CatalogueIssue[] = [];
  if (widget.offers.length === 0) issues.push({ path: ['offers'], message: 'widgets.errors.noOffers' });
  const seen = new Set<string>();
  const tours = new Set<string>();
  widget.offers.forEach((offer, index) => {
    const cost = catalogue.get(offer.offerId);
    if (!cost || seen.has(offer.offerId)) {
      issues.push({ path: ['offers', index, 'offerId'], message: 'widgets.errors.offerUnavailable' });
      return;
    }
    seen.add(offer.offerId);
    tours.add(cost.tourId);
    for (const kind of priceKindsOf(cost.b2b)) {
      const field = SALE_FIELD[kind];
      const sale = offer[field];
      if (sale === null) issues.push({ path: ['offers', index, field], message: 'widgets.errors.required' });
      else if (!keepsMinimumMargin(sale, cost.b2b[kind]!, widget.discountPercent)) {
        issues.push({ path: ['offers', index, field], message: 'widgets.errors.salePriceTooLow' });
      }
    }
  });
  if (isSingleTourType(widget.type) && tours.size > 1) issues.push({ path: ['offers'], message: 'widgets.errors.singleTour' });
  return issues;
}

/** The editor's resolver: the form's checks and the catalogue's, for the offers the editor was given. */
export function widgetSchema(catalogue: ReadonlyMap<string, WidgetOfferCost>) {
  return baseSchema.superRefine((widget, context) => {
    for (const issue of catalogueIssues(widget, catalogue)) context.addIssue({ code: 'custom', ...issue });
  });
}

/** The form of a widget not yet saved. */
export function emptyWidgetValues(locale: (typeof LOCALES)[number]): WidgetFormValues {
  return {
    name: '',
    type: 'multi_tour',
    currency: 'AED',
    locale,
    offersTitle: '',
    footerText: '',
    metaTitle: '',
    metaDescription: '',
    noIndex: false,
    conversionActionId: '',
    heroVideoUrl: '',
    heroVideoDisabled: false,
    contacts: { company: '', address: '', email: '', telegram: '', phone: '', mapLink: '', whatsApp: '', viber: '' },
    reservationContacts: { name: '', phone: '', email: '' },
    partners: [],
    socials: [],
    domain: '',
    discountPercent: '0',
    offers: [],
  };
}

/** A stored amount as the editor shows it ("105.50"); null as an empty field. */
export function aedInput(minor: number | null): string {
  return minor === null ? '' : (minor / 100).toFixed(2);
}
