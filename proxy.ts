import { type NextRequest, NextResponse } from 'next/server';
import { isDatabaseKnownDown, pendingDatabaseCheck } from '@/server/db/health-state';
import { contentSecurityPolicy, createNonce, CSP_HEADER, isFramedPath, nonceSource } from '@/server/http/security-headers';
import { ACTION_REDIRECT_HEADER, INTL_LOCALE_HEADER } from '@/server/platform/next-private-headers';
import { localeOfPath, proxyDecision } from '@/server/routing/gate';
import { MAINTENANCE_RETRY_SECONDS, maintenancePage } from '@/server/routing/maintenance-page';
import { isWidgetHost, parseHostsConfig } from '@/shared/sites/site-variants';
import { HOST_NAME } from '@/shared/widgets/widget-schema';

// Auth.js names its cookie by scheme; large sessions are split into `….0`, `….1` chunks. Only
// presence is checked here (an optimistic gate): every portal page and server function checks
// the session itself.
// The payment page mounts Stripe's Payment Element (from Stripe's CDN) when Stripe is configured.
const PAYMENT_PAGE = /^(?:\/ru)?\/pay\/[^/]+$/;
const STRIPE_CONFIGURED = Boolean(process.env.STRIPE_PUBLISHABLE_KEY?.trim());

// A widget booking's result page reports the conversion to the agency's Google Ads; gtag.js loads
// only where the deployment names its address (components/guest-bookings/booking-conversion.tsx).
const GOOGLE_TAG_URL = process.env.GOOGLE_TAG_URL?.trim() || null;
const EMBED_RESULT_PAGE = /^(?:\/ru)?\/embedded\/booking\/[^/]+$/;
const SITE_RESULT_PAGE = /^(?:\/ru)?\/booking\/[^/]+$/;

const SESSION_COOKIE_PREFIXES = ['authjs.session-token', '__Secure-authjs.session-token'];

const HOSTS = parseHostsConfig(process.env.HOSTS);

/**
 * Who may frame the page: for an embed's tickets and checkout, the host its query names as the
 * framing page's (`site`, which public/embed.js sets to the page's own host name), on every port, if
 * it can be a widget's domain at all; nobody otherwise. A scheme-less host source is enough, and no
 * database is asked here: the page itself refuses to show a widget whose verified domain is not
 * `site` (server/widgets/embeds), and the browser refuses every ancestor not on `site` (nor on a
 * scheme weaker than the portal's). So a stranger's page naming itself as `site` gets "not
 * available", and one naming the widget's domain cannot frame the answer.
 */
function frameAncestorsOf({ pathname, searchParams }: URL): string[] {
  if (!isFramedPath(pathname)) return [];
  const site = searchParams.get('site')?.toLowerCase() ?? '';
  return HOST_NAME.test(site) ? [`${site}:*`] : [];
}

/**
 * The host the page is for. Next renders a server action's redirect target by a request to itself
 * (`localhost`), naming the visitor's host only in X-Forwarded-Host (server/routing/route-rules.ts):
 * a guest's return from the payment page to a widget's site must not meet the portal's gate there.
 * A forged pair of headers gains nothing: the gate is optimistic, every portal page checks the
 * session itself, and the routing sends such a request to the widget site.
 */
function pageHost(request: NextRequest): string {
  const headers = request.headers;
  // (Next keeps the Flight headers, `rsc` among them, from the proxy: the redirect's header marks it.)
  const forwarded = headers.get(ACTION_REDIRECT_HEADER) ? headers.get('x-forwarded-host')?.split(',')[0]?.trim() : null;
  return forwarded || headers.get('host') || request.nextUrl.host;
}

/** A widget booking's result page: the embed's, or the site's on a widget's domain. */
function isConversionPage(request: NextRequest): boolean {
  const { pathname } = request.nextUrl;
  return EMBED_RESULT_PAGE.test(pathname) || (SITE_RESULT_PAGE.test(pathname) && isWidgetHost(pageHost(request), HOSTS));
}

export async function proxy(request: NextRequest) {
  const { nextUrl, cookies } = request;
  // A database connection was just lost and its check is running: its verdict decides whether
  // this page can render at all (no wait otherwise).
  await pendingDatabaseCheck();
  const decision = proxyDecision({
    pathname: nextUrl.pathname,
    search: nextUrl.search,
    method: request.method,
    hasSessionCookie: cookies.getAll().some(({ name }) => SESSION_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix))),
    databaseDown: isDatabaseKnownDown(),
  });
  if (decision.kind === 'maintenance') {
    return new NextResponse(maintenancePage(decision.locale), {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Retry-After': String(MAINTENANCE_RETRY_SECONDS),
        [CSP_HEADER]: contentSecurityPolicy(),
      },
    });
  }
  if (decision.kind === 'redirect') {
    // A widget's domain serves its site alone (the widget site tree answers every page path
    // there), so no portal page is gated on it: a sign-in redirect would only show the way in.
    if (!isWidgetHost(pageHost(request), HOSTS)) return NextResponse.redirect(new URL(decision.location, nextUrl));
  }
  // These pages render per request, so their scripts carry a nonce: Next reads it from the
  // request's policy and puts it on every script it writes (a page Next serves from its cache
  // instead gets its scripts' hashes, server/platform/encoded-page-cache.ts).
  const policy = contentSecurityPolicy({
    scriptSources: [nonceSource(createNonce())],
    frameAncestors: frameAncestorsOf(nextUrl),
    stripe: STRIPE_CONFIGURED && PAYMENT_PAGE.test(nextUrl.pathname),
    googleTag: GOOGLE_TAG_URL && isConversionPage(request) ? GOOGLE_TAG_URL : null,
  });
  // Host and locale routing are config rewrites (server/routing/route-rules.ts), applied after this.
  // next-intl reads the locale of a server action (which renders no layout) from its header.
  const headers = new Headers(request.headers);
  headers.set(INTL_LOCALE_HEADER, decision.kind === 'page' ? decision.locale : localeOfPath(nextUrl.pathname));
  headers.set(CSP_HEADER, policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(CSP_HEADER, policy);
  return response;
}

export const config = {
  // Portal pages, in both languages (tests/routing checks this list against PORTAL_ROUTES), and
  // the public pages Next renders per request, which need the nonce: search, sign-in, the three
  // account pages (their server actions also learn the page's locale only from the header set
  // here), the embed's pages (which also get their frame-ancestors here; checkout and the
  // booking result fall under the last pattern) and the 404 of unknown deeper paths (the
  // `[...rest]` catch-all). Cached public pages (home, countries, cities, tours, legal) skip the
  // proxy and keep the framework's static speed: the last pattern leaves out `tour/x`, `city/x`,
  // `/ru/x`, API routes, Next's files and the public folders.
  matcher: [
    '/(search|sign-in|sign-up|forgot-password|reset-password|e2e-render-error|embedded)',
    '/ru/(search|sign-in|sign-up|forgot-password|reset-password|e2e-render-error|embedded)',
    '/(checkout|bookings|requests|dashboard|my-account|my-bookings|my-commissions|my-agencies|balance|top-up|widgets|agents|pay|ops|group-booking|quotes)',
    '/ru/(checkout|bookings|requests|dashboard|my-account|my-bookings|my-commissions|my-agencies|balance|top-up|widgets|agents|pay|ops|group-booking|quotes)',
    '/((?!(?:ru/)?(?:tour|city)/[^/]+$|ru/[^/]+$|api/|_next/|images/|brand/)[^/]+/.+)',
    // The API reference, a page of the shell among the API's paths (`/ru/api/docs` falls under the last pattern).
    '/api/docs',
  ],
};
