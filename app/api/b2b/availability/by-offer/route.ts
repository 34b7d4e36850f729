import { isLocale, type Locale } from '@/i18n/locales';
import { requirePermission } from '@/server/auth/principal';
import { loadOfferAvailability } from '@/server/availability/queries';
import { availabilityQuerySchema } from '@/server/availability/schemas';
import { getDb } from '@/server/db/database';
import { NotFound } from '@/server/errors';
import { domainErrorResponse, PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';

/**
 * Spec §7 "GET /b2b/availability/ByOffer": one offer's slots from `from` to `to`
 * (`?id=&from=yyyy-MM-dd&to=yyyy-MM-dd`), never before today in Dubai. Never cached.
 */
export async function GET(request: Request) {
  const query = new URL(request.url).searchParams;
  const language = query.get('language');
  const locale: Locale = isLocale(language) ? language : 'en';
  try {
    await requirePermission('bookings:create');
    const parsed = availabilityQuerySchema.safeParse(Object.fromEntries(query));
    if (!parsed.success) return validationResponse(parsed.error, locale);
    const { id, from, to } = parsed.data;
    const availability = await loadOfferAvailability(await getDb(), id, { from, to }, new Date());
    if (!availability) throw new NotFound();
    return Response.json(availability, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
