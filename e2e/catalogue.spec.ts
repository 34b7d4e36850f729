import { expect, type APIRequestContext, test } from '@playwright/test';
import { signInAsStaff } from './support/ops';
import { saveForm } from './support/ops-catalog';
import { DEMO_PASSWORD, demoEmail, signInAs } from './support/portal';

const TOUR = 'burj-khalifa-at-the-top';
const TOUR_TITLE = 'Burj Khalifa: At the Top, Levels 124 and 125';

type AgentDetails = { b2b: { offerId: string; prices: Record<'adult' | 'child' | 'trip', number | null> }[] | null };

/** Signs a request context in through Auth.js, as an API client would. */
async function signInRequest(request: APIRequestContext, email: string) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password: DEMO_PASSWORD, callbackUrl: '/' },
    maxRedirects: 0,
  });
}

async function agentDetails(request: APIRequestContext, slug: string): Promise<AgentDetails> {
  const response = await request.get(`/api/catalog/tours/${slug}/agent-details`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AgentDetails;
}

const aed = (fils: number) => `AED ${(fils / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test('search finds a tour by a word of its name', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Tour or attraction').fill('khalifa');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=khalifa/);
  await expect(page.getByTestId('search-results').getByRole('link', { name: TOUR_TITLE })).toBeVisible();
  await page.getByRole('link', { name: TOUR_TITLE }).click();
  await expect(page).toHaveURL(`/tour/${TOUR}`);
});

test('"load more" appends the next page of results', async ({ page }) => {
  await page.goto('/search?category=');
  const cards = page.getByTestId('search-results').getByRole('article');
  await expect(cards).toHaveCount(12);
  const firstPage = await cards.allInnerTexts();
  await page.getByRole('link', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(24);
  expect((await cards.allInnerTexts()).slice(0, 12)).toEqual(firstPage);
  await expect(page).toHaveURL(/page=2/);
});

test('the tour page shows offers, itinerary, gallery and FAQ', async ({ page }) => {
  await page.goto(`/tour/${TOUR}`);
  await expect(page.getByRole('heading', { level: 1, name: TOUR_TITLE })).toBeVisible();
  await expect(page.getByTestId('offer').first()).toContainText('per adult');
  await expect(page.getByRole('heading', { name: 'Itinerary' })).toBeVisible();
  await expect(page.getByTestId('tour-gallery').locator('[data-gallery-index]')).not.toHaveCount(0);
  const faq = page.getByRole('heading', { name: 'Frequently asked questions' });
  await expect(faq).toBeVisible();
  // The FAQ's own: each offer has a <details> of its cancellation terms too.
  const question = page.getByRole('region', { name: 'Frequently asked questions' }).locator('details').first();
  await question.locator('summary').click();
  await expect(question.locator('p')).toBeVisible();
  await expect(page.getByTestId('agent-rate')).toHaveCount(0);
  await expect(page.getByTestId('notes-to-agents')).toHaveCount(0);
});

test('a senior agent sees b2b beside retail rates, and notes to agents', async ({ page }) => {
  await signInAs(page, 'senior', `/tour/${TOUR}`);
  const offer = page.getByTestId('offer').first();
  await expect(offer.getByText('Recommended retail')).toBeVisible();
  await expect(offer.getByTestId('agent-rate')).toContainText('Agent rate (b2b)');
  await expect(page.getByTestId('notes-to-agents')).toBeVisible();
});

test('a junior agent sees no b2b rates', async ({ page }) => {
  await signInAs(page, 'junior', `/tour/${TOUR}`);
  await expect(page.getByTestId('notes-to-agents')).toBeVisible();
  await expect(page.getByTestId('agent-rate')).toHaveCount(0);
});

test('prices follow the currency switch (USD = AED / 3.65)', async ({ page }) => {
  await page.goto(`/tour/${TOUR}`);
  const price = page.getByTestId('offer').first().locator('[data-price-aed]').first();
  const fils = Number(await price.getAttribute('data-price-aed'));
  await expect(price).toHaveText(aed(fils));
  await page.getByRole('radio', { name: 'USD' }).click();
  await expect(price).toHaveText(`USD ${(Math.round(fils / 3.65) / 100).toFixed(2)}`);
});

test('Russian pages are in Russian under /ru', async ({ page }) => {
  await page.goto(`/ru/tour/${TOUR}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { name: 'Варианты билетов' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Главная' }).getByRole('link', { name: 'Дубай' }).click();
  await expect(page).toHaveURL('/ru/city/dubai');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Туры: Дубай');
});

test('the tour page without JavaScript has title, offers, retail prices, JSON-LD and links, and no b2b price', async ({ request, playwright, baseURL }) => {
  // Intl separates the currency code with a no-break space; compare with plain spaces.
  const html = (await (await request.get(`/tour/${TOUR}`)).text()).replace(/\u00a0/g, ' ');
  expect(html).toContain(TOUR_TITLE);
  expect(html).toContain('Levels 124 + 125, non-prime');
  expect(html).toMatch(/AED \d+\.\d\d/);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/tour/${TOUR}"/>`);
  expect(html).toContain(`hrefLang="ru" href="${baseURL}/ru/tour/${TOUR}"`);
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  expect(JSON.stringify(scripts)).toContain('"TouristTrip"');
  expect(JSON.stringify(scripts)).toContain('"BreadcrumbList"');

  const agent = await playwright.request.newContext({ baseURL });
  await signInRequest(agent, demoEmail('senior'));
  const { b2b } = await agentDetails(agent, TOUR);
  const retailShown = new Set([...html.matchAll(/AED [\d,]+\.\d\d/g)].map((m) => m[0]));
  const b2bOnly = b2b!.flatMap(({ prices }) => Object.values(prices)).filter((p): p is number => p !== null).map(aed).filter((p) => !retailShown.has(p));
  expect(b2bOnly.length).toBeGreaterThan(0);
  for (const price of b2bOnly) expect(html).not.toContain(price);
  await agent.dispose();
});

test('sitemap.xml lists every tour, city and country page in both languages, and each answers 200', async ({ request, baseURL }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const urls = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]!);
  for (const path of [`/tour/${TOUR}`, `/ru/tour/${TOUR}`, '/city/dubai', '/ru/city/khasab', '/uae', '/ru/oman', '/', '/ru']) {
    expect(urls).toContain(`${baseURL}${path === '/' ? '/' : path}`);
  }
  expect(urls.filter((url) => url.includes('/tour/')).length).toBeGreaterThanOrEqual(80);
  for (const url of urls) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(200);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('a price change expires exactly the pages that show the tour', async ({ request, browser }) => {
  const changed = 'dubai-frame';
  const unrelated = 'jebel-jais-zipline';
  for (const path of [`/tour/${changed}`, `/tour/${unrelated}`, `/city/dubai`]) await request.get(path);
  const warm = await request.get(`/tour/${unrelated}`);
  expect(warm.headers()['x-nextjs-cache']).toBe('HIT');

  // The operator changes the prices in the console, in a browser of their own.
  const operator = await browser.newContext();
  const consolePage = await operator.newPage();
  await signInAsStaff(consolePage);
  await consolePage.goto(`/ops/catalog?q=${changed}`);
  await consolePage.getByRole('link', { name: /Dubai Frame/ }).first().click();
  const offer = consolePage.getByRole('region', { name: 'Offer: Standard entry' });
  await offer.getByLabel('Agent price per adult').fill('42');
  await offer.getByLabel('Retail price per adult').fill('77');
  await saveForm(consolePage, offer, 'Save');
  await operator.close();

  const shows = async (path: string) => (await (await request.get(path)).text()).replace(/\u00a0/g, ' ').includes('AED 77.00');
  // On the first request after the save: never the stale page once.
  expect(await shows(`/tour/${changed}`)).toBe(true);
  expect(await shows('/city/dubai')).toBe(true);
  const untouched = await request.get(`/tour/${unrelated}`);
  expect(untouched.headers()['x-nextjs-cache']).toBe('HIT');
});
