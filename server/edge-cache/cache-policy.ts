// What a shared cache (nginx's, a CDN's) may keep, decided in one place: next.config.ts sends the
// path rules below with every response, and the server's response hook (the encoded-page cache in
// server/platform/) turns Next's own verdict on a cached page into the edge's. Relative imports and
// no 'server-only': next.config.ts loads this before path aliases exist, outside any bundle.
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES } from '../../i18n/locales';
import { PORTAL_ROUTES } from '../../shared/auth/route-access';
import { type HostsConfig, VARIANT_FEATURES } from '../../shared/sites/site-variants';

/** Everything personal: no shared cache stores it, and the browser keeps no copy either. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * How long a shared cache may go on serving a public page past its s-maxage while it fetches the
 * new one in the background. Short on purpose: it hides a render's latency, not a missed purge (a
 * catalogue change purges its pages at once, server/edge-cache/purge-urls.ts).
 */
export const STALE_WHILE_REVALIDATE_SECONDS = 60;

/**
 * The Vary of a public page. Next sends `rsc, next-router-state-tree, next-router-prefetch,
 * next-router-segment-prefetch` (+ `Accept-Encoding` from its compression): the router headers shape
 * only a Flight (RSC) answer, and those are never public (below), so an HTML page varies on `rsc`
 * alone, which keeps a cached page from answering a client navigation and a Flight answer from
 * answering a document request; Next's compression appends `Accept-Encoding` itself.
 */
export const PUBLIC_VARY = 'rsc';

/**
 * Next's Cache-Control for a page it renders once and serves from its cache to everyone (ISR or
 * static; `getCacheControlHeader` in next/dist/server/lib/cache-control.js). Every per-request
 * render gets `private, no-cache, no-store, …` from Next instead, so only a page Next itself shares
 * can become public here.
 */
const NEXT_SHARED_PAGE = /^s-maxage=(\d+)(?:, stale-while-revalidate=\d+)?$/;

export function publicCacheControl(sMaxAge: number): string {
  return `public, s-maxage=${sMaxAge}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
}

type ResponseHeaders = {
  getHeader(name: string): number | string | string[] | undefined;
};

/**
 * The edge's headers for a response Next is about to send, or null to leave them as they are:
 * - an HTML page Next shares (NEXT_SHARED_PAGE) becomes `public, s-maxage=<its revalidate>,
 *   stale-while-revalidate=60` with `Vary: rsc`;
 * - a Flight (RSC) answer of such a page becomes `private, no-store`: it lives at a URL with a
 *   `_rsc` hash a purge cannot name, so a shared cache holding it would show a changed price on
 *   client navigations until it expired (Next's client router keeps its own copies anyway);
 * - anything carrying Set-Cookie is never public, whatever else it says.
 * Everything else (a per-request render, a route handler's own header, next.config's path rules)
 * is left alone.
 */
export function edgeCacheHeaders(response: ResponseHeaders): { cacheControl: string; vary?: string } | null {
  const cacheControl = response.getHeader('cache-control');
  if (typeof cacheControl !== 'string') return null;
  const shared = NEXT_SHARED_PAGE.exec(cacheControl);
  if (!shared) return null;
  if (response.getHeader('set-cookie') !== undefined) return { cacheControl: PRIVATE_NO_STORE };
  const contentType = response.getHeader('content-type');
  if (typeof contentType !== 'string' || !contentType.startsWith('text/html')) return { cacheControl: PRIVATE_NO_STORE };
  return { cacheControl: publicCacheControl(Number(shared[1])), vary: PUBLIC_VARY };
}

type HeaderRule = {
  source: string;
  has?: ({ type: 'host'; value: string } | { type: 'cookie'; key: string; value?: string })[];
  headers: { key: string; value: string }[];
};

/**
 * Route handlers whose answers are public on purpose: catalogue images (immutable, a new picture
 * is a new id), the OpenAPI document and the API reference's script (the same for every caller).
 * Every other `/api` answer is private, also when its handler says nothing.
 */
export const PUBLIC_API_PATHS = ['catalog/images/', 'v1/openapi.json', 'docs/scalar'];

/**
 * Pages that show one person's data or take their money, in both languages: the signed-in portal
 * and the console, and on a widget's domain or in an embed the guest's checkout (`/book/…`,
 * `/embedded/checkout`), payment and booking pages and the voucher link's page. Each already renders per request (Next sends it `private, no-cache, no-store`); the rule
 * keeps it private should one ever become cacheable by mistake.
 */
export const PERSONAL_SECTIONS = [
  ...new Set([...Object.keys(PORTAL_ROUTES).map((path) => path.split('/')[1]!), 'ops', 'book', 'booking', 'payment', 'my-booking', 'voucher']),
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * next.config's `headers` rules of the edge. A Cache-Control set here stays: Next keeps a header
 * already on the response when it sends a page (send-payload.js) and a route handler's answer
 * (send-response.js).
 */
export function edgeCacheHeaderRules(hosts: HostsConfig): HeaderRule[] {
  const privateHeaders = [{ key: 'Cache-Control', value: PRIVATE_NO_STORE }];
  const sections = PERSONAL_SECTIONS.join('|');
  const otherLocales = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join('|');
  // A host whose language is not the default serves an unprefixed path in the default language
  // only to a visitor whose cookie chose it (others are redirected to the prefixed path): a cache
  // keyed by URL must never hand that page to the others.
  const otherLanguageHosts = Object.entries(hosts)
    .filter(([, variant]) => VARIANT_FEATURES[variant].defaultLocale !== DEFAULT_LOCALE)
    .map(([host]) => escapeRegExp(host));
  return [
    {
      source: `/api/:path((?!${PUBLIC_API_PATHS.map(escapeRegExp).join('|')}).*)`,
      headers: privateHeaders,
    },
    // With or without the locale, and under an embed's pages (`/embedded/checkout`, `/embedded/booking/…`).
    { source: `/:locale(${otherLocales})?/:embedded(embedded)?/:section(${sections})/:path*`, headers: privateHeaders },
    ...(otherLanguageHosts.length > 0
      ? [
          {
            source: `/:path((?!(?:${otherLocales})(?:/|$)).*)`,
            has: [
              { type: 'host' as const, value: `(?:${otherLanguageHosts.join('|')})` },
              { type: 'cookie' as const, key: LOCALE_COOKIE, value: DEFAULT_LOCALE },
            ],
            headers: privateHeaders,
          },
        ]
      : []),
  ];
}
