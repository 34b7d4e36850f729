import { requirePermission } from '@/server/auth/principal';
import type { BookingListScope } from '@/server/bookings/list-queries';
import { parseBookingListQuery } from '@/server/shared/bookings/list-schema';
import { getDb } from '@/server/db/database';
import { bookingExportResponse } from '@/server/exports/bookings-export';
import { exportLocale } from '@/server/exports/export-locale';
import { domainErrorResponse } from '@/server/http/api-errors';

const SCOPES: readonly BookingListScope[] = ['all', 'own', 'requests'];

/**
 * Spec §2 booking lists: `?scope=all|own|requests` with the list's filters and sort, as an xlsx
 * download of exactly the rows the list shows (all pages), streamed as they are read.
 */
export async function GET(request: Request) {
  const url = new URL(request.url);
  const locale = await exportLocale(request);
  const requested = url.searchParams.get('scope');
  const scope = SCOPES.find((candidate) => candidate === requested) ?? 'own';
  try {
    const principal = await requirePermission('bookings:viewOwn');
    return bookingExportResponse(await getDb(), principal, scope, parseBookingListQuery(url.searchParams), locale);
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
