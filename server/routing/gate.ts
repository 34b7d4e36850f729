// The auth gate, pure so every branch is unit-tested without a server. The proxy runs it for
// portal pages only (see proxy.ts's matcher); public pages never reach it.
import { isPublicPath } from '@/server/shared/auth/route-access';
import { DEFAULT_LOCALE, isLocale, type Locale, localizedPath, stripLocale } from '@/i18n/locales';

export type GateRequest = {
  pathname: string;
  /** Including the leading `?`, or empty. */
  search: string;
  hasSessionCookie: boolean;
};

/** The locale of a public path: its prefix, else the default (unprefixed) one. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** Where to send the visitor instead, or null to let the page (which checks the role) answer. */
export function gateRedirect(request: GateRequest): string | null {
  const locale = localeOfPath(request.pathname);
  const path = stripLocale(request.pathname);
  if (isPublicPath(path) || request.hasSessionCookie) return null;
  const callbackUrl = `${request.pathname}${request.search}`;
  const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl });
  return `${localizedPath(locale, '/sign-in')}?${query}`;
}
