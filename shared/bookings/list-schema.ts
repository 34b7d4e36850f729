// The filters, sorting and paging of the booking lists (spec §7 "page, onPage" plus filters), as
// they travel in the URL. Pure: the list pages, the xlsx export and the tests share it. A value
// that does not parse is dropped (a shared link with a stale filter still opens), never an error.
import { z } from 'zod';
import { isCalendarDay } from '@/shared/dates';
import { text as plainText } from '@/shared/text';

export const BOOKING_STATUSES = ['quotation_request', 'payment_required', 'completed', 'cancelled', 'payment_failed'] as const;
export const BOOKING_SORTS = ['createdAt', 'tourDate', 'reference', 'guestName', 'publishedTotal'] as const;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

// Each filter's rule, strict: the API's list calls answer a value that does not parse with 422.
const strictDay = () => z.string().refine((value) => isCalendarDay(value), { error: 'Must be a date (yyyy-MM-dd)' });
const FILTER_FIELDS = {
  reference: plainText().min(1).max(20),
  guest: plainText().min(1).max(100),
  bookedFrom: strictDay(),
  bookedTo: strictDay(),
  travelFrom: strictDay(),
  travelTo: strictDay(),
  status: z.enum(BOOKING_STATUSES),
  agent: z.uuid(),
  tour: z.uuid(),
  sort: z.enum(BOOKING_SORTS),
  dir: z.enum(['asc', 'desc']),
};
const PAGE_FIELDS = {
  page: z.coerce.number().int().min(1).max(100_000),
  onPage: z.coerce.number().refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { error: `One of ${PAGE_SIZES.join(', ')}` }),
};

/** The filters as the API's list calls take them in their JSON body (spec §7 "plus filters"). */
export const bookingFiltersSchema = z.strictObject(FILTER_FIELDS).partial();
/** Spec §7's `page` and `onPage`, as the API's list calls take them in the query. */
export const pagingQuerySchema = z.object(PAGE_FIELDS).partial();

// In the URL a value that does not parse is dropped instead (a shared link with a stale filter still opens).
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const bookingListQuerySchema = z.object({
  reference: optional(FILTER_FIELDS.reference),
  guest: optional(FILTER_FIELDS.guest),
  bookedFrom: optional(FILTER_FIELDS.bookedFrom),
  bookedTo: optional(FILTER_FIELDS.bookedTo),
  travelFrom: optional(FILTER_FIELDS.travelFrom),
  travelTo: optional(FILTER_FIELDS.travelTo),
  status: optional(FILTER_FIELDS.status),
  agent: optional(FILTER_FIELDS.agent),
  tour: optional(FILTER_FIELDS.tour),
  sort: FILTER_FIELDS.sort.catch('createdAt'),
  dir: FILTER_FIELDS.dir.catch('desc'),
  page: PAGE_FIELDS.page.catch(1),
  onPage: PAGE_FIELDS.onPage.catch(25),
});

export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/** Reads the query from URL search params (the first value of each key). */
export function parseBookingListQuery(params: URLSearchParams | Record<string, string | string[] | undefined>): BookingListQuery {
  const entries =
    params instanceof URLSearchParams
      ? [...params.keys()].map((key) => [key, params.get(key)] as const)
      : Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value] as const);
  return bookingListQuerySchema.parse(Object.fromEntries(entries.filter(([, value]) => value !== undefined && value !== null && value !== '')));
}

/** The query as URL search params, without defaults, so shared links stay short. */
export function bookingListSearch(query: Partial<BookingListQuery>): URLSearchParams {
  const defaults = bookingListQuerySchema.parse({});
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === defaults[key as keyof BookingListQuery]) continue;
    search.set(key, String(value));
  }
  return search;
}

/** The filters' date ranges: each names its start and end keys. */
export const DATE_RANGES = {
  booked: ['bookedFrom', 'bookedTo'],
  travel: ['travelFrom', 'travelTo'],
} as const satisfies Record<string, readonly [keyof BookingListQuery, keyof BookingListQuery]>;
export type DateRangeName = keyof typeof DATE_RANGES;

/**
 * The ranges whose end comes before their start. Such a range matches nothing, so the list says
 * which range is wrong rather than "No bookings"; a range open at either end is never inverted.
 * (Days are `yyyy-MM-dd`, so their order as text is their order in time.)
 */
export function invertedDateRanges(query: Partial<Pick<BookingListQuery, 'bookedFrom' | 'bookedTo' | 'travelFrom' | 'travelTo'>>): DateRangeName[] {
  return (Object.keys(DATE_RANGES) as DateRangeName[]).filter((name) => {
    const [from, to] = DATE_RANGES[name];
    const start = query[from];
    const end = query[to];
    return start !== undefined && end !== undefined && end < start;
  });
}

/** The API's paging and filters as one list query, with the lists' defaults for what was left out. */
export function apiBookingListQuery(paging: z.output<typeof pagingQuerySchema>, filters: z.output<typeof bookingFiltersSchema> = {}): BookingListQuery {
  return { ...bookingListQuerySchema.parse({}), ...filters, ...paging };
}
