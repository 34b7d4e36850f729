import { isLocale, type Locale } from '@/i18n/locales';
import { requirePermission } from '@/server/auth/principal';
import { checkoutSchema } from '@/server/shared/bookings/checkout-schema';
import { createBooking } from '@/server/bookings/create-booking';
import { getDb } from '@/server/db/database';
import { domainErrorResponse, PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';

/**
 * Spec §7 "POST /b2b/bookings": the checkout as JSON, for integrations and the benchmark. The
 * `Idempotency-Key` header (or `idempotencyKey` in the body) makes a retried request return the
 * booking it already made (200) instead of booking again (201). `?language=ru` for Russian
 * messages and documents.
 */
export async function POST(request: Request) {
  const language = new URL(request.url).searchParams.get('language');
  const locale: Locale = isLocale(language) ? language : 'en';
  try {
    const principal = await requirePermission('bookings:create');
    const body: unknown = await request.json().catch(() => null);
    const parsed = checkoutSchema.safeParse({
      idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
      ...(typeof body === 'object' && body !== null ? body : {}),
    });
    if (!parsed.success) return validationResponse(parsed.error, locale);
    const booking = await createBooking(await getDb(), principal, parsed.data, { locale });
    return Response.json({ reference: booking.reference, status: booking.status }, { status: booking.replayed ? 200 : 201, headers: PRIVATE_HEADERS });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
