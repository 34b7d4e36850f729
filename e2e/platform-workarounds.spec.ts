import { expect, test } from '@playwright/test';

// docs/platform-workarounds.md and docs/decisions/test-only-routes.md, against the real `next
// start` of a test build: requests only, no browser page.

const TOUR = 'burj-khalifa-at-the-top';
const HSTS = 'strict-transport-security';

test('the forwarded-header hook runs in front of Next: only the trusted proxy’s entry of X-Forwarded-Proto counts', async ({ request }) => {
  // playwright.config.ts puts one trusted proxy in front (TRUSTED_PROXY_HOPS=1): its entry is the
  // rightmost. Next alone would read the whole header, and decide the other way both times.
  const proxySaysHttps = await request.get(`/tour/${TOUR}`, { headers: { 'x-forwarded-proto': 'http, https' } });
  expect(proxySaysHttps.headers()[HSTS]).toBe('max-age=63072000; includeSubDomains');
  const clientSaysHttps = await request.get(`/tour/${TOUR}`, { headers: { 'x-forwarded-proto': 'https, http' } });
  expect(clientSaysHttps.headers()[HSTS]).toBeUndefined();
});

test('a test build serves the test-only routes: the framework floor, the render-error page and the test hooks', async ({ request }) => {
  const floor = await request.get('/bench-floor');
  expect(floor.status()).toBe(200);
  expect(await floor.text()).toContain('data-bench-floor');
  // (It throws while rendering, by design: whatever it answers, it is there.)
  expect((await request.get('/e2e-render-error')).status()).not.toBe(404);
  // The hook answers (TEST_HOOKS=1 in the e2e server): a body that names no agency is refused by its schema.
  expect((await request.post('/api/test-hooks/age-agency', { data: { email: 'not an address' } })).status()).toBe(422);
});
