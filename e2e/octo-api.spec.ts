import { expect, request as playwrightRequest, test } from '@playwright/test';
import { signInAs } from './support/portal';

// Our OCTO API for resellers against the real server (docs/octo-api.md): an admin makes a key with
// the OCTO scope on /my-agencies, a reseller's system reads products and a calendar and books
// (reserve, confirm) with paths as OCTO clients send them, with a trailing slash, which Next
// would otherwise redirect; the booking is then the agency's like any other, in its list.

test.describe.configure({ timeout: 90_000 });

test('a reseller books over OCTO with the agency’s key, paths with or without a trailing slash', async ({ page, baseURL }) => {
  await signInAs(page, 'admin', '/my-agencies');
  const section = page.locator('#api-keys');
  await section.getByLabel('Name', { exact: true }).fill(`Reseller ${Date.now()}`);
  await section.getByRole('checkbox', { name: /^Catalogue/ }).uncheck();
  await section.getByRole('checkbox', { name: /^OCTO/ }).check();
  await section.getByRole('button', { name: 'Create key' }).click();
  const secret = (await section.getByTestId('api-key-secret').innerText()).trim();

  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}`, 'octo-capabilities': 'octo/pricing' } });
  try {
    const withSlash = await api.get('/api/octo/products/', { maxRedirects: 0 });
    expect(withSlash.status()).toBe(200);
    expect(withSlash.headers()['octo-capabilities']).toBe('octo/pricing');
    const products = (await withSlash.json()) as { id: string; availabilityType: string; options: { id: string; units: { id: string }[] }[] }[];
    expect((await (await api.get('/api/octo/products', { maxRedirects: 0 })).json()).length).toBe(products.length);
    expect(products.some((product) => product.availabilityType === 'OPENING_HOURS')).toBe(true);
    expect((await api.get('/api/octo/supplier/', { maxRedirects: 0 })).status()).toBe(200);

    // The first option with a bookable slot in the coming weeks.
    const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    let chosen: { productId: string; optionId: string; availabilityId: string } | null = null;
    for (const product of products.filter((candidate) => candidate.availabilityType === 'START_TIME')) {
      const option = product.options[0]!;
      const check = await api.post('/api/octo/availability/', { data: { productId: product.id, optionId: option.id, localDateStart: start, localDateEnd: end }, maxRedirects: 0 });
      expect(check.status()).toBe(200);
      const open = ((await check.json()) as { id: string; available: boolean; vacancies: number }[]).find((slot) => slot.available && slot.vacancies >= 4);
      if (open) {
        chosen = { productId: product.id, optionId: option.id, availabilityId: open.id };
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const calendar = await api.post('/api/octo/availability/calendar/', { data: { productId: chosen!.productId, optionId: chosen!.optionId, localDateStart: start, localDateEnd: end }, maxRedirects: 0 });
    expect(((await calendar.json()) as unknown[]).length).toBe(31);

    const uuid = crypto.randomUUID();
    const resellerReference = `E2E-${Date.now()}`;
    const reserved = await api.post('/api/octo/bookings/', { data: { uuid, ...chosen, expirationMinutes: 15, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }], resellerReference }, maxRedirects: 0 });
    expect(reserved.status()).toBe(200);
    const booking = (await reserved.json()) as { id: string; status: string };
    expect(booking.status).toBe('ON_HOLD');
    const confirmed = await api.post(`/api/octo/bookings/${uuid}/confirm/`, { data: { contact: { fullName: 'Reseller Guest', emailAddress: 'reseller.guest@example.test', phoneNumber: '+971501234567' } }, maxRedirects: 0 });
    expect(confirmed.status()).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe('CONFIRMED');
    const listed = await api.get(`/api/octo/bookings/?resellerReference=${resellerReference}`, { maxRedirects: 0 });
    expect(((await listed.json()) as { uuid: string }[]).map((item) => item.uuid)).toEqual([uuid]);

    // The agency's booking like any other: on its booking page, guest and all.
    await page.goto(`/my-bookings/${booking.id}`);
    await expect(page.getByText('Reseller Guest').first()).toBeVisible();
  } finally {
    await api.dispose();
  }

  // Every other path keeps Next's old answer to a trailing slash: a permanent redirect without it.
  const visitor = await playwrightRequest.newContext({ baseURL });
  try {
    const page = await visitor.get('/terms-of-use/', { maxRedirects: 0 });
    expect(page.status()).toBe(308);
    expect(page.headers().location).toBe('/terms-of-use');
  } finally {
    await visitor.dispose();
  }
});
