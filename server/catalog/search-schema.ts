// The public search page's query string (`/search?q=&category=&city=&country=&date=&price=&duration=&sort=&page=`).
// Pure. Unknown or malformed filters are dropped rather than failing the page, like the back-office
// lists' filters: a control character in the text or a day outside the calendar never reaches the query.
import 'server-only';
import { z } from 'zod';
import { isSlug } from '@/shared/catalog/slug';
import { DURATION_BAND_KEYS, PRICE_BAND_KEYS, SEARCH_SORTS, type TourSearch } from '@/shared/catalog/search-filters';
import { isCalendarDay } from '@/shared/dates';
import { text } from '@/shared/text';

/** "Load more" stops after this many pages. */
export const MAX_SEARCH_PAGES = 20;

export const tourSearchQuerySchema = z.object({
  q: text().max(100).optional().catch(undefined),
  category: z.string().refine(isSlug).optional().catch(undefined),
  city: z.string().refine(isSlug).optional().catch(undefined),
  country: z.string().refine(isSlug).optional().catch(undefined),
  date: z
    .string()
    .refine((value) => isCalendarDay(value))
    .optional()
    .catch(undefined),
  price: z.enum(PRICE_BAND_KEYS).optional().catch(undefined),
  duration: z.enum(DURATION_BAND_KEYS).optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGES).catch(1),
});

type SearchParams = Record<string, string | string[] | undefined>;

/** The search and page of a request's search params (the first value of each; empty ones dropped). */
export function parseTourSearchQuery(params: SearchParams): { search: TourSearch; page: number } {
  const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;
  const query = tourSearchQuerySchema.parse({
    q: single(params.q),
    category: single(params.category),
    city: single(params.city),
    country: single(params.country),
    date: single(params.date),
    price: single(params.price),
    duration: single(params.duration),
    sort: single(params.sort),
    page: single(params.page) ?? 1,
  });
  const search: TourSearch = { text: query.q || undefined, category: query.category, city: query.city, date: query.date };
  // Only the filters given, so a search without them equals `{ text, category, city, date }`.
  if (query.country) search.country = query.country;
  if (query.price) search.price = query.price;
  if (query.duration) search.duration = query.duration;
  if (query.sort) search.sort = query.sort;
  return { search, page: query.page };
}
