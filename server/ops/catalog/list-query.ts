import 'server-only';
import { hasControlCharacters } from '@/shared/text';

// A console list's query string: a search text and a 1-based page; anything else is ignored.

type Query = Record<string, string | string[] | undefined>;

export function parseCatalogListQuery(query: Query): { q: string; page: number } {
  const q = typeof query.q === 'string' && !hasControlCharacters(query.q) ? query.q.trim().slice(0, 100) : '';
  const page = typeof query.page === 'string' && /^\d{1,5}$/.test(query.page) ? Math.max(1, Number(query.page)) : 1;
  return { q, page };
}

/** `yyyy-MM` of the month shown, or the given default. */
export function parseMonth(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : fallback;
}
