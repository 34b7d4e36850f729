'use client';

import { notFound } from 'next/navigation';
import { useCallback } from 'react';
import useSWR, { type SWRConfiguration, useSWRConfig } from 'swr';
import { fetchApi } from './api-client';
import { useHttpLabels } from './http-feedback';

/**
 * Spec §9: data an island fetched stays fresh for 120,000 ms. A URL asked for again within that
 * long after its answer (a month shown again in the picker, the header remounted) is served from
 * the cache without a request; after it, the next mount shows the cached data and asks again.
 */
export const FRESH_FOR_MS = 120_000;

const QUERY_OPTIONS = {
  // SWR's deduplication window is its freshness: the answer is reused until it has passed.
  dedupingInterval: FRESH_FOR_MS,
  // Spec §9: no refetch on window focus.
  revalidateOnFocus: false,
  // Spec §8's reaction (a toast, a sign-out) has already run; each island offers its own retry.
  shouldRetryOnError: false,
} satisfies SWRConfiguration;

/** A failed answer, kept by SWR as the query's error. `status` null: no answer at all. */
class ApiQueryFailure extends Error {
  constructor(readonly status: number | null) {
    super(`API answered ${status ?? 'nothing'}`);
  }
}

export type ApiQuery<T> =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  /** The last good answer stays while it is asked for again, even if that fails. */
  | { status: 'ready'; data: T };

/**
 * One GET of our API, cached by URL in the browser's client cache (SWR): fresh for
 * FRESH_FOR_MS, never refetched on focus, made stale by `useMarkStale` after a mutation;
 * `refreshWhenStale` asks again whenever it goes stale while shown (while the tab is visible and
 * online). `url` null asks for nothing. Spec §8: a 404 renders the 404 page (the nearest
 * not-found boundary).
 */
export function useApiQuery<T>(url: string | null, { refreshWhenStale = false }: { refreshWhenStale?: boolean } = {}): ApiQuery<T> {
  const labels = useHttpLabels();
  const { data, error, mutate } = useSWR<T, ApiQueryFailure>(
    url,
    async (key: string) => {
      const result = await fetchApi<T>(key, {}, labels);
      if (!result.ok) throw new ApiQueryFailure(result.status);
      return result.data;
    },
    // SWR's refresh timer runs from the request, its freshness from the answer: a second more,
    // so the refresh comes after the answer has gone stale instead of being served from it.
    { ...QUERY_OPTIONS, refreshInterval: refreshWhenStale ? FRESH_FOR_MS + 1_000 : 0 },
  );
  const retry = useCallback(() => void mutate(), [mutate]);
  if (error?.status === 404) notFound();
  if (data !== undefined) return { status: 'ready', data };
  return error ? { status: 'failed', retry } : { status: 'loading' };
}

/**
 * Marks the cached answers of these API paths stale (with or without a query string): what is on
 * screen asks again at once, what is not asks when it is shown next. For mutations: call it once
 * the change is made.
 */
export function useMarkStale(...paths: readonly string[]): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const key = paths.join('\n');
  return useCallback(() => {
    const stale = key.split('\n');
    return mutate((cached) => typeof cached === 'string' && stale.some((path) => cached === path || cached.startsWith(`${path}?`)));
  }, [mutate, key]);
}
