import 'server-only';
import { isLocale, type Locale } from '@/i18n/locales';
import { requirePermission } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { getDb } from '@/server/db/database';
import { NotFound } from '@/server/errors';
import { domainErrorResponse, PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';
import type { DateRange } from './queries';
import { availabilityQuerySchema } from './schemas';

type Loader<T> = (db: Database, id: string, range: DateRange, now: Date) => Promise<T | null>;

/**
 * The GET of spec §7's ByOffer and ByTour calls (`?id=&from=yyyy-MM-dd&to=yyyy-MM-dd`): agents
 * who may book only, never cached, 422 `[{ fieldName, errorMessage }]` for a bad query.
 */
export async function availabilityResponse<T>(request: Request, load: Loader<T>): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const language = query.get('language');
  const locale: Locale = isLocale(language) ? language : 'en';
  try {
    await requirePermission('bookings:create');
    const parsed = availabilityQuerySchema.safeParse(Object.fromEntries(query));
    if (!parsed.success) return validationResponse(parsed.error, locale);
    const { id, from, to } = parsed.data;
    const availability = await load(await getDb(), id, { from, to }, new Date());
    if (!availability) throw new NotFound();
    return Response.json(availability, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
