import { z } from 'zod';
import { PICK_UP_MODES } from '@/shared/bookings/offer-terms';
import { TOUR_LANGUAGES } from '@/shared/catalog/tour-languages';

// The shape of the demo catalogue (catalogue.json), checked when the seed loads it: a typo in a
// slug, a key or a price fails the seed with the path of the mistake instead of seeding bad rows.
//
// The catalogue: UAE emirates plus Musandam (Oman) day trips, in English and Russian. Pictures are
// the procedurally drawn scenes in public/images/demo (scripts/generate-demo-images.mjs), named by
// scene; `scenes` holds each picture's alternative text. Prices are AED fils (AED 150 = 15000).
// Start times are when the tour leaves: for an offer that collects guests in another city
// (`pickUpCity`), the departure from that city.

const localized = z.strictObject({ en: z.string().min(1), ru: z.string().min(1) });
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const key = z.string().min(1);
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const fils = z.number().int().positive();
const percent = z.number().int().min(0).max(100);

/** Agent (b2b) or recommended retail prices: per adult and child, or per trip. */
const prices = z.strictObject({ adult: fils.optional(), child: fils.optional(), trip: fils.optional() });

const cancellationPolicy = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('standard') }),
  z.strictObject({ kind: z.literal('nonRefundable') }),
  z.strictObject({
    kind: z.literal('custom'),
    tiers: z.strictObject({ moreThan48h: percent, between24hAnd48h: percent, lessThan24h: percent }),
  }),
]);

const faqItem = z.strictObject({ question: localized, answer: localized });

const offer = z
  .strictObject({
    name: localized,
    description: localized,
    b2b: prices,
    retail: prices,
    stockMode: z.enum(['shared', 'per_type']).default('shared'),
    /** Without live availability a booking becomes a request. */
    hasLiveAvailability: z.boolean().default(true),
    minPeople: z.number().int().min(1).default(1),
    cutOffHours: z.number().int().min(0).default(6),
    /** When a ticket is used: at its start time, or any time during the day's opening hours (one start time: the opening). */
    availabilityType: z.enum(['start_time', 'opening_hours']).default('start_time'),
    /** `HH:mm`, Asia/Dubai. */
    startTimes: z.array(clockTime).min(1),
    /** Tickets released per start time per day (per pool for `per_type`). */
    dailyStock: z.number().int().positive(),
    /** Days of the week with no departures (0 = Sunday). */
    closedWeekdays: z.array(z.number().int().min(0).max(6)).optional(),
    /** Pick-up only from hotels of this city (a city slug). */
    pickUpCity: slug.optional(),
    /** Defaults to 'included' when the tour has `pickUpLeadMinutes`, else 'none'. */
    pickUp: z.enum(PICK_UP_MODES).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.availabilityType === 'opening_hours' && value.startTimes.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['startTimes'], message: 'an opening-hours ticket has one slot a day, at its opening time' });
    }
    for (const kind of ['adult', 'child', 'trip'] as const) {
      const b2b = value.b2b[kind];
      const retail = value.retail[kind];
      if ((b2b === undefined) !== (retail === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['retail', kind], message: 'b2b and retail prices name the same kinds' });
      } else if (b2b !== undefined && retail !== undefined && b2b >= retail) {
        ctx.addIssue({ code: 'custom', path: ['b2b', kind], message: 'the b2b price is below the retail price' });
      }
    }
  });

const tour = z.strictObject({
  slug,
  /** In the home page's promo block. */
  featured: z.boolean().optional(),
  city: slug,
  categories: z.array(slug).min(1),
  title: localized,
  summary: localized,
  description: localized,
  itinerary: z.array(z.strictObject({ time: clockTime.optional(), title: localized, description: localized })),
  /** Paragraphs of the terms: a key of the shared `terms`, or the tour's own text. */
  terms: z.array(z.union([key, localized])).min(1),
  /** A key of `policies`; it must agree with the cancellation sentence of `terms`. */
  cancellation: key,
  /** Shown to signed-in agents only. */
  notesToAgents: localized.optional(),
  /** A key of the shared `faq`, or the tour's own question and answer. */
  faq: z.array(z.union([key, faqItem])),
  /** An https address, or a path on our own host (a file in public/ or the file storage). */
  videoUrl: z.union([z.url({ protocol: /^https$/ }), z.string().regex(/^\/[\w./-]+$/)]).optional(),
  durationMinutes: z.number().int().positive(),
  /** What the price includes and leaves out, one line each. */
  inclusions: z.array(localized).optional(),
  exclusions: z.array(localized).optional(),
  /** Where guests meet or the venue is; the tour page draws its map and links to a maps site. */
  meetingPoint: z.strictObject({ name: localized, latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
  /** Languages it is guided in (ISO 639-1). */
  languages: z.array(z.enum(TOUR_LANGUAGES)).optional(),
  accessibility: localized.optional(),
  /** Scenes; the first photo is the tour's, an offer takes the photo at its own position. */
  photos: z.array(key).min(1),
  /** Minutes before the start time that guests are collected from hotels; none when guests meet on site. */
  pickUpLeadMinutes: z.number().int().min(0).optional(),
  offers: z.array(offer).min(1),
});

const place = { slug, name: localized, heroScene: key, sortOrder: z.number().int() };

export const demoCatalogueSchema = z
  .strictObject({
    /** Each picture's alternative text, by scene. */
    scenes: z.record(slug, localized),
    countries: z.array(z.strictObject(place)),
    cities: z.array(z.strictObject({ ...place, country: slug, isTopDestination: z.boolean() })),
    categories: z.array(z.strictObject(place)),
    /** Pick-up hotels by city slug. */
    hotels: z.record(slug, z.array(z.strictObject({ name: z.string().min(1), area: z.string().min(1) }))),
    /** Refund terms the tours' `cancellation` names. */
    policies: z.record(key, cancellationPolicy),
    /** Paragraphs of terms the tours share. */
    terms: z.record(key, localized),
    /** Questions the tours share. */
    faq: z.record(key, faqItem),
    tours: z.array(tour).min(1),
  })
  .superRefine((catalogue, ctx) => {
    const refer = (known: Iterable<string>, what: string) => {
      const names = new Set(known);
      return (name: string, path: (string | number)[]) => {
        if (!names.has(name)) ctx.addIssue({ code: 'custom', path, message: `unknown ${what} "${name}"` });
      };
    };
    const unique = (slugs: string[], path: string) =>
      slugs.forEach((value, index) => {
        if (slugs.indexOf(value) !== index) ctx.addIssue({ code: 'custom', path: [path, index, 'slug'], message: `"${value}" is used twice` });
      });
    const country = refer(catalogue.countries.map((c) => c.slug), 'country');
    const city = refer(catalogue.cities.map((c) => c.slug), 'city');
    const category = refer(catalogue.categories.map((c) => c.slug), 'category');
    const scene = refer(Object.keys(catalogue.scenes), 'scene');
    const term = refer(Object.keys(catalogue.terms), 'terms paragraph');
    const question = refer(Object.keys(catalogue.faq), 'question');
    const policy = refer(Object.keys(catalogue.policies), 'policy');

    unique(catalogue.countries.map((c) => c.slug), 'countries');
    unique(catalogue.cities.map((c) => c.slug), 'cities');
    unique(catalogue.categories.map((c) => c.slug), 'categories');
    unique(catalogue.tours.map((t) => t.slug), 'tours');
    for (const list of ['countries', 'cities', 'categories'] as const) {
      catalogue[list].forEach((item, index) => scene(item.heroScene, [list, index, 'heroScene']));
    }
    catalogue.cities.forEach((item, index) => country(item.country, ['cities', index, 'country']));
    for (const name of Object.keys(catalogue.hotels)) city(name, ['hotels', name]);
    catalogue.tours.forEach((item, index) => {
      const at = (...path: (string | number)[]) => ['tours', index, ...path];
      city(item.city, at('city'));
      item.categories.forEach((name, i) => category(name, at('categories', i)));
      item.terms.forEach((part, i) => typeof part === 'string' && term(part, at('terms', i)));
      policy(item.cancellation, at('cancellation'));
      item.faq.forEach((entry, i) => typeof entry === 'string' && question(entry, at('faq', i)));
      item.photos.forEach((name, i) => scene(name, at('photos', i)));
      item.offers.forEach((o, i) => o.pickUpCity !== undefined && city(o.pickUpCity, at('offers', i, 'pickUpCity')));
    });
  });

export type DemoCatalogueData = z.output<typeof demoCatalogueSchema>;
