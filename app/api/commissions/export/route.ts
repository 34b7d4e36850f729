import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { commissionExportResponse } from '@/server/exports/commissions-export';
import { runRoute } from '@/server/http/run-route';

/** Spec §2 "Commissions list" as an xlsx download: the list's reference, guest and travel-date filters. */
export const GET = runRoute({
  permission: 'rates:viewB2b',
  run: async (_input, { principal, db, locale, request }) =>
    commissionExportResponse(db, principal, parseBookingListQuery(new URL(request.url).searchParams), locale),
});
