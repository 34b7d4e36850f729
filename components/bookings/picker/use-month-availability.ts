'use client';

import { useEffect, useState } from 'react';
import { useApiFetch } from '@/components/http/http-feedback';
import type { OfferAvailability } from '@/server/availability/queries';

export type MonthAvailability = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; availability: OfferAvailability };

/** The days of `month` (`yyyy-MM`) to ask for: from today at the earliest, to the month's last day. */
export function monthRange(month: string, today: string): { from: string; to: string } {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const to = new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
  const first = `${month}-01`;
  return { from: first < today ? today : first, to };
}

/**
 * One offer's availability for the visible month (spec §7 ByOffer). Showing another month, or
 * retrying (`attempt`), aborts the request still running for the previous one.
 */
export function useMonthAvailability(offerId: string, month: string, today: string, attempt: number, enabled: boolean): MonthAvailability {
  const key = `${offerId}|${month}|${attempt}`;
  const [result, setResult] = useState<{ key: string; availability: OfferAvailability | null } | null>(null);
  const fetchApi = useApiFetch();

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ id: offerId, ...monthRange(month, today) });
    // Failures are the calendar's "failed" state with its retry, after spec §8's reaction (a toast, a sign-out).
    void fetchApi<OfferAvailability>(`/api/b2b/availability/by-offer?${query.toString()}`, { signal: controller.signal }).then((result) => {
      if (result.ok) setResult({ key, availability: result.data });
      else if (!result.aborted) setResult({ key, availability: null });
    });
    return () => controller.abort();
  }, [enabled, key, offerId, month, today, fetchApi]);

  if (result?.key !== key) return { status: 'loading' };
  return result.availability ? { status: 'ready', availability: result.availability } : { status: 'failed' };
}
