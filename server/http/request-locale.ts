import 'server-only';
import { isLocale, LOCALE_COOKIE, type Locale, toLocale } from '@/i18n/locales';

/**
 * The language a route handler answers in (messages, documents, sheets): `?language=` (spec §7's
 * parameter) or `?locale=`, else the language of the page the request came from (a download
 * link on `/ru/bookings`), else the visitor's chosen language (the language switch's cookie),
 * else English. Read from the request alone, so it costs no request-scope lookup.
 */
export function requestLocale(request: Request): Locale {
  const query = new URL(request.url).searchParams;
  const asked = query.get('language') ?? query.get('locale');
  if (isLocale(asked)) return asked;
  const referer = request.headers.get('referer');
  const fromPage = referer && URL.canParse(referer) ? new URL(referer).pathname.split('/')[1] : undefined;
  if (isLocale(fromPage)) return fromPage;
  const chosen = cookieValue(request.headers.get('cookie'), LOCALE_COOKIE);
  return toLocale(chosen);
}

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}
