'use client';

import { AVAILABILITY_PATH } from '@/components/bookings/booking-data';
import { useApiQuery } from '@/components/http/api-query';
import type { OfferAvailability } from '@/server/availability/queries';

export type MonthAvailability =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; availability: OfferAvailability };

/** The days of `month` (`yyyy-MM`) to ask for: from today at the earliest, to the month's last day. */
export function monthRange(month: string, today: string): { from: string; to: string } {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const to = new Date(Date.UTC(year, index, 0)).toISOString().slice(0, 10);
  const first = `${month}-01`;
  return { from: first < today ? today : first, to };
}

/**
 * One offer's availability for the visible month (spec §7 ByOffer), through the client cache: a
 * month shown again within the freshness window (spec §9) is not asked for again. A failure is
 * the calendar's "failed" state with its retry, after spec §8's reaction (a toast, a sign-out).
 */
export function useMonthAvailability(offerId: string, month: string, today: string, enabled: boolean): MonthAvailability {
  const query = new URLSearchParams({ id: offerId, ...monthRange(month, today) });
  const result = useApiQuery<OfferAvailability>(enabled ? `${AVAILABILITY_PATH}?${query.toString()}` : null);
  return result.status === 'ready' ? { status: 'ready', availability: result.data } : result;
}
