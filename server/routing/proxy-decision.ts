// What the proxy does with a request: pure, so every branch is unit-tested without a server.
import { isPublicPath } from '@/server/auth/route-access';
import { type HostsConfig, type Variant, VARIANT_FEATURES, variantForHost } from '@/server/sites/site-variants';
import { DEFAULT_LOCALE, type Locale, isLocale, localizedPath } from '@/i18n/locales';

export type ProxyRequest = {
  host: string | null;
  pathname: string;
  /** Including the leading `?`, or empty. */
  search: string;
  localeCookie: string | undefined;
  hasSessionCookie: boolean;
  hosts: HostsConfig;
};

export type ProxyDecision =
  | { type: 'redirect'; location: string }
  /** Serve the internal route `/{locale}/{variant}{path}`. */
  | { type: 'rewrite'; pathname: string; locale: Locale; variant: Variant };

function splitLocale(pathname: string): { prefix: Locale | null; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (isLocale(first)) return { prefix: first, path: `/${rest.join('/')}` };
  return { prefix: null, path: pathname };
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function decideProxy(request: ProxyRequest): ProxyDecision {
  const variant = variantForHost(request.host, request.hosts);
  const { prefix, path: rawPath } = splitLocale(request.pathname);
  const path = stripTrailingSlash(rawPath);

  // The default locale is never prefixed: one canonical URL per page.
  if (prefix === DEFAULT_LOCALE) return { type: 'redirect', location: `${path}${request.search}` };

  let locale: Locale = prefix ?? DEFAULT_LOCALE;
  if (!prefix && VARIANT_FEATURES[variant].defaultLocale !== DEFAULT_LOCALE) {
    // The Russian domain opens in Russian unless the visitor chose English.
    if (request.localeCookie !== DEFAULT_LOCALE) {
      const preferred = VARIANT_FEATURES[variant].defaultLocale;
      return { type: 'redirect', location: `${localizedPath(preferred, path)}${request.search}` };
    }
    locale = DEFAULT_LOCALE;
  }

  if (!isPublicPath(path) && !request.hasSessionCookie) {
    const callbackUrl = `${localizedPath(locale, path)}${request.search}`;
    const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl });
    return { type: 'redirect', location: `${localizedPath(locale, '/sign-in')}?${query}` };
  }

  return { type: 'rewrite', pathname: `/${locale}/${variant}${path === '/' ? '' : path}`, locale, variant };
}
