import { isLocale, type Locale } from '@/i18n/locales';
import { forgotPasswordSchema } from '@/server/account/account-schemas';
import { linkOrigin } from '@/server/http/link-origin';
import { requestPasswordReset } from '@/server/account/request-password-reset';
import { getDb } from '@/server/db/database';
import { PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';

/**
 * Spec §6/§7 public call "POST /b2b/account/forgotpassword" with `{ email }`. 204 whether or not
 * the account exists; 422 only for a malformed address. `?language=ru` for a Russian e-mail.
 */
export async function POST(request: Request) {
  const language = new URL(request.url).searchParams.get('language');
  const locale: Locale = isLocale(language) ? language : 'en';
  const parsed = forgotPasswordSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return validationResponse(parsed.error, locale);
  await requestPasswordReset(await getDb(), parsed.data.email, { locale, origin: linkOrigin(request.headers) });
  return new Response(null, { status: 204, headers: PRIVATE_HEADERS });
}
