import 'server-only';
import { cookies } from 'next/headers';
import { isLocale, LOCALE_COOKIE, type Locale } from '@/i18n/locales';

/**
 * The language of a downloaded sheet: `?language=`, else the language of the page the link was
 * followed from (`/ru/bookings`), else the visitor's chosen language, else English.
 */
export async function exportLocale(request: Request): Promise<Locale> {
  const language = new URL(request.url).searchParams.get('language');
  if (isLocale(language)) return language;
  const referer = request.headers.get('referer');
  const fromPage = referer && URL.canParse(referer) ? new URL(referer).pathname.split('/')[1] : undefined;
  if (isLocale(fromPage)) return fromPage;
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  return isLocale(chosen) ? chosen : 'en';
}
