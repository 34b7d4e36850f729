import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ProxyMatcher } from 'next/dist/build/analysis/get-page-static-info';
import { getMiddlewareRouteMatcher, type MiddlewareRouteMatch } from 'next/dist/shared/lib/router/utils/middleware-route-matcher';
import { NextRequest } from 'next/server';
import { config as proxyConfig, proxy } from '@/proxy';
import { markDatabaseDown, markDatabaseUp } from '@/server/db/health-state';
import { PORTAL_ROUTES } from '@/shared/auth/route-access';
import { gateRedirect, proxyDecision, type ProxyRequest } from '@/server/routing/gate';
import { MAINTENANCE_RETRY_SECONDS, maintenancePage } from '@/server/routing/maintenance-page';
import { DIRECT_PAGE_PREFIXES, LEGACY_API_REDIRECTS, routeRedirects, routeRewrites } from '@/server/routing/route-rules';
import { DEFAULT_HOSTS, parseHostsConfig, variantForHost } from '@/shared/sites/site-variants';
import { route, type RoutedRequest } from '../support/next-routes';

// Not in Next's type declarations, but what `next build` compiles the proxy's matcher with.
const { getMiddlewareMatchers } = createRequire(import.meta.url)('next/dist/build/analysis/get-page-static-info') as {
  getMiddlewareMatchers: (matcher: string[], nextConfig: object) => ProxyMatcher[];
};

const rules = { redirects: routeRedirects(DEFAULT_HOSTS), rewrites: routeRewrites(DEFAULT_HOSTS) };
const request = (overrides: Partial<RoutedRequest>): RoutedRequest => ({ host: 'localhost:3000', pathname: '/', ...overrides });

describe('host variants', () => {
  it.each([
    ['localhost:3000', 'main'],
    ['127.0.0.1:3000', 'main'],
    ['partner.localhost:3000', 'second'],
    ['RU.localhost', 'russian'],
    ['unknown.example.com', 'main'],
    [null, 'main'],
  ] as const)('%s → %s', (host, variant) => {
    expect(variantForHost(host, DEFAULT_HOSTS)).toBe(variant);
  });

  it('reads HOSTS as a replacement for the defaults', () => {
    const hosts = parseHostsConfig('{"b2b.example.com":"main","Partners.example.com":"second"}');
    expect(variantForHost('partners.example.com', hosts)).toBe('second');
    expect(hosts['partner.localhost']).toBeUndefined();
  });

  it('refuses an unknown variant in HOSTS', () => {
    expect(() => parseHostsConfig('{"x.example.com":"gold"}')).toThrow(/unknown variant/);
    expect(() => parseHostsConfig('["localhost"]')).toThrow(/JSON object/);
  });
});

describe('locale and variant routing (Next config rules)', () => {
  it('serves English unprefixed on the main host', () => {
    expect(route(request({ pathname: '/terms-of-use' }), rules)).toEqual({ rewrite: '/en/main/terms-of-use' });
    expect(route(request({ pathname: '/' }), rules)).toEqual({ rewrite: '/en/main' });
    expect(route(request({ pathname: '/uae' }), rules)).toEqual({ rewrite: '/en/main/uae' });
  });

  it('serves the API reference /api/docs as a page of every host, and leaves the API to its routes', () => {
    expect(route(request({ pathname: '/api/docs' }), rules)).toEqual({ rewrite: '/en/main/api/docs' });
    expect(route(request({ pathname: '/ru/api/docs' }), rules)).toEqual({ rewrite: '/ru/main/api/docs' });
    expect(route(request({ host: 'partner.localhost', pathname: '/api/docs' }), rules)).toEqual({ rewrite: '/en/second/api/docs' });
    // A visitor reads it without signing in.
    expect(gateRedirect({ pathname: '/api/docs', search: '', hasSessionCookie: false })).toBeNull();
    expect(gateRedirect({ pathname: '/ru/api/docs', search: '', hasSessionCookie: false })).toBeNull();
    for (const pathname of ['/api/v1/openapi.json', '/api/docs/scalar', '/api/v1/b2b/tours', '/api/docsx', '/api']) {
      expect(route(request({ pathname }), rules), pathname).toEqual({ unchanged: true });
    }
  });

  it('sends the API\'s paths from before /api/v1 there permanently', () => {
    expect(route(request({ pathname: '/api/b2b/availability/by-offer' }), rules)).toEqual({ redirect: '/api/v1/b2b/availability/ByOffer' });
    expect(route(request({ pathname: '/api/b2b/bookings/withpaymentintent' }), rules)).toEqual({ redirect: '/api/v1/b2b/bookings/withpaymentintent' });
    expect(route(request({ pathname: '/api/bookings/TD-7KQ2M9X/voucher' }), rules)).toEqual({ redirect: '/api/v1/b2b/bookings/TD-7KQ2M9X/documents/voucher' });
    expect(route(request({ pathname: '/api/bookings/export' }), rules)).toEqual({ unchanged: true });
    expect(LEGACY_API_REDIRECTS.every((rule) => rule.permanent)).toBe(true);
  });

  it('leaves the main host\'s English tour and city pages to their own routes, on no other host', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000']) {
      expect(route(request({ host, pathname: '/tour/abc' }), rules)).toEqual({ unchanged: true });
      expect(route(request({ host, pathname: '/city/dubai' }), rules)).toEqual({ unchanged: true });
    }
    expect(route(request({ host: 'partner.localhost', pathname: '/tour/abc' }), rules)).toEqual({ rewrite: '/en/second/tour/abc' });
    // A host it does not know is a widget's domain (tests/routing/widget-site-routing.test.ts).
    expect(route(request({ host: 'unknown.example.com', pathname: '/tour/abc' }), rules)).toEqual({ rewrite: '/widget-site/unknown.example.com/en/tour/abc' });
    expect(route(request({ pathname: '/ru/city/dubai' }), rules)).toEqual({ rewrite: '/ru/main/city/dubai' });
    expect(route(request({ pathname: '/tours-of-dubai' }), rules)).toEqual({ rewrite: '/en/main/tours-of-dubai' });
    for (const prefix of DIRECT_PAGE_PREFIXES) {
      expect(existsSync(`app/(default-site)/${prefix}/[slug]/page.tsx`), prefix).toBe(true);
    }
  });

  it('serves Russian under /ru', () => {
    expect(route(request({ pathname: '/ru' }), rules)).toEqual({ rewrite: '/ru/main' });
    expect(route(request({ pathname: '/ru/tour/abc' }), rules)).toEqual({ rewrite: '/ru/main/tour/abc' });
  });

  it('redirects /en/… to the one canonical unprefixed URL', () => {
    expect(route(request({ pathname: '/en/city/dubai' }), rules)).toEqual({ redirect: '/city/dubai' });
    expect(route(request({ pathname: '/en' }), rules)).toEqual({ redirect: '/' });
  });

  it('opens the Russian domain in Russian', () => {
    const russianHost = { host: 'ru.localhost:3000' };
    expect(route(request({ ...russianHost, pathname: '/privacy-policy' }), rules)).toEqual({ redirect: '/ru/privacy-policy' });
    expect(route(request({ ...russianHost, pathname: '/' }), rules)).toEqual({ redirect: '/ru' });
    expect(route(request({ ...russianHost, pathname: '/ru' }), rules)).toEqual({ rewrite: '/ru/russian' });
  });

  it('keeps English on the Russian domain for a visitor who chose it', () => {
    const english = { host: 'ru.localhost', cookie: 'NEXT_LOCALE=en' };
    expect(route(request({ ...english, pathname: '/' }), rules)).toEqual({ rewrite: '/en/russian' });
    expect(route(request({ ...english, pathname: '/tour/x' }), rules)).toEqual({ rewrite: '/en/russian/tour/x' });
  });

  it('does not switch the main host to Russian because of a cookie', () => {
    expect(route(request({ pathname: '/', cookie: 'NEXT_LOCALE=ru' }), rules)).toEqual({ rewrite: '/en/main' });
  });

  it('serves the second variant on partner.localhost', () => {
    expect(route(request({ host: 'partner.localhost:3000', pathname: '/' }), rules)).toEqual({ rewrite: '/en/second' });
    expect(route(request({ host: 'partner.localhost', pathname: '/ru/uae' }), rules)).toEqual({ rewrite: '/ru/second/uae' });
  });

  it('tells a path that starts like a locale from the locale prefix', () => {
    expect(route(request({ pathname: '/russia' }), rules)).toEqual({ rewrite: '/en/main/russia' });
    expect(route(request({ host: 'partner.localhost', pathname: '/rules' }), rules)).toEqual({ rewrite: '/en/second/rules' });
    expect(route(request({ host: '127.0.0.1', pathname: '/ru/city/dubai' }), rules)).toEqual({ rewrite: '/ru/main/city/dubai' });
  });

  it('leaves the main host\'s tour and city pages by the first rule and routes its other unprefixed pages by the second, which Next tries first', () => {
    const [first, second] = rules.rewrites;
    expect(route(request({ pathname: '/tour/abc' }), { redirects: [], rewrites: [first!] })).toEqual({ unchanged: true });
    expect(route(request({ pathname: '/city/dubai' }), { redirects: [], rewrites: [first!] })).toEqual({ unchanged: true });
    expect(route(request({ pathname: '/terms-of-use' }), { redirects: [], rewrites: [first!] })).toEqual({ unchanged: true });
    expect(route(request({ pathname: '/terms-of-use' }), { redirects: [], rewrites: [second!] })).toEqual({ rewrite: '/en/main/terms-of-use' });
  });

  it('leaves API routes alone on every host', () => {
    expect(route(request({ pathname: '/api/catalog/tours/x/agent-details' }), rules)).toEqual({ unchanged: true });
    expect(route(request({ host: 'ru.localhost', pathname: '/api/health' }), rules)).toEqual({ unchanged: true });
  });
});

describe('auth gate', () => {
  it('sends an anonymous visitor of a portal page to sign-in with the way back', () => {
    const location = new URL(gateRedirect({ pathname: '/bookings', search: '?page=2', hasSessionCookie: false })!, 'http://x');
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('error')).toBe('SessionRequired');
    expect(location.searchParams.get('callbackUrl')).toBe('/bookings?page=2');
  });

  it('keeps the language on the way to sign-in', () => {
    expect(gateRedirect({ pathname: '/ru/my-account', search: '', hasSessionCookie: false })).toBe(
      `/ru/sign-in?${new URLSearchParams({ error: 'SessionRequired', callbackUrl: '/ru/my-account' })}`,
    );
  });

  it('lets a visitor with a session through to the page (which checks the role itself)', () => {
    expect(gateRedirect({ pathname: '/agents', search: '', hasSessionCookie: true })).toBeNull();
  });

  it('runs the proxy for every page rendered per request, and for no cached public page', () => {
    // Compiled and matched by the functions `next build` and `next start` use for the matcher.
    const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(proxyConfig.matcher, {}));
    const proxied = (path: string) => matches(path, { headers: {} } as Parameters<MiddlewareRouteMatch>[1], {});
    const perRequest = ['/search', '/sign-in', '/sign-up', '/forgot-password', '/reset-password', '/nope/x', '/tour/x/y', '/embedded', '/embedded/checkout', '/embedded/booking/x', '/embedded/x', '/api/docs'];
    for (const path of [...Object.keys(PORTAL_ROUTES), '/checkout/confirmation/TD-1', '/my-bookings/TD-1', ...perRequest]) {
      expect(proxied(path), path).toBe(true);
      expect(proxied(`/ru${path}`), `/ru${path}`).toBe(true);
    }
    const cached = ['/', '/tour/x', '/city/dubai', '/uae', '/terms-of-use', '/privacy-policy', '/bench-floor'];
    for (const path of [...cached, ...cached.map((path) => (path === '/' ? '/ru' : `/ru${path}`))]) {
      expect(proxied(path), path).toBe(false);
    }
    for (const path of ['/api/health', '/api/v1/b2b/bookings', '/api/v1/openapi.json', '/api/docs/scalar', '/_next/static/chunks/a.js', '/_next/image', '/images/demo/x.webp', '/brand/traveldesk-logo.svg', '/sitemap.xml', '/robots.txt']) {
      expect(proxied(path), path).toBe(false);
    }
  });

});

describe('proxy decisions', () => {
  const request = (overrides: Partial<ProxyRequest>): ProxyRequest => ({
    pathname: '/bookings',
    search: '',
    method: 'GET',
    hasSessionCookie: true,
    databaseDown: false,
    ...overrides,
  });

  it('lets a page through with its locale while the database is up', () => {
    expect(proxyDecision(request({}))).toEqual({ kind: 'page', locale: 'en' });
    expect(proxyDecision(request({ pathname: '/ru/search', hasSessionCookie: false }))).toEqual({ kind: 'page', locale: 'ru' });
    expect(proxyDecision(request({ hasSessionCookie: false }))).toEqual({ kind: 'redirect', location: gateRedirect({ pathname: '/bookings', search: '', hasSessionCookie: false }) });
  });

  it('answers every page with the maintenance page in its language while the database is down, signed in or not', () => {
    expect(proxyDecision(request({ databaseDown: true }))).toEqual({ kind: 'maintenance', locale: 'en' });
    expect(proxyDecision(request({ databaseDown: true, method: 'HEAD', hasSessionCookie: false }))).toEqual({ kind: 'maintenance', locale: 'en' });
    expect(proxyDecision(request({ databaseDown: true, pathname: '/ru/checkout', hasSessionCookie: false }))).toEqual({ kind: 'maintenance', locale: 'ru' });
    expect(proxyDecision(request({ databaseDown: true, pathname: '/sign-in' }))).toEqual({ kind: 'maintenance', locale: 'en' });
  });

  it('leaves posts (server actions) to their wrapper while the database is down', () => {
    expect(proxyDecision(request({ databaseDown: true, method: 'POST' }))).toEqual({ kind: 'page', locale: 'en' });
  });

  it('writes a self-contained maintenance page that reloads itself, in the path\'s language', () => {
    const english = maintenancePage('en');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1>Server is under maintenance</h1>');
    expect(english).toContain('This page reloads by itself');
    expect(english).toContain(`<meta http-equiv="refresh" content="${MAINTENANCE_RETRY_SECONDS}">`);
    // Nothing for the Content-Security-Policy to allow, and nothing to fetch from a server that is down.
    expect(english).not.toMatch(/<script|<link|<img|src=/);
    const russian = maintenancePage('ru');
    expect(russian).toContain('<html lang="ru">');
    expect(russian).toContain('<h1>Сервер на техническом обслуживании</h1>');
    expect(russian).toContain('Страница обновится сама');
  });
});

describe('proxy while the database is down', () => {
  afterEach(() => markDatabaseUp());

  it('answers a portal page 503 with Retry-After and the maintenance page, and the page again once the database is back', async () => {
    const request = () => new NextRequest('http://localhost:3000/ru/bookings', { headers: { cookie: 'authjs.session-token=x' } });
    markDatabaseDown();
    const down = await proxy(request());
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe(String(MAINTENANCE_RETRY_SECONDS));
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(down.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(down.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(await down.text()).toBe(maintenancePage('ru'));

    markDatabaseUp();
    const up = await proxy(request());
    expect(up.status).toBe(200);
    expect(up.headers.get('x-middleware-next')).toBe('1');
    expect(up.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+' 'sha256-[^']+' 'nonce-[^']+'/);
  });
});
