import { requirePermission } from '@/server/auth/principal';
import { parseBookingListQuery } from '@/server/shared/bookings/list-schema';
import { getDb } from '@/server/db/database';
import { commissionExportResponse } from '@/server/exports/commissions-export';
import { exportLocale } from '@/server/exports/export-locale';
import { domainErrorResponse } from '@/server/http/api-errors';

/** Spec §2 "Commissions list" as an xlsx download: the list's reference, guest and travel-date filters. */
export async function GET(request: Request) {
  const locale = await exportLocale(request);
  try {
    const principal = await requirePermission('rates:viewB2b');
    return commissionExportResponse(await getDb(), principal, parseBookingListQuery(new URL(request.url).searchParams), locale);
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
