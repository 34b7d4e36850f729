import 'server-only';
import { z } from 'zod';
import { isProvidedFile } from '@/server/files/uploads';
import { SLUG_PATTERN } from '@/shared/catalog/slug';
import { TOUR_LANGUAGES } from '@/shared/catalog/tour-languages';
import { text } from '@/shared/text';

// The console's catalogue forms, field by field as the forms post them (flat names, strings):
// every text in English and Russian, slugs in URL form, money typed in AED and kept in fils.

const required = (max: number, multiLine = false) => text({ multiLine }).min(1, 'opsCatalog.errors.required').max(max, 'opsCatalog.errors.tooLong');
// A form leaves out an empty optional field or an unticked box: both read as empty.
const optional = (max: number, multiLine = false) => text({ multiLine }).max(max, 'opsCatalog.errors.tooLong').prefault('');
const slug = text().min(1, 'opsCatalog.errors.required').max(100, 'opsCatalog.errors.tooLong').regex(SLUG_PATTERN, 'opsCatalog.errors.slug');
const checkbox = z
  .enum(['on', 'true', ''], 'errors.validation')
  .optional()
  .transform((value) => value === 'on' || value === 'true');
const id = z.uuid('errors.validation');
const heroImage = text().min(1, 'opsCatalog.errors.required').max(500, 'opsCatalog.errors.tooLong').refine((value) => value.startsWith('/') || value.startsWith('https://'), 'opsCatalog.errors.image');
const wholeNumber = (min: number, max: number) =>
  text().regex(/^\d{1,9}$/, 'opsCatalog.errors.wholeNumber').transform(Number).pipe(z.number().int().min(min, 'opsCatalog.errors.range').max(max, 'opsCatalog.errors.range'));

/** An amount typed in AED ("77" or "77.50"), kept in fils; empty means no price of that kind. */
export const aedAmount = text()
  .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, 'opsCatalog.errors.price')
  .transform((value) => (value === '' ? null : Math.round(Number(value) * 100)))
  .prefault('');

export const placeSchema = z.object({
  id: id.optional(),
  kind: z.enum(['country', 'city', 'category']),
  slug,
  nameEn: required(100),
  nameRu: required(100),
  heroImage,
  countryId: z.union([id, z.literal('')]).optional(),
  sortOrder: wholeNumber(0, 10_000),
});
export type PlaceInput = z.output<typeof placeSchema>;

const STEP_LINE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Itinerary typed one step a line: `time | title EN | title RU | text EN | text RU` (time may be empty). */
const itinerary = optional(20_000, true).transform((value, context) => {
  const steps = [];
  for (const line of value.split(/\r?\n/).filter((entry) => entry.trim() !== '')) {
    const parts = line.split('|').map((part) => part.trim());
    const [time = '', titleEn = '', titleRu = '', textEn = '', textRu = ''] = parts;
    if (parts.length !== 5 || (time !== '' && !STEP_LINE.test(time)) || !titleEn || !titleRu || !textEn || !textRu) {
      context.addIssue({ code: 'custom', message: 'opsCatalog.errors.itinerary' });
      return z.NEVER;
    }
    steps.push({ ...(time ? { time } : {}), title: { en: titleEn, ru: titleRu }, description: { en: textEn, ru: textRu } });
  }
  return steps;
});

/** FAQ typed one entry a line: `question EN | question RU | answer EN | answer RU`. */
const faq = optional(20_000, true).transform((value, context) => {
  const items = [];
  for (const line of value.split(/\r?\n/).filter((entry) => entry.trim() !== '')) {
    const parts = line.split('|').map((part) => part.trim());
    if (parts.length !== 4 || parts.some((part) => part === '')) {
      context.addIssue({ code: 'custom', message: 'opsCatalog.errors.faq' });
      return z.NEVER;
    }
    const [questionEn = '', questionRu = '', answerEn = '', answerRu = ''] = parts;
    items.push({ question: { en: questionEn, ru: questionRu }, answer: { en: answerEn, ru: answerRu } });
  }
  return items;
});

/** A list typed one item a line: `English | Russian` (the tour page's inclusions and exclusions). */
const bilingualLines = optional(10_000, true).transform((value, context) => {
  const items = [];
  for (const line of value.split(/\r?\n/).filter((entry) => entry.trim() !== '')) {
    const parts = line.split('|').map((part) => part.trim());
    const [en = '', ru = ''] = parts;
    if (parts.length !== 2 || !en || !ru || en.length > 300 || ru.length > 300) {
      context.addIssue({ code: 'custom', message: 'opsCatalog.errors.bilingualLine' });
      return z.NEVER;
    }
    items.push({ en, ru });
  }
  if (items.length > 30) {
    context.addIssue({ code: 'custom', message: 'opsCatalog.errors.range' });
    return z.NEVER;
  }
  return items;
});

/** A coordinate typed in decimal degrees ("25.1972"); empty when the tour has no meeting point. */
const coordinate = (limit: number) =>
  text()
    .regex(/^(-?\d{1,3}(\.\d{1,7})?)?$/, 'opsCatalog.errors.coordinate')
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || Math.abs(value) <= limit, 'opsCatalog.errors.coordinate')
    .prefault('');

const mapImage = optional(500).refine((value) => value === '' || value.startsWith('/') || value.startsWith('https://'), 'opsCatalog.errors.image');

/** A video the tour page plays in place: an https address, or a path on our own host (public/ or the file storage). */
const videoUrl = optional(500).refine(
  (value) => value === '' || /^\/[\w./-]+$/.test(value) || (URL.canParse(value) && new URL(value).protocol === 'https:'),
  'opsCatalog.errors.videoUrl',
);

export const tourSchema = z.object({
  id: id.optional(),
  slug,
  cityId: id,
  categoryIds: z.array(id).max(20, 'opsCatalog.errors.range').default([]),
  titleEn: required(200),
  titleRu: required(200),
  summaryEn: required(1000, true),
  summaryRu: required(1000, true),
  descriptionEn: required(20_000, true),
  descriptionRu: required(20_000, true),
  termsEn: required(20_000, true),
  termsRu: required(20_000, true),
  notesEn: optional(5000, true),
  notesRu: optional(5000, true),
  itinerary,
  faq,
  videoUrl,
  durationMinutes: wholeNumber(1, 60 * 24 * 30),
  inclusions: bilingualLines,
  exclusions: bilingualLines,
  languages: z.array(z.enum(TOUR_LANGUAGES, 'errors.validation')).max(TOUR_LANGUAGES.length, 'opsCatalog.errors.range').default([]),
  accessibilityEn: optional(2000, true),
  accessibilityRu: optional(2000, true),
  meetingNameEn: optional(300),
  meetingNameRu: optional(300),
  meetingLatitude: coordinate(90),
  meetingLongitude: coordinate(180),
  meetingMapImage: mapImage,
  /** An uploaded map picture, kept in the file storage; it replaces the address above. */
  meetingMapFile: z.custom<File>(isProvidedFile, 'opsCatalog.errors.file').optional(),
  isFeatured: checkbox,
  isActive: checkbox,
}).superRefine((tour, context) => {
  // Accessibility and the meeting point are told in both languages or not at all; a meeting
  // point needs its coordinates (the map and the maps link are drawn from them).
  if ((tour.accessibilityEn === '') !== (tour.accessibilityRu === '')) {
    context.addIssue({ code: 'custom', path: [tour.accessibilityEn === '' ? 'accessibilityEn' : 'accessibilityRu'], message: 'opsCatalog.errors.required' });
  }
  const meeting = [tour.meetingNameEn, tour.meetingNameRu, tour.meetingLatitude, tour.meetingLongitude, tour.meetingMapImage];
  if (tour.meetingMapFile || meeting.some((value) => value !== '' && value !== null)) {
    for (const field of ['meetingNameEn', 'meetingNameRu', 'meetingLatitude', 'meetingLongitude'] as const) {
      if (tour[field] === '' || tour[field] === null) context.addIssue({ code: 'custom', path: [field], message: 'opsCatalog.errors.required' });
    }
  }
});
export type TourInput = z.output<typeof tourSchema>;

export const offerSchema = z
  .object({
    id: id.optional(),
    tourId: id,
    nameEn: required(200),
    nameRu: required(200),
    descriptionEn: optional(5000, true),
    descriptionRu: optional(5000, true),
    b2bAdult: aedAmount,
    b2bChild: aedAmount,
    b2bTrip: aedAmount,
    retailAdult: aedAmount,
    retailChild: aedAmount,
    retailTrip: aedAmount,
    stockMode: z.enum(['shared', 'per_type'], 'errors.validation'),
    // When a ticket is used: at its slot's start time, or any time the day's opening hours (one slot a day).
    availabilityType: z.enum(['start_time', 'opening_hours'], 'errors.validation').default('start_time'),
    hasLiveAvailability: checkbox,
    cutOffHours: wholeNumber(0, 24 * 30),
    minPeople: wholeNumber(1, 500),
    pickUp: z.enum(['none', 'optional', 'included'], 'errors.validation'),
    // `custom` keeps an offer's own refund tiers as they are (they are edited nowhere else yet).
    cancellationPolicy: z.enum(['standard', 'nonRefundable', 'custom'], 'errors.validation'),
    isActive: checkbox,
  })
  .superRefine((offer, context) => {
    // An offer is priced per person (adult, child optional) or per trip, for agents and retail alike.
    const perPerson = offer.b2bAdult !== null;
    const perTrip = offer.b2bTrip !== null;
    if (perPerson === perTrip) context.addIssue({ code: 'custom', path: ['b2bAdult'], message: 'opsCatalog.errors.priceKind' });
    if (perPerson && offer.retailAdult === null) context.addIssue({ code: 'custom', path: ['retailAdult'], message: 'opsCatalog.errors.retailMissing' });
    if (perTrip && offer.retailTrip === null) context.addIssue({ code: 'custom', path: ['retailTrip'], message: 'opsCatalog.errors.retailMissing' });
  });
export type OfferInput = z.output<typeof offerSchema>;

const isoDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'opsCatalog.errors.date').refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'opsCatalog.errors.date');
const startTime = text().regex(STEP_LINE, 'opsCatalog.errors.time');
const WEEKDAYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
const optionalStock = z.union([z.literal('').transform(() => null), wholeNumber(0, 100_000)]).prefault('');

/** A bulk edit of an offer's calendar: every chosen weekday in the range, at every start time. */
export const availabilityBulkSchema = z
  .object({
    offerId: id,
    from: isoDate,
    until: isoDate,
    weekdays: z.array(z.enum(WEEKDAYS)).min(1, 'opsCatalog.errors.weekdays').transform((days) => days.map(Number)),
    times: text()
      .min(1, 'opsCatalog.errors.required')
      .max(200, 'opsCatalog.errors.tooLong')
      .transform((value) => [...new Set(value.split(/[\s,]+/).filter(Boolean))])
      .pipe(z.array(startTime).min(1, 'opsCatalog.errors.required').max(24, 'opsCatalog.errors.range')),
    mode: z.enum(['set', 'close', 'remove'], 'errors.validation'),
    stock: optionalStock,
    stockAdults: optionalStock,
    stockChildren: optionalStock,
  })
  .superRefine((edit, context) => {
    if (edit.until < edit.from) context.addIssue({ code: 'custom', path: ['until'], message: 'opsCatalog.errors.range' });
    else if (Date.parse(edit.until) - Date.parse(edit.from) > 366 * 86_400_000) context.addIssue({ code: 'custom', path: ['until'], message: 'opsCatalog.errors.range' });
    if (edit.mode === 'set' && edit.stock === null) context.addIssue({ code: 'custom', path: ['stock'], message: 'opsCatalog.errors.required' });
  });
export type AvailabilityBulkEdit = z.output<typeof availabilityBulkSchema>;

export const hotelSchema = z.object({ id: id.optional(), cityId: id, name: required(200), area: optional(200) });
export const pickUpTimeSchema = z.object({ tourId: id, hotelId: id, startTime, pickUpTime: startTime });

export const promoSchema = z
  .object({
    id: id.optional(),
    code: text()
      .min(3, 'opsCatalog.errors.promoCode')
      .max(40, 'opsCatalog.errors.promoCode')
      .regex(/^[A-Za-z0-9_-]+$/, 'opsCatalog.errors.promoCode')
      .transform((value) => value.toUpperCase()),
    percentOff: wholeNumber(1, 100),
    validFrom: z.union([z.literal('').transform(() => null), isoDate]).prefault(''),
    validUntil: z.union([z.literal('').transform(() => null), isoDate]).prefault(''),
    maxUses: z.union([z.literal('').transform(() => null), wholeNumber(1, 1_000_000)]).prefault(''),
    isActive: checkbox,
  })
  .superRefine((promo, context) => {
    if (promo.validFrom && promo.validUntil && promo.validUntil < promo.validFrom) context.addIssue({ code: 'custom', path: ['validUntil'], message: 'opsCatalog.errors.range' });
  });
export type PromoInput = z.output<typeof promoSchema>;

/** The file's size and type are checked by content where it is stored (saveCatalogImage). */
export const photoUploadSchema = z.object({
  tourId: id,
  file: z.custom<File>(isProvidedFile, 'opsCatalog.errors.file'),
  altEn: required(300),
  altRu: required(300),
});
export const photoAltSchema = z.object({ id, altEn: required(300), altRu: required(300) });
export const photoMoveSchema = z.object({ id, direction: z.enum(['up', 'down']) });
export const photoDeleteSchema = z.object({ id });
