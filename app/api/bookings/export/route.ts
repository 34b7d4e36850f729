import type { BookingListScope } from '@/server/bookings/list-queries';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { bookingExportResponse } from '@/server/exports/bookings-export';
import { runRoute } from '@/server/http/run-route';

const SCOPES: readonly BookingListScope[] = ['all', 'own', 'requests'];

/**
 * Spec §2 booking lists: `?scope=all|own|requests` with the list's filters and sort, as an xlsx
 * download of exactly the rows the list shows (all pages), streamed as they are read.
 */
export const GET = runRoute({
  permission: 'bookings:viewOwn',
  run: async (_input, { principal, db, locale, request }) => {
    const query = new URL(request.url).searchParams;
    const scope = SCOPES.find((candidate) => candidate === query.get('scope')) ?? 'own';
    return bookingExportResponse(db, principal, scope, parseBookingListQuery(query), locale);
  },
});
