import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/ops';
import { plainText, saveForm } from './support/ops-catalog';

// The console's catalogue: an operator's price change shows on the public tour page at
// once while an unrelated tour page stays cached, and a tour created in the console in both
// languages appears in search, on its city and country pages and in the sitemap, with its offer
// on its own page, each on the first request after the save. The tours touched here are booked
// by no other spec.

const CHANGED = { slug: 'dubai-miracle-garden', title: 'Dubai Miracle Garden' };
const UNRELATED = 'ski-dubai-snow-park';

test('a retail price changed in the console shows on the tour page at once; an unrelated tour page stays cached', async ({ page, request }) => {
  for (const path of [`/tour/${CHANGED.slug}`, `/tour/${UNRELATED}`]) await request.get(path);
  expect((await request.get(`/tour/${UNRELATED}`)).headers()['x-nextjs-cache']).toBe('HIT');

  await signInAsStaff(page);
  await page.goto(`/ops/catalog?q=${CHANGED.slug}`);
  await page.getByRole('link', { name: new RegExp(CHANGED.title) }).first().click();
  const offer = page.getByRole('region', { name: 'Offer: Garden entry' });
  const price = `${90 + Math.floor(Math.random() * 9)}.${String(10 + Math.floor(Math.random() * 89))}`;
  await offer.getByLabel('Retail price per adult').fill(price);
  await saveForm(page, offer, 'Save');

  expect(plainText(await (await request.get(`/tour/${CHANGED.slug}`)).text())).toContain(`AED ${price}`);
  expect((await request.get(`/tour/${UNRELATED}`)).headers()['x-nextjs-cache']).toBe('HIT');
});

test('a tour created in the console in both languages, with an offer and availability, is in search, on its city and country pages and in the sitemap', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  // Khasab is the last city and `zz-` the last slug: the new tour is appended to the search's
  // results, so the other specs' first pages stay as they were.
  const slug = `zz-console-tour-${suffix}`;
  const title = { en: `Falcon show ${suffix}`, ru: `Шоу соколов ${suffix}` };
  // Warm the pages the new tour must show on, so the test proves they are expired.
  for (const path of ['/city/khasab', '/ru/city/khasab', '/oman', '/ru/oman', '/sitemap.xml']) await request.get(path);

  await signInAsStaff(page);
  await page.goto('/ops/catalog/tours/new');
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('City', { exact: true }).selectOption({ label: 'Khasab (Musandam)' });
  await page.getByLabel('Title (English)').fill(title.en);
  await page.getByLabel('Title (Russian)').fill(title.ru);
  await page.getByLabel('Summary (English)').fill('Falcons in flight over the desert.');
  await page.getByLabel('Summary (Russian)').fill('Соколы в полёте над пустыней.');
  await page.getByLabel('Description (English)').fill('A falconer shows how the birds hunt.');
  await page.getByLabel('Description (Russian)').fill('Сокольник показывает, как охотятся птицы.');
  await page.getByLabel('Terms (English)').fill('Meet at the camp gate.');
  await page.getByLabel('Terms (Russian)').fill('Встреча у ворот лагеря.');
  await page.getByLabel('Itinerary').fill('16:00 | Welcome | Встреча | Tea at the camp | Чай в лагере');
  await page.getByLabel('Video address').fill('https://video.example/falcons');
  await page.getByLabel('Duration (minutes)').fill('90');
  // In no category yet: its place pages still list it, under "More tours".
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Create tour' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title.en })).toBeVisible();
  // Its public page visited before it has an offer: cached without one, until the offer is added.
  expect(plainText(await (await request.get(`/tour/${slug}`)).text())).not.toContain('Show and tea');

  const newOffer = page.getByRole('region', { name: 'New offer' });
  await newOffer.getByLabel('Name (English)').fill('Show and tea');
  await newOffer.getByLabel('Name (Russian)').fill('Шоу и чай');
  await newOffer.getByLabel('Agent price per adult').fill('80');
  await newOffer.getByLabel('Retail price per adult').fill('120');
  await saveForm(page, newOffer, 'Add offer');

  const offer = page.getByRole('region', { name: 'Offer: Show and tea' });
  await expect(offer).toBeVisible();
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  await offer.getByLabel('From date').fill(day(3));
  await offer.getByLabel('Until date').fill(day(40));
  await offer.getByLabel('Start times').fill('16:00');
  await offer.locator('input[name="stock"]').fill('12');
  await saveForm(page, offer, 'Apply to calendar');
  await page.goto(`${page.url().split('?')[0]}?month=${day(3).slice(0, 7)}`);
  await expect(page.getByRole('region', { name: 'Offer: Show and tea' }).locator(`[data-date="${day(3)}"]`)).toContainText('16:00 · 12 left');

  // One request each, no polling: a page served stale once would fail here.
  const shown = async (path: string) => plainText(await (await request.get(path)).text());
  expect(await shown(`/search?q=${encodeURIComponent(title.en)}`)).toContain(title.en);
  expect(await shown(`/ru/search?q=${encodeURIComponent(title.ru)}`)).toContain(title.ru);
  for (const path of ['/city/khasab', '/oman']) expect(await shown(path), path).toMatch(new RegExp(`More tours.*${title.en}`, 's'));
  for (const path of ['/ru/city/khasab', '/ru/oman']) expect(await shown(path), path).toMatch(new RegExp(`Другие туры.*${title.ru}`, 's'));
  const sitemap = await shown('/sitemap.xml');
  expect(sitemap).toContain(`${baseURL}/tour/${slug}`);
  expect(sitemap).toContain(`${baseURL}/ru/tour/${slug}`);
  for (const path of [`/tour/${slug}`, `/ru/tour/${slug}`]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = plainText(await response.text());
    expect(html).toContain(path.startsWith('/ru') ? title.ru : title.en);
    expect(html).toContain(path.startsWith('/ru') ? 'Шоу и чай' : 'Show and tea');
  }
});
