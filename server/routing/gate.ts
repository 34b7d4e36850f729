// The proxy's decisions, pure so every branch is unit-tested without a server. The proxy runs
// them for portal pages and the few public pages rendered per request (see proxy.ts's matcher);
// cached public pages never reach them.
import { isOpsPath, isPublicPath, OPS_ENROL_PREFIX, OPS_SIGN_IN } from '@/shared/auth/route-access';
import { type Locale, localizedPath, stripLocale, toLocale } from '@/i18n/locales';

export type GateRequest = {
  pathname: string;
  /** Including the leading `?`, or empty. */
  search: string;
  hasSessionCookie: boolean;
};

/** The locale of a public path: its prefix, else the default (unprefixed) one. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return toLocale(first);
}

/** Where to send the visitor instead, or null to let the page (which checks the role) answer. */
export function gateRedirect(request: GateRequest): string | null {
  const locale = localeOfPath(request.pathname);
  const path = stripLocale(request.pathname);
  const callbackUrl = `${request.pathname}${request.search}`;
  // The operator console has its own sign-in (with a second factor); its pages check staff themselves.
  if (isOpsPath(path)) {
    // An enrolment link is opened before its member has a session (server/staff/staff-enrolment.ts).
    if (path === OPS_SIGN_IN || path.startsWith(OPS_ENROL_PREFIX) || request.hasSessionCookie) return null;
    return `${localizedPath(locale, OPS_SIGN_IN)}?${new URLSearchParams({ callbackUrl })}`;
  }
  if (isPublicPath(path) || request.hasSessionCookie) return null;
  const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl });
  return `${localizedPath(locale, '/sign-in')}?${query}`;
}

export type ProxyRequest = GateRequest & {
  method: string;
  /** server/db/health-state.ts's isDatabaseKnownDown(), read by the caller. */
  databaseDown: boolean;
};

export type ProxyDecision =
  | { kind: 'maintenance'; locale: Locale }
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; locale: Locale };

/**
 * While the database is known to be down, a page (GET or HEAD, which includes the client
 * router's RSC requests) gets the maintenance page, signed in or not: it could not render, and
 * sign-in could not check a password. Posts (server actions) go on to their wrapper, which
 * answers them 'Server is under maintenance' in the shape their form reads.
 */
export function proxyDecision(request: ProxyRequest): ProxyDecision {
  const locale = localeOfPath(request.pathname);
  if (request.databaseDown && (request.method === 'GET' || request.method === 'HEAD')) return { kind: 'maintenance', locale };
  const location = gateRedirect(request);
  return location ? { kind: 'redirect', location } : { kind: 'page', locale };
}
