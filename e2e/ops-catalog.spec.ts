import { expect, test } from '@playwright/test';
import { signInAsStaff } from './support/ops';
import { plainText, saveForm } from './support/ops-catalog';

// Issue 19's catalogue acceptance: an operator's price change shows on the public tour page at
// once while an unrelated tour page stays cached, and a tour created in the console in both
// languages appears in search, on its city page and in the sitemap. The tours touched here are
// booked by no other spec.

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

  await expect.poll(async () => plainText(await (await request.get(`/tour/${CHANGED.slug}`)).text()).includes(`AED ${price}`)).toBe(true);
  expect((await request.get(`/tour/${UNRELATED}`)).headers()['x-nextjs-cache']).toBe('HIT');
});

test('a tour created in the console in both languages, with an offer and availability, is in search, on its city page and in the sitemap', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  // Khasab is the last city and `zz-` the last slug: the new tour is appended to the search's
  // results, so the other specs' first pages stay as they were.
  const slug = `zz-console-tour-${suffix}`;
  const title = { en: `Falcon show ${suffix}`, ru: `Шоу соколов ${suffix}` };
  // Warm the pages the new tour must show on, so the test proves they are revalidated.
  for (const path of ['/city/khasab', '/ru/city/khasab', '/sitemap.xml']) await request.get(path);

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
  // Place pages list tours by category: a tour without one shows in search only.
  await page.getByRole('checkbox', { name: 'Culture' }).check();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Create tour' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title.en })).toBeVisible();

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

  const has = async (path: string, text: string) => plainText(await (await request.get(path)).text()).includes(text);
  await expect.poll(() => has(`/search?q=${encodeURIComponent(title.en)}`, title.en), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => has(`/ru/search?q=${encodeURIComponent(title.ru)}`, title.ru), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => has('/city/khasab', title.en), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => has('/ru/city/khasab', title.ru), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => has('/sitemap.xml', `${baseURL}/tour/${slug}`), { timeout: 30_000 }).toBe(true);
  expect(await has('/sitemap.xml', `${baseURL}/ru/tour/${slug}`)).toBe(true);
  for (const path of [`/tour/${slug}`, `/ru/tour/${slug}`]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(plainText(await response.text())).toContain(path.startsWith('/ru') ? title.ru : title.en);
  }
});
