import { DEFAULT_HOSTS, parseHostsConfig } from '@/shared/sites/site-variants';
import { routeRedirects, routeRewrites } from '@/server/routing/route-rules';
import { route, type RoutedRequest } from '../support/next-routes';

// A server action's redirect is rendered by Next in the same response, from a request
// it sends itself to `localhost:PORT` with the action's headers (its own `x-action-redirect` among
// them). The host the agent used is then only in X-Forwarded-Host, and it picks the variant.

const rules = { redirects: routeRedirects(DEFAULT_HOSTS), rewrites: routeRewrites(DEFAULT_HOSTS) };

/** The request Next's action handler sends to render the redirect target (action-handler.js, createRedirectRenderResult). */
const actionRedirect = (forwardedHost: string, pathname: string): RoutedRequest => ({
  host: 'localhost:3000',
  pathname,
  headers: { 'x-action-redirect': `${pathname};push`, rsc: '1', 'x-forwarded-host': forwardedHost },
});

describe('routing the page a server action redirects to', () => {
  it('renders the variant of the host the agent used, in the language of the path', () => {
    expect(route(actionRedirect('partner.localhost:3000', '/checkout/confirmation/TD-ABCDEFG'), rules)).toEqual({
      rewrite: '/en/second/checkout/confirmation/TD-ABCDEFG',
    });
    expect(route(actionRedirect('ru.localhost:3000', '/ru/checkout/confirmation/TD-ABCDEFG'), rules)).toEqual({
      rewrite: '/ru/russian/checkout/confirmation/TD-ABCDEFG',
    });
    expect(route(actionRedirect('ru.localhost', '/ru/my-bookings/TD-ABCDEFG'), rules)).toEqual({ rewrite: '/ru/russian/my-bookings/TD-ABCDEFG' });
    expect(route(actionRedirect('partner.localhost:3000', '/ru/top-up'), rules)).toEqual({ rewrite: '/ru/second/top-up' });
    expect(route(actionRedirect('partner.localhost:3000', '/'), rules)).toEqual({ rewrite: '/en/second' });
    expect(route(actionRedirect('ru.localhost:3000', '/ru'), rules)).toEqual({ rewrite: '/ru/russian' });
  });

  it('reads the first forwarded host when proxies added theirs', () => {
    expect(route(actionRedirect('partner.localhost:3000, internal.lb', '/top-up'), rules)).toEqual({ rewrite: '/en/second/top-up' });
  });

  it('keeps the main variant for the main host, and a host it does not know renders its widget site', () => {
    expect(route(actionRedirect('localhost:3000', '/my-bookings/TD-ABCDEFG'), rules)).toEqual({ rewrite: '/en/main/my-bookings/TD-ABCDEFG' });
    expect(route(actionRedirect('b2b.example.com', '/ru/sign-in'), rules)).toEqual({ rewrite: '/widget-site/b2b.example.com/en/ru/sign-in' });
    expect(route(actionRedirect('tours.agency.test:3000', '/'), rules)).toEqual({ rewrite: '/widget-site/tours.agency.test/en' });
    expect(route(actionRedirect('localhost:3000', '/tour/abc'), rules)).toEqual({ unchanged: true });
  });

  it('routes by the host itself when no action redirect is rendered, whatever X-Forwarded-Host says', () => {
    const forged = { 'x-forwarded-host': 'partner.localhost' };
    expect(route({ host: 'localhost:3000', pathname: '/', headers: forged }, rules)).toEqual({ rewrite: '/en/main' });
    expect(route({ host: 'localhost:3000', pathname: '/uae', headers: { ...forged, 'x-action-redirect': '/uae;push' } }, rules)).toEqual({
      rewrite: '/en/main/uae',
    });
    expect(route({ host: 'ru.localhost:3000', pathname: '/ru', headers: forged }, rules)).toEqual({ rewrite: '/ru/russian' });
  });

  it('follows HOSTS as configured', () => {
    const hosts = parseHostsConfig('{"b2b.example.com":"main","partners.example.com":"second"}');
    const configured = { redirects: routeRedirects(hosts), rewrites: routeRewrites(hosts) };
    expect(route(actionRedirect('partners.example.com', '/balance'), configured)).toEqual({ rewrite: '/en/second/balance' });
    expect(route(actionRedirect('b2b.example.com', '/balance'), configured)).toEqual({ rewrite: '/en/main/balance' });
    const mainOnly = parseHostsConfig('{"b2b.example.com":"main"}');
    expect(route(actionRedirect('b2b.example.com', '/balance'), { redirects: routeRedirects(mainOnly), rewrites: routeRewrites(mainOnly) })).toEqual({
      rewrite: '/en/main/balance',
    });
  });
});
