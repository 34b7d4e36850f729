import { expect, test } from '@playwright/test';

// The API reference at /api/docs: the portal's shell around Scalar's reference of
// /api/v1/openapi.json, rendered from the portal's own files alone (every request elsewhere is
// refused here, as offline), within the page's policy, at a phone's and a desktop's width, in both
// languages.

const WIDTHS = [
  { width: 430, height: 932 },
  { width: 1280, height: 800 },
];

for (const viewport of WIDTHS) {
  for (const [path, heading] of [
    ['/api/docs', 'API reference'],
    ['/ru/api/docs', 'Справочник API'],
  ] as const) {
    test(`${path} renders offline at ${viewport.width}px`, async ({ page, baseURL }) => {
      await page.setViewportSize(viewport);
      const own = new URL(baseURL!).origin;
      const elsewhere: string[] = [];
      await page.context().route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(own) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
        elsewhere.push(url);
        return route.abort('internetdisconnected');
      });
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const reference = page.getByTestId('api-reference');
      // Scalar's reference: the document's title and an operation of the booking flow.
      await expect(reference.getByText('Traveldesk B2B API').first()).toBeVisible({ timeout: 20_000 });
      await expect(reference.getByText('/b2b/availability/ByOffer').first()).toBeAttached();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(elsewhere, 'requests off the portal').toEqual([]);
      expect(refused, 'refused by the policy').toEqual([]);
      expect(errors).toEqual([]);
    });
  }
}

test('the API’s paths before /api/v1 answer a permanent redirect to it, keeping the method and query', async ({ request }) => {
  const moved = [
    ['GET', '/api/b2b/availability/by-offer?id=x&from=2027-01-01&to=2027-01-31', '/api/v1/b2b/availability/ByOffer?id=x&from=2027-01-01&to=2027-01-31'],
    ['GET', '/api/b2b/balance?currencyCode=USD', '/api/v1/b2b/balance?currencyCode=USD'],
    ['POST', '/api/b2b/bookings', '/api/v1/b2b/bookings'],
    ['GET', '/api/bookings/TD-7KQ2M9X/voucher', '/api/v1/b2b/bookings/TD-7KQ2M9X/documents/voucher'],
    ['GET', '/api/widgets/tour/url/desert-safari?agencyGuid=x', '/api/v1/widgets/tour/url/desert-safari?agencyGuid=x'],
  ] as const;
  for (const [method, from, to] of moved) {
    const response = await request.fetch(from, { method, maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(response.headers().location, from).toBe(to);
  }
  // The non-spec routes stay where they are.
  expect((await request.get('/api/bookings/export', { maxRedirects: 0 })).status()).not.toBe(308);
});
