import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { computeCacheBustingSearchParam } from 'next/dist/shared/lib/router/utils/cache-busting-search-param';
import { NginxPurgeAdapter } from '@/server/edge-cache/nginx-adapter';
import { portalUrls } from '@/server/edge-cache/edge-urls';
import { requestSiteRenewal, siteRenewalSecret } from '@/server/widgets/sites/site-renewal';
import { DEFAULT_HOSTS } from '@/shared/sites/site-variants';
import { type Answer, cachedFiles, missingNginx, missingTestBuild, PORTAL_AUTH_SECRET, request, startNginx, startPortal } from './support/servers';

// The acceptance run of the edge cache: a real nginx (the template scripts/cluster.mjs renders) in
// front of a real portal (the test build, fresh embedded database, demo data). An anonymous client
// gets the public pages from nginx's cache from the second request on, per host; two agencies
// signed in get their pages, checkout, bookings and API answers from the portal every time, and
// nothing nginx stored holds a b2b rate, a session, a Set-Cookie or a CSRF token. A purge removes
// exactly the URLs it names.

const NGINX_PORT = 4310;
const PORTAL_PORT = 4311;
const PURGE_BASE = `http://127.0.0.1:${NGINX_PORT}/_edge-purge`;
const TOUR = 'evening-desert-safari-bbq-dinner';
const WIDGET_HOST = 'tours.desertrose.test';
/** A tour with no hotel pick-up to choose, booked by each agency. */
const BOOKED_TOUR = 'burj-khalifa-at-the-top';
const PASSWORD = 'Traveldesk!2026';
const PUBLIC_ORIGINS = JSON.stringify({ main: `http://localhost:${NGINX_PORT}`, second: `http://partner.localhost:${NGINX_PORT}`, russian: `http://ru.localhost:${NGINX_PORT}` });

const missing = missingNginx() ?? missingTestBuild();
if (missing && process.env.CI === 'true') throw new Error(missing);

const host = (name: string) => `${name}:${NGINX_PORT}`;
const viaNginx = (name: string, pathname: string, headers: Record<string, string> = {}) => request({ port: NGINX_PORT, path: pathname, headers: { host: host(name), ...headers } });
const direct = (name: string, pathname: string, headers: Record<string, string> = {}) => request({ port: PORTAL_PORT, path: pathname, headers: { host: host(name), ...headers } });

function setCookies(answer: Answer): string[] {
  const header = answer.headers['set-cookie'];
  return header ? (Array.isArray(header) ? header : [header]) : [];
}

function cookiePair(answer: Answer, name: string): string | null {
  return setCookies(answer).map((cookie) => cookie.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`)) ?? null;
}

/** Signs an agent in as the browser does (Auth.js: CSRF token, then the credentials form); answers its cookies and CSRF token. */
async function signIn(email: string): Promise<{ cookie: string; session: string; csrfToken: string; csrfCookie: string }> {
  const csrf = await viaNginx('localhost', '/api/auth/csrf');
  const csrfCookie = cookiePair(csrf, 'authjs.csrf-token');
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  expect(csrfCookie).toBeTruthy();
  const answer = await request({
    port: NGINX_PORT,
    path: '/api/auth/callback/credentials',
    method: 'POST',
    headers: { host: host('localhost'), cookie: csrfCookie!, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host('localhost')}` },
    body: new URLSearchParams({ email, password: PASSWORD, csrfToken, callbackUrl: '/' }).toString(),
  });
  const session = cookiePair(answer, 'authjs.session-token');
  expect(session, `${email} signed in (${answer.status})`).toBeTruthy();
  return { cookie: `${csrfCookie}; ${session}`, session: session!.split('=')[1]!, csrfToken, csrfCookie: csrfCookie!.split('=')[1]! };
}

const PUBLIC_CACHE_CONTROL = /^public, s-maxage=\d+, stale-while-revalidate=60$/;

function expectPrivate(answer: Answer, what: string) {
  const cacheControl = String(answer.headers['cache-control'] ?? '');
  expect(cacheControl, what).toMatch(/\bprivate\b/);
  expect(cacheControl, what).toMatch(/\bno-store\b/);
}

describe.skipIf(missing !== null && process.env.CI !== 'true')(`nginx's cache in front of the portal${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let dir: string;
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-cache-'));
    portal = await startPortal({
      dir,
      port: PORTAL_PORT,
      env: {
        TRUSTED_PROXY_HOPS: '1',
        PUBLIC_ORIGINS,
        EDGE_PURGE_NGINX_URLS: PURGE_BASE,
        JOBS: 'off',
      },
    });
    nginx = await startNginx({ dir, port: NGINX_PORT, portalPorts: [PORTAL_PORT] });
  }, 300_000);

  afterAll(async () => {
    await nginx?.stop();
    await portal?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const publicPages: [string, string][] = [
    ['localhost', `/tour/${TOUR}`],
    ['localhost', `/ru/tour/${TOUR}`],
    ['localhost', '/'],
    ['localhost', '/city/dubai'],
    ['localhost', '/uae'],
    ['localhost', '/terms-of-use'],
    ['localhost', '/privacy-policy'],
    ['partner.localhost', `/tour/${TOUR}`],
    ['ru.localhost', `/ru/tour/${TOUR}`],
    [WIDGET_HOST, '/'],
  ];

  it('serves the anonymous public pages public, narrowly varied, and from the cache from the second request on, per host', async () => {
    for (const [name, pathname] of publicPages) {
      const first = await viaNginx(name, pathname);
      expect(first.status, `${name}${pathname}`).toBe(200);
      expect(first.headers['x-cache-status'], `${name}${pathname}`).toBe('MISS');
      expect(first.headers['cache-control'], `${name}${pathname}`).toMatch(PUBLIC_CACHE_CONTROL);
      // Vary names rsc, not Next's router headers (which only a Flight answer depends on); nginx adds
      // its own Accept-Encoding for what it compresses.
      const vary = String(first.headers.vary ?? '').split(',').map((token) => token.trim().toLowerCase());
      expect(new Set(vary), `${name}${pathname}`).toEqual(new Set(['rsc', 'accept-encoding']));
      expect((await direct(name, pathname)).headers.vary, `${name}${pathname} from the portal`).toMatch(/^rsc(, Accept-Encoding)?$/);
      expect(first.headers['set-cookie'], `${name}${pathname}`).toBeUndefined();
      // A nonce on a page served to everyone would be everyone's: cached pages allow their scripts by hash.
      expect(first.headers['content-security-policy'], `${name}${pathname}`).not.toMatch(/'nonce-/);
      const second = await viaNginx(name, pathname);
      expect(second.headers['x-cache-status'], `${name}${pathname}`).toBe('HIT');
      expect(second.body).toBe(first.body);
      // The cache holds the portal's gzip copy: a browser taking gzip gets it as it is, one that
      // does not gets it unzipped by nginx (the two bodies above), the same page either way.
      const zipped = await viaNginx(name, pathname, { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.headers['x-cache-status'], `${name}${pathname}`).toBe('HIT');
      expect(zipped.headers['content-encoding'], `${name}${pathname}`).toBe('gzip');
      expect(zlib.gunzipSync(zipped.bytes).toString('utf8')).toBe(first.body);
    }
    // The partner host's tour page is its own (its brand), not the main host's from the cache.
    const main = await viaNginx('localhost', `/tour/${TOUR}`);
    const partner = await viaNginx('partner.localhost', `/tour/${TOUR}`);
    expect(partner.body).not.toBe(main.body);
  });

  it("never answers a document request with a Flight payload, and keeps the portal's Flight answers out of the cache", async () => {
    const rscPath = `/tour/${TOUR}?_rsc=${await computeCacheBustingSearchParam(undefined, undefined, undefined, undefined)}`;
    const flight = await viaNginx('localhost', rscPath, { rsc: '1' });
    expect(flight.headers['x-cache-status']).toBe('BYPASS');
    expect(flight.headers['content-type']).toMatch(/^text\/x-component/);
    expectPrivate(flight, 'a Flight answer');
    const again = await viaNginx('localhost', rscPath, { rsc: '1' });
    expect(again.headers['x-cache-status']).toBe('BYPASS');
    // The document at the same URL is HTML (and cacheable), never the payload above.
    const document = await viaNginx('localhost', rscPath);
    expect(document.headers['content-type']).toMatch(/^text\/html/);
  });

  it('stores nothing of two signed-in agencies: portal pages, checkout, bookings and API answers', async () => {
    const agencies = [await signIn('admin@desertrose.test'), await signIn('admin@gulfhorizons.test')];
    const storedBefore = cachedFiles(nginx!.cacheDir).length;
    const personal = [
      '/bookings',
      '/my-bookings',
      '/checkout',
      '/my-account',
      '/balance',
      '/my-agencies',
      '/ru/bookings',
      `/api/catalog/tours/${TOUR}/agent-details`,
      '/api/v1/b2b/tours',
      '/api/auth/session',
      '/api/auth/csrf',
      '/api/balance',
    ];
    const agentDetails: string[] = [];
    const guestNames: string[] = [];
    for (const [index, agency] of agencies.entries()) {
      // A real checkout (an offer's free slot, with the agency's NET price) and a real booking page
      // (a quotation request, which holds no stock), each the agency's own.
      const details = JSON.parse((await direct('localhost', `/api/catalog/tours/${BOOKED_TOUR}/agent-details`, { cookie: agency.cookie })).body) as { b2b: { offerId: string }[] };
      const offerId = details.b2b[0]!.offerId;
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const availability = JSON.parse(
        (await direct('localhost', `/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${day(2)}&to=${day(40)}`, { cookie: agency.cookie })).body,
      ) as { days: { date: string; slots: { time: string; pastCutOff: boolean }[] }[] };
      const slot = availability.days.flatMap((entry) => entry.slots.filter((one) => !one.pastCutOff).map((one) => ({ date: entry.date, time: one.time })))[0]!;
      // Letters only (the guest name's rule), unique to this run.
      const guestName = `Edge Guest ${['Alpha', 'Beta'][index]} ${randomUUID().slice(0, 10).replace(/[^a-f]/g, (digit) => 'ghijklmnopq'[Number(digit)] ?? 'x')}`;
      guestNames.push(guestName);
      const booked = await request({
        port: NGINX_PORT,
        path: '/api/v1/b2b/bookings',
        method: 'POST',
        headers: { host: host('localhost'), cookie: agency.cookie, origin: `http://${host('localhost')}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ offerId, date: slot.date, time: slot.time, adults: 1, guestName, guestPhone: '+971 50 123 4567', guestEmail: 'edge.guest@example.test', guestEmailConfirm: 'edge.guest@example.test', paymentMethod: 'request' }),
      });
      expect(booked.status, booked.body).toBe(201);
      const { reference } = JSON.parse(booked.body) as { reference: string };
      const checkout = `/checkout?offer=${offerId}&date=${slot.date}&time=${encodeURIComponent(slot.time)}&adults=1`;
      const bookingPage = await direct('localhost', `/my-bookings/${reference}`, { cookie: agency.cookie });
      expect(bookingPage.status).toBe(200);
      expect(bookingPage.body).toContain(guestName);
      expect((await direct('localhost', checkout, { cookie: agency.cookie })).status).toBe(200);
      for (const pathname of [...personal, checkout, `/my-bookings/${reference}`, `/api/v1/b2b/bookings/${reference}`]) {
        for (let round = 0; round < 2; round++) {
          const answer = await viaNginx('localhost', pathname, { cookie: agency.cookie });
          expect(answer.headers['x-cache-status'] ?? 'none', pathname).not.toBe('HIT');
          // The portal's own verdict, whatever nginx's second line does.
          const own = await direct('localhost', pathname, { cookie: agency.cookie });
          if (own.status < 300 || own.status >= 400) expectPrivate(own, pathname);
          if (pathname.endsWith('agent-details') && round === 0) {
            expect(own.status).toBe(200);
            agentDetails.push(own.body);
          }
        }
      }
      // The public tour page, signed in: the same page, not read from nor written to the cache.
      const tour = await viaNginx('localhost', `/tour/${TOUR}`, { cookie: agency.cookie });
      expect(tour.headers['x-cache-status']).toBe('BYPASS');
    }
    // Signed in, the public pages are the public pages: the same for everyone, and none carries
    // a cookie, a session, a CSRF token or an agent-only value.
    const secrets = agencies.flatMap((agency) => [agency.session, agency.csrfToken, agency.csrfCookie]);
    const agentOnly = agentDetails.flatMap((body) => agentOnlyValues(JSON.parse(body)));
    expect(agentOnly.length).toBeGreaterThanOrEqual(3);
    for (const agency of agencies) {
      for (const [name, pathname] of publicPages) {
        const page = await direct(name, pathname, { cookie: agency.cookie });
        expect(page.headers['cache-control'], `${name}${pathname} signed in`).toMatch(PUBLIC_CACHE_CONTROL);
        expect(page.headers['set-cookie'], `${name}${pathname} signed in`).toBeUndefined();
        for (const value of [...secrets, ...agentOnly]) expect(page.body.includes(value), `${name}${pathname} holds ${value.slice(0, 12)}…`).toBe(false);
      }
    }
    // An API caller with a key is never served from the cache either.
    const withKey = await viaNginx('localhost', '/api/v1/b2b/tours', { authorization: 'Bearer td_test_not_a_key' });
    expect(withKey.headers['x-cache-status'] ?? 'none').not.toBe('HIT');
    expect(cachedFiles(nginx!.cacheDir).length).toBe(storedBefore);

    // Nothing stored holds a b2b rate, a session, a Set-Cookie or a CSRF token.
    const stored = cachedFiles(nginx!.cacheDir);
    expect(stored.length).toBeGreaterThan(0);
    for (const { file, text } of stored) {
      expect(text, file).not.toMatch(/^set-cookie:/im);
      for (const secret of secrets) expect(text.includes(secret), `${file} holds a session or CSRF token`).toBe(false);
      for (const value of [...agentOnly, ...guestNames]) expect(text.includes(value), `${file} holds the agent-only ${value}`).toBe(false);
    }
  });

  it("keeps the Russian host's English page, shown only to a visitor whose cookie chose it, out of the cache", async () => {
    const english = { cookie: 'NEXT_LOCALE=en' };
    for (let round = 0; round < 2; round++) {
      const chosen = await viaNginx('ru.localhost', `/tour/${TOUR}`, english);
      expect(chosen.status).toBe(200);
      expect(chosen.headers['x-cache-status']).not.toBe('HIT');
      expectPrivate(chosen, 'the English page on the Russian host');
      // Everyone else is still sent to the Russian page, never served the English one from the cache.
      const other = await viaNginx('ru.localhost', `/tour/${TOUR}`);
      expect(other.status).toBe(307);
      expect(other.headers.location).toBe(`/ru/tour/${TOUR}`);
    }
  });

  it('purges exactly the URLs it names', async () => {
    for (const [name, pathname] of publicPages) await viaNginx(name, pathname);
    await new NginxPurgeAdapter([PURGE_BASE]).purge([`http://localhost:${NGINX_PORT}/tour/${TOUR}`]);
    expect((await viaNginx('localhost', `/tour/${TOUR}`)).headers['x-cache-status']).toBe('MISS');
    for (const [name, pathname] of publicPages.filter(([name, pathname]) => !(name === 'localhost' && pathname === `/tour/${TOUR}`))) {
      expect((await viaNginx(name, pathname)).headers['x-cache-status'], `${name}${pathname}`).toBe('HIT');
    }

    // The tour's pages on every host and in both languages, as a catalogue change names them.
    const urls = portalUrls([`/tour/${TOUR}`], { hosts: DEFAULT_HOSTS, env: { PUBLIC_ORIGINS } });
    expect(urls).toEqual(expect.arrayContaining([`http://localhost:${NGINX_PORT}/tour/${TOUR}`, `http://partner.localhost:${NGINX_PORT}/ru/tour/${TOUR}`]));
    await new NginxPurgeAdapter([PURGE_BASE]).purge(urls);
    for (const [name, pathname] of publicPages) {
      const status = (await viaNginx(name, pathname)).headers['x-cache-status'];
      expect(status, `${name}${pathname}`).toBe(pathname.endsWith(`/tour/${TOUR}`) ? 'MISS' : 'HIT');
    }
  });

  it("purges a widget site's pages from the cache when the running portal renews it, and nothing else", async () => {
    for (const [name, pathname] of publicPages) await viaNginx(name, pathname);
    expect((await viaNginx(WIDGET_HOST, '/')).headers['x-cache-status']).toBe('HIT');
    // What the domain re-check job asks of its server when a domain fails: the site is renewed, so
    // its pages go from Next's cache and, after the answer, from nginx's (EDGE_PURGE_NGINX_URLS).
    await requestSiteRenewal([{ id: randomUUID(), domain: WIDGET_HOST }], {
      origin: `http://127.0.0.1:${PORTAL_PORT}`,
      secret: siteRenewalSecret({ ...process.env, AUTH_SECRET: PORTAL_AUTH_SECRET }),
    });
    await expect.poll(async () => (await viaNginx(WIDGET_HOST, '/')).headers['x-cache-status'], { timeout: 10_000, interval: 200 }).toBe('MISS');
    for (const [name, pathname] of publicPages.filter(([name]) => name !== WIDGET_HOST)) {
      expect((await viaNginx(name, pathname)).headers['x-cache-status'], `${name}${pathname}`).toBe('HIT');
    }
  });

  it('with the cache off (plain load balancing, CACHE=off), passes every request to the portals', async () => {
    const plainPort = NGINX_PORT + 2;
    const plain = await startNginx({ dir: path.join(dir, 'plain'), port: plainPort, portalPorts: [PORTAL_PORT], cache: false });
    try {
      for (let round = 0; round < 2; round++) {
        const answer = await request({ port: plainPort, path: `/tour/${TOUR}`, headers: { host: `localhost:${plainPort}` } });
        expect(answer.status).toBe(200);
        expect(answer.headers['x-cache-status']).toBe('BYPASS');
      }
      expect(cachedFiles(plain.cacheDir)).toEqual([]);
    } finally {
      await plain.stop();
    }
  });

  it('answers 404 to a purge of a URL it does not hold', async () => {
    const notCached = await request({ port: NGINX_PORT, path: `/_edge-purge/http/localhost/tour/not-a-tour-${Date.now()}`, method: 'PURGE' });
    expect(notCached.status).toBe(404);
  });
});

/**
 * What only an agent sees in the agent details, as a stored page would carry it: the notes to
 * agents (their plain-text start), and the names the b2b rates travel under.
 */
function agentOnlyValues(details: { notesToAgents: Record<string, string> | null; b2b: unknown[] | null }): string[] {
  const notes = Object.values(details.notesToAgents ?? {})
    .map((text) => text.slice(0, 40))
    .filter((text) => /^[\x20-\x7e]{20,}$/.test(text));
  return [...notes, ...(details.b2b && details.b2b.length > 0 ? ['"b2b":', '"notesToAgents":'] : [])];
}
