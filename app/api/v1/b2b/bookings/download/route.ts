import { z } from 'zod';
import { apiBookingListQuery, bookingFiltersSchema, pagingQuerySchema } from '@/shared/bookings/list-schema';
import { bookingExportResponse } from '@/server/exports/bookings-export';
import { XLSX } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 `POST /b2b/bookings/download`: the bookings the filters select (every page), as the
 * lists' xlsx download; `scope` picks the list (`all`, the agent's `own` by default, `requests`).
 */
export const POST = runRoute({
  permission: 'bookings:viewOwn',
  query: pagingQuerySchema,
  body: { kind: 'json', maxBytes: 4 * 1024, schema: bookingFiltersSchema.extend({ scope: z.enum(['all', 'own', 'requests']).default('own') }) },
  doc: { tag: 'Bookings', summary: 'The filtered bookings as a spreadsheet', response: XLSX },
  run: async ({ query, body: { scope, ...filters } }, { principal, db, locale }) =>
    bookingExportResponse(db, principal, scope, apiBookingListQuery(query, filters), locale),
});
