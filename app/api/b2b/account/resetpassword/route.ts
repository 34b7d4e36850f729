import { isLocale, type Locale } from '@/i18n/locales';
import { resetPasswordSchema } from '@/server/account/account-schemas';
import { resetPassword } from '@/server/account/reset-password';
import { getDb } from '@/server/db/database';
import { domainErrorResponse, PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';

/**
 * Spec §6/§7 public call "POST /b2b/account/resetpassword" with `{ token, password,
 * confirmPassword }`, for reset, verification and invitation links alike. 200 with the link's
 * purpose and whether the agency still waits for approval; 422 for bad input or a dead link.
 */
export async function POST(request: Request) {
  const language = new URL(request.url).searchParams.get('language');
  const locale: Locale = isLocale(language) ? language : 'en';
  const parsed = resetPasswordSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return validationResponse(parsed.error, locale);
  try {
    return Response.json(await resetPassword(await getDb(), parsed.data), { headers: PRIVATE_HEADERS });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
