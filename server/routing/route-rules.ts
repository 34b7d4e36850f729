// Host variant and locale routing as Next config rules (redirects and rewrites), which Next's own
// router applies far more cheaply than the proxy: the proxy now runs for portal pages only.
// Relative imports: next.config.ts loads this before path aliases exist.
import type { Redirect, Rewrite } from 'next/dist/lib/load-custom-routes';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES } from '../../i18n/locales';
import { type HostsConfig, type Variant, VARIANT_FEATURES, VARIANTS } from '../shared/sites/site-variants';

/** Paths Next serves itself, never pages of the portal (public files are served before these rules). */
const NOT_A_PAGE = '(?!api/|api$|_next/)';
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

export function routeRedirects(hosts: HostsConfig): Redirect[] {
  const localePrefixes = OTHER_LOCALES.join('|');
  return [
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
 * serves as they are, without a rewrite: the tour and city pages, the bulk of the public traffic.
 * Only dynamic routes under a fixed prefix can be served so: Next checks dynamic routes after the
 * rewrites, so the other hosts' rules still claim `/tour/…` on their hosts, while a static page
 * there (`/search`, `/`) would be matched before any host rule.
 */
export const DIRECT_PAGE_PREFIXES = ['tour', 'city'] as const;

/**
 * What marks the request with which Next renders a server action's redirect target: it fetches
 * the target from itself (`http://localhost:PORT/…`, where Node's fetch sets `Host` from that URL)
 * with the action request's headers, its own `x-action-redirect` response header among them, so
 * the visitor's host arrives only as `X-Forwarded-Host`.
 */
const ACTION_REDIRECT = { type: 'header' as const, key: 'x-action-redirect' };
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

/**
 * Every other page request to `/{locale}/{variant}/…`, the internal route of `app/[locale]/[variant]`.
 *
 * Order matters for speed: Next tries the rules in turn on every page request, twice (its router,
 * then the page module, which compiles each rule's pattern anew per request). The main host's
 * unprefixed pages, most of the traffic, match the first rule; the main rules step aside for the
 * other variants' hosts by a `missing` host condition, so the order never changes which rule wins.
 * They also step aside for a server action's redirect, which is routed by the forwarded host
 * (ACTION_REDIRECT): without that, the page an action redirects to rendered the main
 * variant on every host until a reload.
 */
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
    ...OTHER_LOCALES.flatMap((locale): Rewrite[] => [
      { source: `/${locale}`, destination: `/${locale}/${variant}`, ...condition },
      { source: `/${locale}/:path*`, destination: `/${locale}/${variant}/:path*`, ...condition },
    ]),
  ];
  const otherHosts = Object.entries(hosts).filter(([, variant]) => variant !== 'main');
  // Unknown hosts get the main variant, and so does an action's redirect on one.
  if (otherHosts.length === 0) return forVariant('main', {});
  return [
    ...forVariant('main', { missing: [...hostCondition(...otherHosts.map(([host]) => host)), ACTION_REDIRECT] }),
    ...otherHosts.flatMap(([host, variant]) => forVariant(variant, { has: [ACTION_REDIRECT, FLIGHT_REQUEST, ...forwardedHostCondition(host)] })),
    ...otherHosts.flatMap(([host, variant]) => forVariant(variant, { has: hostCondition(host) })),
    ...forVariant('main', { has: [ACTION_REDIRECT] }),
  ];
}
