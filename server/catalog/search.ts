// The public search (docs/catalogue.md#search): typo-tolerant, in either language's spelling, with
// sorts, filters and the number of results each filter value would give. A search with a text is
// answered per request (its inputs are unbounded); one without is a finite set of filter values and
// its answer is cached (`searchTours`). Matching is pg_trgm's word similarity between the query and each tour's
// `search_text` (its titles, city, country and categories in both languages), both in the search
// spelling of `catalog_search_text` (the search migration), so "burdj", "Бурдж" and "Burj" meet.
import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import {
  DURATION_BAND_KEYS,
  DURATION_BANDS,
  type DurationBand,
  effectiveSort,
  PRICE_BAND_KEYS,
  PRICE_BANDS,
  type PriceBand,
  type SearchSort,
  type TourSearch,
} from '@/shared/catalog/search-filters';
import { loadTourCardsInOrder, SEARCH_PAGE_SIZE, type TourCard } from './queries';
import { CATALOG_TAGS } from './tags';

/** A tour matches a query whose word similarity to its text reaches this (pg_trgm's `<%`). */
export const MATCH_THRESHOLD = 0.55;
/** Of the matches, only those within this share of the best one's similarity are results. */
export const RELATIVE_CUTOFF = 0.8;
/** "Did you mean": the closest tours when nothing matched, down to this similarity. */
export const SUGGESTION_THRESHOLD = 0.3;
export const SUGGESTION_COUNT = 4;

export type SearchFacets = {
  category: Record<string, number>;
  city: Record<string, number>;
  price: Record<PriceBand, number>;
  duration: Record<DurationBand, number>;
};

export type SearchResults = {
  tours: TourCard[];
  total: number;
  hasMore: boolean;
  /** Per filter value, how many results it gives with the other filters as they are. */
  facets: SearchFacets;
  /** When a text found nothing: the closest tours by similarity, whatever the filters. */
  suggestions: TourCard[];
};

/**
 * How long a cached text-less answer is served: a catalogue change expires it at once (its tag), but
 * a slot's stock (the date filter) and the hourly popularity count (the default sort) move without
 * one, so those show at most this late on the results list; the tour page and the booking itself
 * always read them live.
 */
export const TEXTLESS_SEARCH_REVALIDATE_SECONDS = 60;

/**
 * The search page's answer on the portal's database. Without a text the inputs are a finite set
 * (category, city, country, price and duration bands, a day, a sort, the pages): the answer is
 * cached per set, under the catalogue's search tag, so filtering and paging through the catalogue
 * costs the database nothing on a repeat (the statement reads every matching tour to count the
 * facets: 20–30 ms on 10,000 tours).
 */
export async function searchTours(search: TourSearch, pages: number): Promise<SearchResults> {
  const text = search.text?.trim();
  if (text) return searchCatalogue(await getDb(), { ...search, text }, pages);
  const { category, city, country, date, price, duration, sort } = search;
  // One key per filter set, whatever the order of the query string's parameters.
  return cachedTextlessSearch({ category, city, country, date, price, duration, sort }, pages);
}

const cachedTextlessSearch = unstable_cache(
  async (search: TourSearch, pages: number) => searchCatalogue(await getDb(), search, pages),
  ['catalog-search-textless'],
  { tags: [CATALOG_TAGS.search], revalidate: TEXTLESS_SEARCH_REVALIDATE_SECONDS },
);

/** Up to `pages` pages of results with their filter counts, in one transaction (its similarity threshold is local to it). */
export async function searchCatalogue(db: Database, search: TourSearch, pages: number): Promise<SearchResults> {
  const text = search.text?.trim() || undefined;
  const limit = pages * SEARCH_PAGE_SIZE;
  const { rows, suggestionSlugs } = await db.transaction(async (tx) => {
    // The text in the search spelling, computed once here and passed to the statements as a value:
    // they are prepared (postgres.js, and PGlite's named statements), and once the database plans
    // one generically, `catalog_search_text(param)` would be run again for every candidate row.
    // With a text, the trigram index finds the candidates: a sequential scan would test the query's
    // word similarity against every tour's text (the planner, not knowing its cost, prefers one once
    // a word is in a fifth of the tours, and takes several times longer). Both settings are local
    // to this transaction.
    let spelled: string | undefined;
    if (text) {
      const set = await tx.execute<{ spelled: string }>(sql`
        select catalog_search_text(${text}) as spelled,
               set_config('pg_trgm.word_similarity_threshold', ${String(MATCH_THRESHOLD)}, true),
               set_config('enable_seqscan', 'off', true)`);
      spelled = rowsOf<{ spelled: string }>(set)[0]?.spelled ?? '';
    }
    const found = await tx.execute<FacetRow>(searchStatement({ ...search, text }, spelled, limit));
    const answer = rowsOf<FacetRow>(found);
    let suggestions: string[] = [];
    if (spelled && !answer.some((row) => row.facet === 'total' && row.n > 0)) {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SUGGESTION_THRESHOLD)}, true)`);
      // The text's similarity to each candidate once (the title's only to order the few of equal score).
      const query = sql`${spelled}::text`;
      const closest = await tx.execute<{ slug: string }>(sql`
        select c.slug from (
          select t.slug, t.search_title, t.popularity, word_similarity(${query}, t.search_text) as score
            from tours t where t.is_active and ${query} <% t.search_text
        ) c
         order by c.score desc, word_similarity(${query}, c.search_title) desc, c.popularity desc, c.slug
         limit ${SUGGESTION_COUNT}`);
      suggestions = rowsOf<{ slug: string }>(closest).map((row) => row.slug);
    }
    return { rows: answer, suggestionSlugs: suggestions };
  });

  const facets: SearchFacets = {
    category: {},
    city: {},
    price: Object.fromEntries(PRICE_BAND_KEYS.map((key) => [key, 0])) as Record<PriceBand, number>,
    duration: Object.fromEntries(DURATION_BAND_KEYS.map((key) => [key, 0])) as Record<DurationBand, number>,
  };
  let total = 0;
  const hits: string[] = [];
  for (const row of rows) {
    if (row.facet === 'total') total = row.n;
    else if (row.facet === 'hit') hits[row.n] = row.value;
    else if (row.facet === 'price') facets.price[row.value as PriceBand] = row.n;
    else if (row.facet === 'duration') facets.duration[row.value as DurationBand] = row.n;
    else facets[row.facet][row.value] = row.n;
  }
  const [tours, suggestions] = await Promise.all([
    loadTourCardsInOrder(db, hits.filter(Boolean)),
    loadTourCardsInOrder(db, suggestionSlugs),
  ]);
  return { tours, total, hasMore: total > tours.length, facets, suggestions };
}

type FacetRow = { facet: 'total' | 'hit' | 'category' | 'city' | 'price' | 'duration'; value: string; n: number };

function rowsOf<T>(result: unknown): T[] {
  // postgres.js answers an array of rows, PGlite an object with `rows`.
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function bandCase(column: SQL, bands: Record<string, readonly [number | null, number | null]>): SQL {
  const whens = Object.entries(bands).map(([key, [from, below]]) => {
    const bounds = [from === null ? undefined : sql`${column} >= ${from}`, below === null ? undefined : sql`${column} < ${below}`].filter(Boolean) as SQL[];
    return sql`when ${sql.join(bounds, sql` and `)} then ${key}`;
  });
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}

function inBand(column: SQL, [from, below]: readonly [number | null, number | null]): SQL {
  return sql`(${from === null ? sql`true` : sql`${column} >= ${from}`} and ${below === null ? sql`true` : sql`${column} < ${below}`})`;
}

const ORDER: Record<SearchSort, SQL> = {
  relevance: sql`f.score desc, f.title_score desc, f.popularity desc, f.slug`,
  popular: sql`f.popularity desc, f.score desc, f.slug`,
  price: sql`f.from_price asc nulls last, f.popularity desc, f.slug`,
  'price-desc': sql`f.from_price desc nulls last, f.popularity desc, f.slug`,
  duration: sql`f.duration_minutes asc, f.popularity desc, f.slug`,
};

/**
 * One statement: the matching tours (`found`, computed once and read by every part), then the total,
 * each facet's counts (every filter applied but the facet's own) and the page's tour slugs in order,
 * as rows of (facet, value, n). Each candidate's text is compared with the query once (`score`);
 * the titles' similarity, which only orders tours of equal score, only for the tours of the filters.
 * `spelled` is the text in the search spelling (undefined without a text).
 */
function searchStatement(search: TourSearch, spelled: string | undefined, limit: number): SQL {
  const conditions = {
    category: search.category
      ? sql`exists (select 1 from tour_categories tc join categories ca on ca.id = tc.category_id where tc.tour_id = f.id and ca.slug = ${search.category})`
      : sql`true`,
    city: search.city ? sql`f.city_slug = ${search.city}` : sql`true`,
    price: search.price ? inBand(sql`f.from_price`, PRICE_BANDS[search.price]) : sql`true`,
    duration: search.duration ? inBand(sql`f.duration_minutes`, DURATION_BANDS[search.duration]) : sql`true`,
  };
  const allBut = (facet: keyof typeof conditions | null) =>
    sql.join(
      (Object.keys(conditions) as (keyof typeof conditions)[]).filter((key) => key !== facet).map((key) => conditions[key]),
      sql` and `,
    );
  // Bookable that day: a slot with stock left, or an offer confirmed on request.
  const onDate = search.date
    ? sql`and exists (select 1 from offers o where o.tour_id = t.id and o.is_active and (
        not o.has_live_availability or exists (
          select 1 from availability_slots s where s.offer_id = o.id and s.date = ${search.date} and s.left > 0)))`
    : sql``;
  // The text in the search spelling, a value: the trigram index serves `<%` with it.
  const query = sql`${spelled ?? ''}::text`;
  const inCountry = search.country
    ? sql`and t.city_id in (select ci.id from cities ci join countries co on co.id = ci.country_id where co.slug = ${search.country})`
    : sql``;
  const sort = effectiveSort(search);
  // Without a text every tour scores 0 and none is cut off: no similarity, no cutoff (whose
  // unknowable selectivity would also mislead the planner about the rows of every part below).
  const found = spelled !== undefined
    ? sql`matched as materialized (
        select t.id, t.slug, t.city_id, t.from_price, t.duration_minutes, t.popularity, word_similarity(${query}, t.search_text) as score
          from tours t
         where t.is_active and ${query} <> '' and ${query} <% t.search_text ${inCountry} ${onDate}
      ),
      found as materialized (
        select m.*, ci.slug as city_slug from matched m join cities ci on ci.id = m.city_id
         where m.score >= ${RELATIVE_CUTOFF} * (select coalesce(max(score), 0) from matched)
      )`
    : sql`found as materialized (
        select t.id, t.slug, t.from_price, t.duration_minutes, t.popularity, 0::real as score, ci.slug as city_slug
          from tours t join cities ci on ci.id = t.city_id
         where t.is_active ${inCountry} ${onDate}
      )`;
  // The page: the first `limit` results by the sort (a top-N sort, not a sort of every result), then
  // numbered in that order. Best match adds the titles' similarity as its second key.
  const page =
    sort === 'relevance'
      ? sql`select r.slug, r.score, word_similarity(${query}, t.search_title) as title_score, r.popularity from results r join tours t on t.id = r.id`
      : sql`select r.slug, r.score, 0::real as title_score, r.popularity, r.from_price, r.duration_minutes from results r`;
  const order = ORDER[sort];

  return sql`
    with ${found},
    results as materialized (select * from found f where ${allBut(null)})
    select 'total' as facet, '' as value, count(*)::int as n from results
    union all
    select 'hit', f.slug, (row_number() over (order by ${order}) - 1)::int from (
      select * from (${page}) f order by ${order} limit ${limit}
    ) f
    union all
    select 'city', f.city_slug, count(*)::int from found f where ${allBut('city')} group by f.city_slug
    union all
    select 'category', ca.slug, count(*)::int from found f
      join tour_categories tc on tc.tour_id = f.id join categories ca on ca.id = tc.category_id
     where ${allBut('category')} group by ca.slug
    union all
    select 'price', band, count(*)::int from (select ${bandCase(sql`f.from_price`, PRICE_BANDS)} as band from found f where ${allBut('price')}) x
     where band is not null group by band
    union all
    select 'duration', band, count(*)::int from (select ${bandCase(sql`f.duration_minutes`, DURATION_BANDS)} as band from found f where ${allBut('duration')}) x
     where band is not null group by band`;
}
