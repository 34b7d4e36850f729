import type { IncomingMessage } from 'node:http';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { matchHas } from 'next/dist/shared/lib/router/utils/prepare-destination';
import { getCacheControlHeader } from 'next/dist/server/lib/cache-control';
import { defaultConfig } from 'next/dist/server/config-shared';
import nextConfig from '@/next.config';
import {
  edgeCacheHeaderRules,
  edgeCacheHeaders,
  PRIVATE_NO_STORE,
  publicCacheControl,
  STALE_WHILE_REVALIDATE_SECONDS,
} from '@/server/edge-cache/cache-policy';
import { DEFAULT_HOSTS } from '@/shared/sites/site-variants';

// The edge's verdict per response (the server hook) and per path (next.config's header rules),
// the latter run through Next's own matching, as `next start` applies them.

type Request = { host?: string; pathname: string; cookie?: string };

/** The Cache-Control next.config's rules put on a request's response (the last matching rule wins, as in Next). */
function configCacheControl(rules: ReturnType<typeof edgeCacheHeaderRules>, { host = 'localhost:3000', pathname, cookie }: Request): string | undefined {
  let value: string | undefined;
  for (const rule of rules) {
    if (!getPathMatch(rule.source, { removeUnnamedParams: true, strict: true })(pathname)) continue;
    const req = { headers: { host, ...(cookie ? { cookie } : {}) } } as unknown as IncomingMessage;
    if (!matchHas(req, {}, rule.has, undefined)) continue;
    value = rule.headers.find((header) => header.key === 'Cache-Control')?.value ?? value;
  }
  return value;
}

const response = (headers: Record<string, string | string[]>) => ({ getHeader: (name: string) => headers[name.toLowerCase()] });

describe('a response Next shares (the server hook)', () => {
  const nextIsr = getCacheControlHeader({ revalidate: 3600, expire: 31536000 });

  it("turns Next's header on a cached HTML page into a public one with a short stale window and Vary: rsc", () => {
    expect(nextIsr).toBe('s-maxage=3600, stale-while-revalidate=31532400');
    expect(edgeCacheHeaders(response({ 'cache-control': nextIsr, 'content-type': 'text/html; charset=utf-8' }))).toEqual({
      cacheControl: `public, s-maxage=3600, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`,
      vary: 'rsc',
    });
    expect(edgeCacheHeaders(response({ 'cache-control': getCacheControlHeader({ revalidate: false, expire: undefined }), 'content-type': 'text/html' }))).toEqual({
      cacheControl: publicCacheControl(31536000),
      vary: 'rsc',
    });
  });

  it("relies on Next refusing a Flight request whose _rsc hash does not match its router headers (so Vary: rsc suffices)", () => {
    expect(defaultConfig.experimental?.validateRSCRequestHeaders).toBe(true);
    expect(nextConfig.experimental?.validateRSCRequestHeaders).not.toBe(false);
  });

  it("keeps a cached page's Flight (RSC) answer out of shared caches: no purge can name its _rsc URL", () => {
    expect(edgeCacheHeaders(response({ 'cache-control': nextIsr, 'content-type': 'text/x-component' }))).toEqual({ cacheControl: PRIVATE_NO_STORE });
  });

  it('never makes public an answer that sets a cookie', () => {
    expect(edgeCacheHeaders(response({ 'cache-control': nextIsr, 'content-type': 'text/html', 'set-cookie': ['authjs.csrf-token=x'] }))).toEqual({
      cacheControl: PRIVATE_NO_STORE,
    });
  });

  it('leaves a per-request render, a route handler and the path rules as they are', () => {
    const perRequest = getCacheControlHeader({ revalidate: 0, expire: undefined });
    expect(perRequest).toMatch(/^private, .*no-store/);
    for (const cacheControl of [perRequest, PRIVATE_NO_STORE, 'public, max-age=31536000, immutable', 'public, max-age=300']) {
      expect(edgeCacheHeaders(response({ 'cache-control': cacheControl, 'content-type': 'text/html' }))).toBeNull();
    }
    expect(edgeCacheHeaders(response({ 'content-type': 'text/html' }))).toBeNull();
  });
});

describe("next.config's edge rules (Next's own matching)", () => {
  const rules = edgeCacheHeaderRules(DEFAULT_HOSTS);

  it.each([
    '/api/v1/b2b/tours',
    '/api/catalog/tours/desert-safari/agent-details',
    '/api/auth/session',
    '/api/auth/csrf',
    '/api/bookings/TD-ABCDEFG/voucher',
    '/checkout',
    '/checkout/abc',
    '/ru/checkout',
    '/bookings',
    '/bookings/TD-ABCDEFG',
    '/my-bookings',
    '/my-account',
    '/balance/transactions',
    '/widgets/new',
    '/pay/sandbox/ch_1',
    '/ops',
    '/ops/agencies/1',
    '/ru/ops',
    '/embedded/checkout',
    '/ru/embedded/booking/p1',
    '/embedded/my-booking/token',
    // A guest's voucher link, on any host.
    '/embedded/voucher/token',
    '/ru/embedded/voucher/token',
    // A widget's domain: the guest's checkout, payment and booking pages.
    '/book/offer-1',
    '/payment/b1',
    '/booking/p1',
    '/my-booking/token',
  ])('%s is private, no-store', (pathname) => {
    expect(configCacheControl(rules, { pathname })).toBe(PRIVATE_NO_STORE);
    expect(configCacheControl(rules, { host: 'tours.desertrose.test', pathname })).toBe(PRIVATE_NO_STORE);
  });

  it.each(['/', '/ru', '/uae', '/ru/uae', '/city/dubai', '/tour/desert-safari', '/ru/tour/desert-safari', '/terms-of-use', '/privacy-policy', '/api/catalog/images/abc', '/api/v1/openapi.json', '/api/docs/scalar'])(
    '%s is left to Next (public when Next shares it)',
    (pathname) => {
      expect(configCacheControl(rules, { pathname })).toBeUndefined();
      expect(configCacheControl(rules, { host: 'partner.localhost', pathname, cookie: 'NEXT_LOCALE=en' })).toBeUndefined();
    },
  );

  it("keeps the Russian host's English pages (shown only to a visitor whose cookie chose English) out of shared caches", () => {
    const choseEnglish = { host: 'ru.localhost:3000', cookie: 'a=1; NEXT_LOCALE=en' };
    for (const pathname of ['/', '/tour/desert-safari', '/uae', '/terms-of-use']) {
      expect(configCacheControl(rules, { ...choseEnglish, pathname })).toBe(PRIVATE_NO_STORE);
      // Without the cookie the visitor is redirected to /ru/…; the Russian pages stay public.
      expect(configCacheControl(rules, { host: 'ru.localhost:3000', pathname })).toBeUndefined();
    }
    expect(configCacheControl(rules, { ...choseEnglish, pathname: '/ru/tour/desert-safari' })).toBeUndefined();
    expect(configCacheControl(rules, { ...choseEnglish, pathname: '/ru' })).toBeUndefined();
  });

  it('are what next.config.ts sends', async () => {
    const headers = await nextConfig.headers!();
    expect(headers).toEqual(expect.arrayContaining(rules.map((rule) => expect.objectContaining({ source: rule.source }))));
  });
});
