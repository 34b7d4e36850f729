import { type NextRequest, NextResponse } from 'next/server';
import { LOCALE_COOKIE } from '@/i18n/locales';
import { decideProxy } from '@/server/routing/proxy-decision';
import { parseHostsConfig } from '@/server/sites/site-variants';

const hosts = parseHostsConfig(process.env.HOSTS);

// Auth.js names its cookie by scheme; only presence is checked here (an optimistic gate:
// every protected page and server function checks the session itself).
// Large sessions are split into `….0`, `….1` chunks, hence the prefix match.
const SESSION_COOKIE_PREFIXES = ['authjs.session-token', '__Secure-authjs.session-token'];

export function proxy(request: NextRequest) {
  const { nextUrl, cookies, headers } = request;
  const decision = decideProxy({
    host: headers.get('host'),
    pathname: nextUrl.pathname,
    search: nextUrl.search,
    localeCookie: cookies.get(LOCALE_COOKIE)?.value,
    hasSessionCookie: cookies.getAll().some(({ name }) => SESSION_COOKIE_PREFIXES.some((p) => name.startsWith(p))),
    hosts,
  });
  if (decision.type === 'redirect') {
    return NextResponse.redirect(new URL(decision.location, nextUrl));
  }
  const target = nextUrl.clone();
  target.pathname = decision.pathname;
  return NextResponse.rewrite(target);
}

export const config = {
  // Pages only: not API routes, Next's assets, files with an extension (images, sitemap.xml…),
  // nor the benchmark's framework floor, which measures Next without the portal's proxy.
  matcher: ['/((?!api|_next|bench-floor|.*\\..*).*)'],
};
