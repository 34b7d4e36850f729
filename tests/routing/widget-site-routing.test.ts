import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { routeRedirects, routeRewrites } from '@/server/routing/route-rules';
import { DEFAULT_HOSTS, type HostsConfig, isWidgetHost, parseHostsConfig } from '@/shared/sites/site-variants';
import { route, type RoutedRequest } from '../support/next-routes';

// A host that is none of the configured ones is an agency's widget domain, added at run
// time, so its pages go to the widget site tree keyed by host (`/widget-site/{host}/{visitor's
// language}/…`), which looks the domain up. The portal's own hosts route as before, and no portal
// page is reachable on a widget's domain.

const rulesFor = (hosts: HostsConfig) => ({ redirects: routeRedirects(hosts), rewrites: routeRewrites(hosts) });
const rules = rulesFor(DEFAULT_HOSTS);
const at = (host: string, pathname: string, headers: Record<string, string> = {}): RoutedRequest => ({ host, pathname, headers });

describe('the portal’s own hosts', () => {
  it('still serve the main variant on localhost and 127.0.0.1, whatever port', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3300', 'localhost']) {
      expect(route(at(host, '/'), rules), host).toEqual({ rewrite: '/en/main' });
      expect(route(at(host, '/uae'), rules), host).toEqual({ rewrite: '/en/main/uae' });
      expect(route(at(host, '/ru'), rules), host).toEqual({ rewrite: '/ru/main' });
      expect(route(at(host, '/ru/city/dubai'), rules), host).toEqual({ rewrite: '/ru/main/city/dubai' });
      expect(route(at(host, '/tour/abc'), rules), host).toEqual({ unchanged: true });
    }
  });

  it('keep their variants', () => {
    expect(route(at('partner.localhost:3000', '/tour/abc'), rules)).toEqual({ rewrite: '/en/second/tour/abc' });
    expect(route(at('ru.localhost:3000', '/ru/uae'), rules)).toEqual({ rewrite: '/ru/russian/uae' });
  });

  it('route the main host’s unprefixed pages by the first two rules, at one host condition and one header’s presence', () => {
    for (const rule of rules.rewrites.slice(0, 2)) {
      expect(rule.has).toEqual([{ type: 'host', value: '(?:localhost|127\\.0\\.0\\.1)(?::\\d+)?' }]);
      expect(rule.missing).toEqual([{ type: 'header', key: 'x-action-redirect' }]);
    }
    expect(route(at('localhost:3000', '/terms-of-use'), { redirects: [], rewrites: rules.rewrites.slice(0, 2) })).toEqual({ rewrite: '/en/main/terms-of-use' });
  });

  it('route a widget site’s landing page by the sixth rule at the latest, in either language (Next’s page module compiles every rule before it anew on each request)', () => {
    const early = { redirects: [], rewrites: rules.rewrites.slice(0, 6) };
    expect(route(at('tours.agency.test', '/'), early)).toEqual({ rewrite: '/widget-site/tours.agency.test/en' });
    expect(route(at('tours.agency.test', '/', { 'accept-language': 'ru-RU,ru;q=0.9' }), early)).toEqual({ rewrite: '/widget-site/tours.agency.test/ru' });
  });

  it('ignore a forged X-Forwarded-Host naming a widget’s domain', () => {
    const forged = { 'x-forwarded-host': 'tours.agency.test' };
    expect(route(at('localhost:3000', '/', forged), rules)).toEqual({ rewrite: '/en/main' });
    expect(route(at('127.0.0.1:3000', '/my-bookings', forged), rules)).toEqual({ rewrite: '/en/main/my-bookings' });
    expect(route(at('localhost:3000', '/tour/abc', forged), rules)).toEqual({ unchanged: true });
  });
});

describe('a widget’s domain', () => {
  it('goes to the widget site tree, keyed by its host without the port', () => {
    expect(route(at('tours.agency.test', '/'), rules)).toEqual({ rewrite: '/widget-site/tours.agency.test/en' });
    expect(route(at('tours.agency.test:3000', '/book/abc'), rules)).toEqual({ rewrite: '/widget-site/tours.agency.test/en/book/abc' });
    expect(route(at('WWW.Agency.Test', '/'), rules)).toEqual({ rewrite: '/widget-site/www.agency.test/en' });
  });

  it('serves no portal page: the tour pages, sign-in, the portal, the console and internal paths all go to the site', () => {
    for (const path of ['/tour/abc', '/city/dubai', '/uae', '/sign-in', '/bookings', '/my-bookings/TD-1', '/ops', '/ops/sign-in', '/ru', '/ru/sign-in', '/ru/main/sign-in', '/widget-site/other.test/en']) {
      const routed = route(at('tours.agency.test', path), rules);
      expect(routed, path).toEqual({ rewrite: `/widget-site/tours.agency.test/en${path}` });
    }
    // The one canonical URL redirect applies on every host; its target then goes to the site too.
    expect(route(at('tours.agency.test', '/en/main/sign-in'), rules)).toEqual({ redirect: '/main/sign-in' });
  });

  it('serves a forged action-redirect header its own site, never a portal page', () => {
    const forged = { 'x-action-redirect': '/bookings;push', 'x-forwarded-host': 'localhost:3000' };
    expect(route(at('tours.agency.test', '/bookings', forged), rules)).toEqual({ rewrite: '/widget-site/tours.agency.test/en/bookings' });
    expect(route(at('tours.agency.test', '/bookings', { ...forged, rsc: '1', 'x-forwarded-host': 'partner.localhost' }), rules)).toEqual({
      rewrite: '/widget-site/tours.agency.test/en/bookings',
    });
  });

  it('renders its site for an action’s redirect on it (the guest checkout), which Next renders on its own localhost', () => {
    const actionRedirect = (forwardedHost: string, pathname: string) =>
      at('localhost:3000', pathname, { 'x-action-redirect': `${pathname};push`, rsc: '1', 'x-forwarded-host': forwardedHost });
    expect(route(actionRedirect('tours.agency.test:3000', '/booking/abc'), rules)).toEqual({ rewrite: '/widget-site/tours.agency.test/en/booking/abc' });
    expect(route(actionRedirect('tours.agency.test, proxy.internal', '/'), rules)).toEqual({ rewrite: '/widget-site/tours.agency.test/en' });
    expect(route(actionRedirect('localhost:3000', '/booking/abc'), rules)).toEqual({ rewrite: '/en/main/booking/abc' });
  });

  it('leaves API routes to every host, and serves the embeddable pages', () => {
    expect(route(at('tours.agency.test', '/api/v1/widgets/tour/url/x'), rules)).toEqual({ unchanged: true });
    expect(route(at('tours.agency.test', '/api/files/x'), rules)).toEqual({ unchanged: true });
    expect(route(at('tours.agency.test', '/embedded'), rules)).toEqual({ rewrite: '/en/main/embedded' });
    expect(route(at('tours.agency.test', '/embedded/checkout'), rules)).toEqual({ rewrite: '/en/main/embedded/checkout' });
    expect(route(at('tours.agency.test', '/ru/embedded/checkout'), rules)).toEqual({ rewrite: '/ru/main/embedded/checkout' });
    // The sandbox gateway's payment page, where a guest of the site pays.
    expect(route(at('tours.agency.test', '/pay/sandbox/sbx_ch_1'), rules)).toEqual({ rewrite: '/en/main/pay/sandbox/sbx_ch_1' });
    expect(route(at('tours.agency.test', '/pay/x'), rules)).toEqual({ rewrite: '/widget-site/tours.agency.test/en/pay/x' });
  });

  it('carries the visitor’s language (Russian before English in Accept-Language), for the not-found page', () => {
    const language = (value: string) => route(at('tours.agency.test', '/', { 'accept-language': value }), rules);
    expect(language('ru-RU,ru;q=0.9,en-US;q=0.8')).toEqual({ rewrite: '/widget-site/tours.agency.test/ru' });
    expect(language('uk,ru;q=0.9,en;q=0.8')).toEqual({ rewrite: '/widget-site/tours.agency.test/ru' });
    expect(language('ru')).toEqual({ rewrite: '/widget-site/tours.agency.test/ru' });
    expect(language('en-US,en;q=0.9,ru;q=0.8')).toEqual({ rewrite: '/widget-site/tours.agency.test/en' });
    expect(language('de-DE,de;q=0.9')).toEqual({ rewrite: '/widget-site/tours.agency.test/en' });
    expect(language('rus')).toEqual({ rewrite: '/widget-site/tours.agency.test/en' });
    expect(route(at('tours.agency.test', '/x', { 'accept-language': 'ru' }), rules)).toEqual({ rewrite: '/widget-site/tours.agency.test/ru/x' });
  });

  it('is any host name not configured: an IP address or a single label too, for the site tree to answer not found', () => {
    for (const host of ['10.0.0.5:3000', 'foo.localhost', 'intranet']) {
      const name = host.replace(/:\d+$/, '');
      expect(route(at(host, '/tour/abc'), rules), host).toEqual({ rewrite: `/widget-site/${name}/en/tour/abc` });
      expect(route(at(host, '/'), rules), host).toEqual({ rewrite: `/widget-site/${name}` + '/en' });
    }
    // Not a name Next can hand on as a path segment: not routed at all.
    expect(route(at('[::1]:3000', '/'), rules)).toEqual({ unchanged: true });
  });

  it('never takes the server’s own requests (localhost, an address) for a widget’s domain when rendering an action’s redirect', () => {
    const hosts = parseHostsConfig('{"b2b.example.com":"main"}');
    for (const self of ['localhost:3000', '10.0.0.5:3000']) {
      const request = at(self, '/balance', { 'x-action-redirect': '/balance;push', rsc: '1', 'x-forwarded-host': 'b2b.example.com' });
      expect(route(request, rulesFor(hosts)), self).toEqual({ rewrite: '/en/main/balance' });
    }
  });
});

describe('with HOSTS configured', () => {
  const hosts = parseHostsConfig('{"b2b.example.com":"main","partners.example.com":"second","b2b.example.ru":"russian"}');
  const configured = rulesFor(hosts);

  it('tells the configured domains from widget domains', () => {
    expect(route(at('b2b.example.com', '/'), configured)).toEqual({ rewrite: '/en/main' });
    expect(route(at('partners.example.com', '/uae'), configured)).toEqual({ rewrite: '/en/second/uae' });
    expect(route(at('b2b.example.ru', '/ru'), configured)).toEqual({ rewrite: '/ru/russian' });
    expect(route(at('tours.example.com', '/'), configured)).toEqual({ rewrite: '/widget-site/tours.example.com/en' });
    expect(route(at('b2b.example.com.evil.test', '/'), configured)).toEqual({ rewrite: '/widget-site/b2b.example.com.evil.test/en' });
    // No longer configured, so a name like any other.
    expect(route(at('partner.localhost', '/'), configured)).toEqual({ rewrite: '/widget-site/partner.localhost/en' });
  });

  it('renders a configured host’s action redirect, made on the server’s own localhost, by its forwarded host', () => {
    const actionRedirect = (forwardedHost: string, pathname: string) =>
      at('localhost:3000', pathname, { 'x-action-redirect': `${pathname};push`, rsc: '1', 'x-forwarded-host': forwardedHost });
    expect(route(actionRedirect('b2b.example.com', '/balance'), configured)).toEqual({ rewrite: '/en/main/balance' });
    expect(route(actionRedirect('partners.example.com', '/ru/top-up'), configured)).toEqual({ rewrite: '/ru/second/top-up' });
  });

  it('says in code what the rules say', () => {
    const samples = ['b2b.example.com', 'B2B.Example.com:443', 'partners.example.com', 'tours.example.com', 'a.b.c.example.org', 'localhost', '127.0.0.1', '10.0.0.5', 'x.localhost', 'intranet', 'bad_name.test', '[::1]:3000', ''];
    for (const [config, routed] of [
      [hosts, configured],
      [DEFAULT_HOSTS, rules],
    ] as const) {
      for (const host of samples) {
        const toSite = (route(at(host, '/'), routed) as { rewrite?: string }).rewrite?.startsWith('/widget-site/') ?? false;
        expect(isWidgetHost(host, config), host).toBe(toSite);
      }
    }
  });
});

describe('the proxy on a widget’s domain', () => {
  it('does not send a visitor of a portal path to the portal’s sign-in, and still gates the portal’s own hosts', async () => {
    const onWidget = await proxy(new NextRequest('http://tours.agency.test/bookings'));
    expect(onWidget.headers.get('location')).toBeNull();
    expect(onWidget.headers.get('x-middleware-next')).toBe('1');
    expect(onWidget.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
    const onPortal = await proxy(new NextRequest('http://localhost:3000/bookings'));
    expect(new URL(onPortal.headers.get('location')!).pathname).toBe('/sign-in');
  });
});
