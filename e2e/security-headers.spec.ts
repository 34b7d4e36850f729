import { createHash } from 'node:crypto';
import { type APIResponse, expect, type Page, test } from '@playwright/test';
import { googleTagSources } from '../server/http/security-headers';
import { BookingPicker } from './support/booking';
import { AccountMenu, signInAs } from './support/portal';

// Security headers on every response, and a Content-Security-Policy that
// lets the portal's own scripts run (by hash on cached pages, by nonce on pages rendered per
// request) while no other inline script would.

const TOUR = 'burj-khalifa-at-the-top';

/** The script sources of a response's policy, and its other directives by name. */
function policyOf(response: APIResponse): Map<string, string[]> {
  const policy = response.headers()['content-security-policy'] ?? '';
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The inline scripts a browser would run in `html` (no src, no data type, not empty). */
function inlineScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map(([, attributes = '', text = '']) => ({ attributes, text }))
    .filter(({ attributes, text }) => !/\bsrc=/.test(attributes) && !/\btype="application\/(ld\+)?json"/.test(attributes) && text !== '');
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function expectCommonHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  expect(headers['permissions-policy']).toMatch(/microphone=\(\)/);
  expect(headers['permissions-policy']).toMatch(/geolocation=\(\)/);
  expect(headers['permissions-policy']).toMatch(/payment=\(\)/);
  expect(headers['strict-transport-security']).toBeUndefined();
}

/** gtag.js as the e2e server names it (GOOGLE_TAG_URL, playwright.config.ts): a guest's result page is the conversion page. */
const CONVERSION_TAG = googleTagSources('https://gtag.e2e.test/gtag/js');

/**
 * `framedBy`: the one site an embed page may be framed by; every other page none. `conversionPage`:
 * a guest's result page, whose policy adds gtag.js's hosts and nothing else.
 */
function expectStrictPolicy(response: APIResponse, { framedBy, conversionPage = false }: { framedBy?: string; conversionPage?: boolean } = {}) {
  const policy = policyOf(response);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'", ...(conversionPage ? CONVERSION_TAG.connect : [])]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...(conversionPage ? CONVERSION_TAG.img : [])]);
  expect(policy.get('frame-ancestors')).toEqual(framedBy ? [`${framedBy}:*`] : ["'none'"]);
  if (framedBy) expect(response.headers()['x-frame-options']).toBeUndefined();
  const scripts = policy.get('script-src') ?? [];
  expect(scripts[0]).toBe("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  return scripts;
}

/** A page Next serves from its cache: every inline script is allowed by its hash, and no nonce. */
async function expectHashedPage(response: APIResponse) {
  expectCommonHeaders(response);
  const scripts = expectStrictPolicy(response);
  const inline = inlineScripts(await response.text());
  expect(inline.length).toBeGreaterThan(0);
  for (const { text } of inline) expect(scripts).toContain(hashSource(text));
  expect(scripts.some((source) => source.startsWith("'nonce-"))).toBe(false);
}

test('a cached public page allows its inline scripts by hash, cold and from the cache', async ({ request }) => {
  // An unknown country renders its 404 on first request and is cached: always cold here.
  const cold = await request.get(`/no-such-country-${Date.now()}`);
  expect(cold.status()).toBe(404);
  expect(cold.headers()['x-nextjs-cache']).toBe('MISS');
  await expectHashedPage(cold);

  await request.get(`/ru/tour/${TOUR}`);
  const cached = await request.get(`/ru/tour/${TOUR}`);
  expect(cached.headers()['x-nextjs-cache']).toBe('HIT');
  await expectHashedPage(cached);
  await expectHashedPage(await request.get(`/tour/${TOUR}`));
});

test("an embed page may be framed only by the site it names; its payer's result page and every other page by none", async ({ request }) => {
  // Rendered per request (the widget and site are in the query): a nonce, no hashes.
  const framed = await request.get('/embedded?widget=00000000-0000-4000-8000-000000000000&site=shop.agency.test');
  expectCommonHeaders(framed);
  expect(expectStrictPolicy(framed, { framedBy: 'shop.agency.test' }).some((source) => source.startsWith("'nonce-"))).toBe(true);
  expectStrictPolicy(await request.get('/ru/embedded/checkout?site=shop.agency.test'), { framedBy: 'shop.agency.test' });
  // Without a valid site, nobody may frame it.
  expectStrictPolicy(await request.get('/embedded?site=javascript:alert(1)'));
  const result = await request.get('/embedded/booking/00000000-0000-4000-8000-000000000000?site=shop.agency.test');
  expectStrictPolicy(result, { conversionPage: true });
  expect(result.headers()['x-frame-options']).toBe('DENY');
});

test('a portal page gets a fresh nonce on every request, on every script Next writes', async ({ page }) => {
  await signInAs(page, 'senior', '/bookings');
  const nonces = new Set<string>();
  for (let round = 0; round < 2; round++) {
    const response = await page.request.get('/bookings');
    expect(response.status()).toBe(200);
    expectCommonHeaders(response);
    const scripts = expectStrictPolicy(response);
    const nonce = scripts.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce).toBeTruthy();
    nonces.add(nonce!);
    const inline = inlineScripts(await response.text());
    expect(inline.length).toBeGreaterThan(0);
    // The root layout's session hint is allowed by its hash; every other inline script carries the nonce.
    for (const { attributes, text } of inline) {
      if (!attributes.includes(`nonce="${nonce}"`)) expect(scripts).toContain(hashSource(text));
    }
    expect(inline.filter(({ attributes }) => attributes.includes(`nonce="${nonce}"`)).length).toBeGreaterThan(0);
  }
  expect(nonces.size).toBe(2);
});

test('route handlers and files carry the headers too; HSTS only behind HTTPS', async ({ request }) => {
  const health = await request.get('/api/health');
  expectCommonHeaders(health);
  expect(health.headers()['content-type']).toMatch(/application\/json/);
  const refused = await request.get('/api/v1/b2b/agency');
  expect(refused.status()).toBe(401);
  expectCommonHeaders(refused);
  expectCommonHeaders(await request.get('/brand/traveldesk-logo.svg'));

  const overHttps = await request.get(`/tour/${TOUR}`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(overHttps.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect((await request.get(`/tour/${TOUR}`)).headers()['strict-transport-security']).toBeUndefined();
});

/** Every CSP violation and CSP console error of the page, across its navigations. */
async function collectPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (violation: string) => void }).reportPolicyViolation;
      report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ${event.sample} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy|Permissions-Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

test('no page of a visit breaks the policy: public, sign-in, portal and embed pages, loaded and navigated to', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = await collectPolicyViolations(page);

  // Public pages, then client navigations from one to the next.
  await page.goto('/');
  await page.getByLabel('Tour or attraction').fill('khalifa');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=khalifa/);
  await page.getByTestId('search-results').getByRole('link').first().click();
  await expect(page).toHaveURL(`/tour/${TOUR}`);
  // The currency switch is an island: a click before the page's scripts ran changes nothing, so it
  // is clicked again until the prices follow (a busy machine hydrates late after a client navigation).
  await expect(async () => {
    await page.getByRole('radio', { name: 'USD' }).click();
    await expect(page.getByTestId('offer').first().locator('[data-price-aed]').first()).toHaveText(/^USD\s/, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  // Sign-in (rendered per request), then the tour page loaded for an agent, checkout and the back office.
  await signInAs(page, 'senior', `/tour/${TOUR}`);
  const picker = new BookingPicker(page.getByTestId('offer').first());
  await picker.open();
  await picker.pickFirstOpenDay();
  await picker.pickFirstOpenTime();
  await picker.continueLink().click();
  await expect(page).toHaveURL(/\/checkout\?offer=/);
  await expect(page.getByRole('button', { name: /^(Book now|Send the request)$/ })).toBeVisible();
  await page.goto('/bookings');
  await new AccountMenu(page).open();
  await page.getByRole('menuitem', { name: 'My Bookings' }).click();
  await expect(page).toHaveURL(/\/my-bookings/);
  await page.goBack();
  await expect(page).toHaveURL(/\/bookings/);
  await page.goto(`/ru/tour/${TOUR}`);
  await new BookingPicker(page.getByTestId('offer').first()).open('Проверить наличие');
  await page.getByRole('navigation', { name: 'Главная' }).getByRole('link', { name: 'Дубай' }).click();
  await expect(page).toHaveURL('/ru/city/dubai');

  await page.goto('/embedded');
  await page.goto('/no-such/page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(violations).toEqual([]);
});
