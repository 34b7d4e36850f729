import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/portal';

// Spec §8 in the browser: a 422 from the server as a toast listing its fields, and a session that
// ended while a portal page was open signing out and landing on home.

const AMOUNT_MESSAGE = 'Enter the amount as a number with up to two decimals, e.g. 1500.50.';

/** The card top-up's amount field: its fee comes from GET /api/v1/b2b/balance/topupfee, which the page does not pre-validate. */
async function openCardTopUp(page: Page) {
  await signInAs(page, 'senior', '/top-up');
  const card = page.getByRole('region', { name: 'Pay by card' });
  await expect(card).toBeVisible();
  return { card, amount: card.getByLabel('Amount, AED') };
}

/** Ends the session as an expiry would: the browser no longer sends the session cookie. */
async function expireSession(page: Page) {
  await page.context().clearCookies({ name: /authjs\.session-token/ });
}

async function expectSignedOutAtHome(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await page.context().cookies()).map(({ name }) => name)).not.toContain('td-signed-in');
}

test('a 422 from the server shows as a toast listing the fields by their labels', async ({ page }) => {
  const { card, amount } = await openCardTopUp(page);
  // While the agent types, the refusal shows at the field only.
  await amount.fill('12.345');
  await expect(card.getByText(AMOUNT_MESSAGE)).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

  const refusal = page.waitForResponse((response) => response.url().includes('/api/v1/b2b/balance/topupfee'));
  await card.getByRole('button', { name: 'Calculate fee' }).click();
  expect((await refusal).status()).toBe(422);
  await expect(page.locator('[data-sonner-toast]')).toHaveText(`Amount, AED: ${AMOUNT_MESSAGE}`);
  // The inline message stays beside it.
  await expect(card.getByText(AMOUNT_MESSAGE)).toBeVisible();
});

test('the 404 page offers a tour search and popular tours, in the page’s language', async ({ page }) => {
  const response = await page.goto('/ru/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
  const search = page.getByRole('search', { name: 'Найти тур' });
  await expect(search).toHaveAttribute('action', '/ru/search');
  const popular = page.getByRole('navigation', { name: 'Популярные туры' }).getByRole('link');
  expect(await popular.count()).toBeGreaterThan(0);
  await expect(popular.first()).toHaveAttribute('href', /^\/ru\/tour\//);
  await search.getByRole('searchbox').fill('safari');
  await search.getByRole('button', { name: 'Искать' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/ru/search' && url.searchParams.get('q') === 'safari');
});

test('an expired session on a portal page signs out and lands on home when the page fetches', async ({ page }) => {
  const { amount } = await openCardTopUp(page);
  await expireSession(page);
  const refused = page.waitForResponse((response) => response.url().includes('/api/v1/b2b/balance/topupfee'));
  await amount.fill('1000');
  expect((await refused).status()).toBe(401);
  await expectSignedOutAtHome(page);
});

test('an expired session on a portal page signs out and lands on home when the tab is shown again', async ({ page }) => {
  await signInAs(page, 'junior', '/my-account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expireSession(page);
  // What the browser does when the agent comes back to the tab: the session is asked for again.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expectSignedOutAtHome(page);
});

test('signing out in one tab signs a portal page out in another', async ({ page }) => {
  await signInAs(page, 'junior', '/my-account');
  const other = await page.context().newPage();
  await other.goto('/my-bookings');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expectSignedOutAtHome(page);
  // The other tab heard of it through a storage event, found the session gone and left too.
  await expectSignedOutAtHome(other);
});

test('a render error in the browser keeps the frontend error screen, not the maintenance one', async ({ page }) => {
  const readinessChecks: string[] = [];
  page.on('request', (request) => request.url().includes('/api/ready') && readinessChecks.push(request.url()));
  await page.goto('/e2e-render-error');
  await expect(page.getByRole('heading', { name: 'An error occurred in the frontend application.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Component stack' })).toBeVisible();
  await expect(page.getByText('Server is under maintenance')).toHaveCount(0);
  expect(readinessChecks).toEqual([]);
});
