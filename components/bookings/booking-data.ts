'use client';

import { useEffect } from 'react';
import { useMarkStale } from '@/components/http/api-query';

/** The agency's account (`GET`), shown in the header. */
export const BALANCE_PATH = '/api/v1/b2b/balance';
/** One offer's availability over a range of days (spec §7 ByOffer), shown in the picker. */
export const AVAILABILITY_PATH = '/api/v1/b2b/availability/ByOffer';

/**
 * A booking placed, paid or cancelled moves the agency's balance and the offer's stock. Once a
 * form's submission is over (its result shown, or the page its action redirected to rendered, when
 * the form unmounts), the client cache's answers for both are stale. A refused attempt counts too:
 * a sold-out refusal means the stock shown was already wrong.
 */
export function useBookingDataStaleAfter(pending: boolean): void {
  const markStale = useMarkStale(BALANCE_PATH, AVAILABILITY_PATH);
  useEffect(() => {
    if (!pending) return;
    return () => void markStale();
  }, [pending, markStale]);
}
