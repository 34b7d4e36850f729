import { type NextRequest, NextResponse } from 'next/server';
import { gateRedirect, localeOfPath } from '@/server/routing/gate';

// next-intl reads the request's locale from this header where no route segment gives it: in
// server actions, which post to the page's URL but render no layout.
const INTL_LOCALE_HEADER = 'X-NEXT-INTL-LOCALE';

// Auth.js names its cookie by scheme; large sessions are split into `….0`, `….1` chunks. Only
// presence is checked here (an optimistic gate): every portal page and server function checks
// the session itself.
const SESSION_COOKIE_PREFIXES = ['authjs.session-token', '__Secure-authjs.session-token'];

export function proxy(request: NextRequest) {
  const { nextUrl, cookies } = request;
  const location = gateRedirect({
    pathname: nextUrl.pathname,
    search: nextUrl.search,
    hasSessionCookie: cookies.getAll().some(({ name }) => SESSION_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix))),
  });
  if (location) return NextResponse.redirect(new URL(location, nextUrl));
  // Host and locale routing are config rewrites (server/routing/route-rules.ts), applied after this.
  const headers = new Headers(request.headers);
  headers.set(INTL_LOCALE_HEADER, localeOfPath(nextUrl.pathname));
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Portal pages only, in both languages (tests/routing checks this list against PORTAL_ROUTES).
  // Public pages skip the proxy entirely, so they keep the framework's static speed; the three
  // account pages are the exception: their forms post to server actions, which learn the page's
  // locale only from the header set here (their messages and e-mails are in that language).
  matcher: [
    '/(sign-up|forgot-password|reset-password)',
    '/ru/(sign-up|forgot-password|reset-password)',
    '/(checkout|bookings|requests|my-account|my-bookings|my-commissions|my-agencies|balance|top-up|widgets|agents)',
    '/(checkout|bookings|requests|my-account|my-bookings|my-commissions|my-agencies|balance|top-up|widgets|agents)/:path*',
    '/ru/(checkout|bookings|requests|my-account|my-bookings|my-commissions|my-agencies|balance|top-up|widgets|agents)',
    '/ru/(checkout|bookings|requests|my-account|my-bookings|my-commissions|my-agencies|balance|top-up|widgets|agents)/:path*',
  ],
};
