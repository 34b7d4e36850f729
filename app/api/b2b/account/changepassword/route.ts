import { isLocale, type Locale } from '@/i18n/locales';
import { changePasswordSchema } from '@/server/account/account-schemas';
import { changePassword } from '@/server/account/change-password';
import { requirePermission } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { domainErrorResponse, PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';

/**
 * Spec §7 protected call "POST /b2b/account/changepassword" with `{ currentPassword,
 * newPassword, confirmPassword }`: 204, 401 without a session, 422 for bad input or a wrong
 * current password.
 */
export async function POST(request: Request) {
  const language = new URL(request.url).searchParams.get('language');
  const locale: Locale = isLocale(language) ? language : 'en';
  try {
    const principal = await requirePermission(null);
    const parsed = changePasswordSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return validationResponse(parsed.error, locale);
    await changePassword(await getDb(), principal, parsed.data);
    return new Response(null, { status: 204, headers: PRIVATE_HEADERS });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
