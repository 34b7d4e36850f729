// Host variant and locale routing as Next config rules (redirects and rewrites), which Next's own
// router applies far more cheaply than the proxy: the proxy now runs for portal pages only.
// Relative imports: next.config.ts loads this before path aliases exist.
import type { NextConfig } from 'next';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES } from '../../i18n/locales';
import { ACTION_REDIRECT_HEADER } from '../platform/next-private-headers';
import { type HostsConfig, ROUTABLE_HOST, type Variant, VARIANT_FEATURES, VARIANTS, WIDGET_DOMAIN_SHAPE } from '../../shared/sites/site-variants';

/** A redirect and a rewrite rule, as next.config's `redirects` and `rewrites` return them. */
type Redirect = Awaited<ReturnType<NonNullable<NextConfig['redirects']>>>[number];
type Rewrite = Extract<Awaited<ReturnType<NonNullable<NextConfig['rewrites']>>>, readonly unknown[]>[number];

/**
 * Paths Next serves itself, never pages of the portal (public files are served before these rules),
 * but for the API reference `/api/docs`, a page of the portal's shell.
 */
const NOT_A_PAGE = '(?!api/(?!docs$)|api$|_next/)';
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

function hostsOf(hosts: HostsConfig, variant: Variant): string[] {
  return Object.entries(hosts)
    .filter(([, candidate]) => candidate === variant)
    .map(([host]) => host);
}

/** A host condition matches any of the host names, with or without a port. */
function hostCondition(...hosts: string[]) {
  const names = hosts.map((host) => host.replace(/\./g, '\\.')).join('|');
  return [{ type: 'host' as const, value: `(?:${names})(?::\\d+)?` }];
}

/**
 * The API's paths before it was versioned at `/api/v1` with the spec's spelling, each sent on
 * permanently (308, so a POST stays a POST with its body) for one release; then these go.
 */
export const LEGACY_API_REDIRECTS: Redirect[] = [
  { source: '/api/b2b/availability/by-offer', destination: '/api/v1/b2b/availability/ByOffer', permanent: true },
  { source: '/api/b2b/availability/by-tour', destination: '/api/v1/b2b/availability/ByTour', permanent: true },
  { source: '/api/b2b/:path*', destination: '/api/v1/b2b/:path*', permanent: true },
  { source: '/api/bookings/:reference(TD-[A-Z2-9]{7})/:document', destination: '/api/v1/b2b/bookings/:reference/documents/:document', permanent: true },
  { source: '/api/widgets/tour/url/:url', destination: '/api/v1/widgets/tour/url/:url', permanent: true },
];

/**
 * Next's own trailing-slash redirect (`/path/` → `/path`, 308), switched off in next.config
 * (`skipTrailingSlashRedirect`) because it would also redirect OCTO's paths, which OCTO clients
 * call with a trailing slash (`/products/`) and expect answered, not redirected: the same rule,
 * but for `/api/octo`, which OCTO_TRAILING_SLASH_REWRITE serves as it is.
 */
export const TRAILING_SLASH_REDIRECT: Redirect = { source: '/:path((?!api/octo(?:/|$)).+)/', destination: '/:path', permanent: true };

/** `/api/octo/products/` is `/api/octo/products` (docs/octo-api.md): served, not redirected. */
export const OCTO_TRAILING_SLASH_REWRITE: Rewrite = { source: '/api/octo/:path+/', destination: '/api/octo/:path+' };

export function routeRedirects(hosts: HostsConfig): Redirect[] {
  const localePrefixes = OTHER_LOCALES.join('|');
  return [
    TRAILING_SLASH_REDIRECT,
    ...LEGACY_API_REDIRECTS,
    // The default locale is never prefixed: one canonical URL per page.
    { source: `/${DEFAULT_LOCALE}`, destination: '/', permanent: true },
    { source: `/${DEFAULT_LOCALE}/:path*`, destination: '/:path*', permanent: true },
    // A host whose language is not the default opens in it, unless the visitor chose the default.
    ...VARIANTS.filter((variant) => VARIANT_FEATURES[variant].defaultLocale !== DEFAULT_LOCALE).flatMap((variant) =>
      hostsOf(hosts, variant).flatMap((host): Redirect[] => {
        const locale = VARIANT_FEATURES[variant].defaultLocale;
        const condition = {
          has: hostCondition(host),
          missing: [{ type: 'cookie' as const, key: LOCALE_COOKIE, value: DEFAULT_LOCALE }],
          permanent: false,
        };
        return [
          { source: '/', destination: `/${locale}`, ...condition },
          { source: `/:path((?!${localePrefixes}(?:/|$))${NOT_A_PAGE}[^.]*)`, destination: `/${locale}/:path`, ...condition },
        ];
      }),
    ),
  ];
}

/**
 * Pages of the main host in the default language that their own route (`app/(default-site)`)
 * serves as they are (the first rule rewrites them to themselves, see routeRewrites): the tour and
 * city pages, the bulk of the public traffic.
 * Only dynamic routes under a fixed prefix can be served so: Next checks dynamic routes after the
 * rewrites, so the other hosts' rules still claim `/tour/…` on their hosts, while a static page
 * there (`/search`, `/`) would be matched before any host rule.
 */
export const DIRECT_PAGE_PREFIXES = ['tour', 'city'] as const;

/**
 * What marks the request with which Next renders a server action's redirect target: it fetches
 * the target from itself (`http://localhost:PORT/…`, where Node's fetch sets `Host` from that URL)
 * with the action request's headers, its own `x-action-redirect` response header among them, so
 * the visitor's host arrives only as `X-Forwarded-Host` (a private header of Next's:
 * server/platform/next-private-headers.ts).
 */
const ACTION_REDIRECT = { type: 'header' as const, key: ACTION_REDIRECT_HEADER };
/**
 * Routing by the forwarded host is kept to those in-process Flight requests: their responses vary
 * by `rsc`, so an HTML page cached at the edge is never one rendered for a forged forwarded name.
 */
const FLIGHT_REQUEST = { type: 'header' as const, key: 'rsc', value: '1' };

/** `X-Forwarded-Host` names one of the hosts (its first entry, as Next reads it), with or without a port. */
function forwardedHostCondition(...hosts: string[]) {
  const names = hosts.map((host) => host.replace(/\./g, '\\.')).join('|');
  return [{ type: 'header' as const, key: 'x-forwarded-host', value: `(?:${names})(?::\\d+)?(?:,.*)?` }];
}

/** The widget site tree (`app/widget-site/[host]/[visitorLocale]`): every page of a widget's domain. */
export const WIDGET_SITE_ROOT = '/widget-site';

const escapeHost = (host: string) => host.replace(/\./g, '\\.');

/** None of the configured hosts (Next has lower-cased the name and taken off the port). */
const notConfigured = (hosts: HostsConfig) => `(?!(?:${Object.keys(hosts).map(escapeHost).join('|')})$)`;

/**
 * A host served by the widget site tree: every host name that is none of the configured ones (see
 * isWidgetHost, which says the same in code). Next anchors the pattern and, as it has no named
 * group, passes the matched name on as `:host`.
 */
export function widgetHostCondition(hosts: HostsConfig) {
  return { type: 'host' as const, value: `${notConfigured(hosts)}${ROUTABLE_HOST}` };
}

/**
 * A host that can be an agency's domain and is not configured: what a forged action-redirect header
 * must not route into the portal. Narrower than widgetHostCondition: Next's requests to itself, which
 * render an action's redirect, name the server as `localhost` or by its address.
 */
function widgetDomainCondition(hosts: HostsConfig) {
  return { type: 'host' as const, value: `${notConfigured(hosts)}${WIDGET_DOMAIN_SHAPE}` };
}

/** The first `X-Forwarded-Host` entry is such a host (a widget site's action redirect), with or without a port. */
function forwardedWidgetHostCondition(hosts: HostsConfig) {
  const names = Object.keys(hosts).map(escapeHost).join('|');
  return {
    type: 'header' as const,
    key: 'x-forwarded-host',
    value: `(?!(?:${names})(?::\\d+)?(?:,|$))(?<host>${ROUTABLE_HOST})(?::\\d+)?(?:,.*)?`,
  };
}

/**
 * Accept-Language names Russian before English (browsers list languages in order of preference).
 * It only picks the language of the widget-not-found page: a widget's own pages are in its language.
 */
const RUSSIAN_VISITOR = {
  type: 'header' as const,
  key: 'accept-language',
  value: '(?:\\s*(?!(?:en|ru)(?:[-;,\\s]|$))[^,]*,)*\\s*ru(?:[-;,\\s].*)?',
};

/**
 * Every other page request to `/{locale}/{variant}/…`, the internal route of `app/[locale]/[variant]`,
 * and every page request to a widget's domain to `/widget-site/{host}/{visitor's language}/…`.
 *
 * Order matters for speed: Next tries the rules in turn on every page request, twice: its router,
 * with patterns compiled once, then the page module, which compiles each rule's pattern anew per
 * request (about 7 µs a rule here) until one rewrites to that page; a page that no rule rewrites
 * pays for all of them (30 rules: 0.19–0.22 ms). So:
 * - The main host's direct pages (DIRECT_PAGE_PREFIXES, the tour and city pages) are left where
 *   they are by the first rule, a rewrite to themselves: the page module stops there.
 * - The main host's other unprefixed pages, most of the rest of the traffic, match the next rule,
 *   at the cost of one host condition (the main hosts' names) and one header's presence
 *   (ACTION_REDIRECT).
 * - A widget site's landing page (`/`, the tour pages' throughput target) comes next, then the
 *   portal pages a widget's domain serves and the site's other pages. The other variants' rules
 *   follow, and pay the widget rules' host pattern.
 *
 * Apart from the action-redirect rules, which widget hosts' page rules step aside for (Next renders
 * an action's redirect by a request to itself, on a host that may not be configured), the rules'
 * conditions exclude each other's hosts, so their order decides speed, not which rule wins; within
 * a widget's domain a site rule must follow the portal pages' rules (its pattern takes any path),
 * and the Russian visitor's rules the default ones.
 *
 * The main rules step aside for a server action's redirect, which is routed by the forwarded host
 * (ACTION_REDIRECT): without that, the page an action redirects to rendered the main variant on
 * every host until a reload. The action-redirect rules in turn never apply on a widget's domain
 * (`missing`): a forged `x-action-redirect` header must not bring a portal page onto it; and an
 * action's redirect on a widget's site (the guest checkout) renders that site, by forwarded host.
 */
/** The portal's pages a widget's domain serves besides its site: none shows portal data. */
const WIDGET_HOST_PORTAL_PAGES = ['embedded', 'pay/sandbox', 'quote'];

export function routeRewrites(hosts: HostsConfig): Rewrite[] {
  const otherLocales = `(?:${OTHER_LOCALES.join('|')})(?:/|$)`;
  const directPages = `(?:${DIRECT_PAGE_PREFIXES.join('|')})/`;
  const forVariant = (variant: Variant, condition: Pick<Rewrite, 'has' | 'missing'>): Rewrite[] => [
    {
      source: `/:path((?!${otherLocales})${NOT_A_PAGE}${variant === 'main' ? `(?!${directPages})` : ''}.+)`,
      destination: `/${DEFAULT_LOCALE}/${variant}/:path`,
      ...condition,
    },
    { source: '/', destination: `/${DEFAULT_LOCALE}/${variant}`, ...condition },
    // `/:path*` matches the bare `/ru` too, so one rule serves the locale's home and its pages.
    ...OTHER_LOCALES.map((locale): Rewrite => ({ source: `/${locale}/:path*`, destination: `/${locale}/${variant}/:path*`, ...condition })),
  ];
  const mainHosts = hostsOf(hosts, 'main');
  const otherHosts = Object.entries(hosts).filter(([, variant]) => variant !== 'main');
  const widgetHost = widgetHostCondition(hosts);
  const widgetDomain = widgetDomainCondition(hosts);
  // The server's requests to itself that render an action's redirect may come on a host that is not
  // configured (localhost when HOSTS names only public hosts): the action-redirect rules below route them.
  const onWidgetHost = { has: [widgetHost], missing: [ACTION_REDIRECT] };
  // Every page of a widget's domain goes to its site; API routes and Next's files are served as on
  // any host. `/` has a rule of its own, as for the variants: Next matches sources strictly, and a
  // pattern matching both would rewrite `/` with a trailing slash.
  const widgetSiteHome = (visitorLocale: string, condition: Pick<Rewrite, 'has' | 'missing'>): Rewrite => ({
    source: '/',
    destination: `${WIDGET_SITE_ROOT}/:host/${visitorLocale}`,
    ...condition,
  });
  const widgetSitePages = (visitorLocale: string, condition: Pick<Rewrite, 'has' | 'missing'>): Rewrite => ({
    source: `/:path(${NOT_A_PAGE}.+)`,
    destination: `${WIDGET_SITE_ROOT}/:host/${visitorLocale}/:path`,
    ...condition,
  });
  const toWidgetSite = (visitorLocale: string, condition: Pick<Rewrite, 'has' | 'missing'>): Rewrite[] => [
    widgetSitePages(visitorLocale, condition),
    widgetSiteHome(visitorLocale, condition),
  ];
  // The visitor's language first: a request without Accept-Language (a crawler, the benchmark)
  // fails the Russian rules on a missing header.
  const russianVisitorOnWidgetHost = { has: [RUSSIAN_VISITOR, widgetHost], missing: [ACTION_REDIRECT] };
  const onMainHost = { has: hostCondition(...mainHosts), missing: [ACTION_REDIRECT] };
  return [
    ...(mainHosts.length > 0
      ? [{ source: `/:path(${directPages}[^/]+)`, destination: '/:path', ...onMainHost }, ...forVariant('main', onMainHost)]
      : []),
    widgetSiteHome('ru', russianVisitorOnWidgetHost),
    widgetSiteHome(DEFAULT_LOCALE, onWidgetHost),
    // A widget's domain serves the embeddable pages (which show no portal data), the sandbox
    // gateway's payment page (a guest pays there as at a provider's), the agency's guest quotes
    // (in its brand, opened by their signed link), and its site.
    ...WIDGET_HOST_PORTAL_PAGES.flatMap((page): Rewrite[] => [
      { source: `/${page}/:path*`, destination: `/${DEFAULT_LOCALE}/main/${page}/:path*`, ...onWidgetHost },
      ...OTHER_LOCALES.map((locale): Rewrite => ({ source: `/${locale}/${page}/:path*`, destination: `/${locale}/main/${page}/:path*`, ...onWidgetHost })),
    ]),
    widgetSitePages('ru', russianVisitorOnWidgetHost),
    widgetSitePages(DEFAULT_LOCALE, onWidgetHost),
    ...otherHosts.flatMap(([host, variant]) =>
      forVariant(variant, { has: [ACTION_REDIRECT, FLIGHT_REQUEST, ...forwardedHostCondition(host)], missing: [widgetDomain] }),
    ),
    ...otherHosts.flatMap(([host, variant]) => forVariant(variant, { has: hostCondition(host) })),
    // An action's redirect on a widget's site (the guest checkout's) renders its site. (Next
    // renders it by a request to itself, on a configured host, which the rules above leave alone.)
    ...toWidgetSite(DEFAULT_LOCALE, { has: [ACTION_REDIRECT, FLIGHT_REQUEST, forwardedWidgetHostCondition(hosts)] }),
    // Any other action redirect renders the main variant, as the main host's pages do.
    ...forVariant('main', { has: [ACTION_REDIRECT], missing: [widgetDomain] }),
    // A forged action-redirect header on a widget's domain still gets its site, never a portal page.
    ...toWidgetSite(DEFAULT_LOCALE, { has: [ACTION_REDIRECT, widgetHost] }),
  ];
}
