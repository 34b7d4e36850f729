// The search page's sorts and its price and duration filters (docs/catalogue.md#search). Pure:
// the search query, its URL schema and the filter panel share these bounds.

export const SEARCH_SORTS = ['relevance', 'popular', 'price', 'price-desc', 'duration'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Price bands over a tour's "from" price, AED fils: [from, below) (null: no bound). */
export const PRICE_BANDS = {
  'under-100': [null, 10_000],
  '100-250': [10_000, 25_000],
  '250-500': [25_000, 50_000],
  'over-500': [50_000, null],
} as const satisfies Record<string, readonly [number | null, number | null]>;
export type PriceBand = keyof typeof PRICE_BANDS;

/** Duration bands over a tour's duration, minutes: [from, below) (null: no bound). */
export const DURATION_BANDS = {
  'up-to-3h': [null, 180],
  '3-6h': [180, 360],
  'over-6h': [360, null],
} as const satisfies Record<string, readonly [number | null, number | null]>;
export type DurationBand = keyof typeof DURATION_BANDS;

export const PRICE_BAND_KEYS = Object.keys(PRICE_BANDS) as PriceBand[];
export const DURATION_BAND_KEYS = Object.keys(DURATION_BANDS) as DurationBand[];

/** What a search asks for; every field optional (no text: the whole catalogue, most popular first). */
export type TourSearch = {
  text?: string;
  category?: string;
  city?: string;
  /** A country's slug: a country page's "see all" links (no filter of its own on the search page). */
  country?: string;
  /** A calendar day (YYYY-MM-DD): only tours bookable that day. */
  date?: string;
  price?: PriceBand;
  duration?: DurationBand;
  sort?: SearchSort;
};

/** The sort a search gets when it names none: by relevance for a text, else the most booked first. */
export function effectiveSort(search: Pick<TourSearch, 'text' | 'sort'>): SearchSort {
  if (search.sort && (search.sort !== 'relevance' || search.text)) return search.sort;
  return search.text ? 'relevance' : 'popular';
}

/** The query string of a search (empty and default values left out), for links and "Load more". */
export function searchQuery(search: TourSearch, extra: Record<string, string | number> = {}): Record<string, string> {
  const entries: [string, string | number | undefined][] = Object.entries({
    q: search.text,
    category: search.category,
    city: search.city,
    country: search.country,
    date: search.date,
    price: search.price,
    duration: search.duration,
    sort: search.sort,
    ...extra,
  });
  return Object.fromEntries(entries.flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}
