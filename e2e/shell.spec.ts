import { expect, test } from '@playwright/test';
import { PORT, signInAs } from './support/portal';

const currency = (page: import('@playwright/test').Page) =>
  page.getByRole('radiogroup', { name: /Currency|Валюта/ }).getByRole('radio', { checked: true });

test('the main host has search, Telegram and top destinations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByTestId('telegram-link')).toHaveAttribute('href', /^https:\/\/t\.me\//);
  await expect(page.getByRole('heading', { name: 'Top destinations' })).toBeVisible();
  await expect(page.getByTestId('top-destinations').getByRole('link').first()).toBeVisible();
});

test('the second variant host shows no search, no Telegram and no top destinations', async ({ page }) => {
  await page.goto(`http://partner.localhost:${PORT}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page.getByTestId('telegram-link')).toHaveCount(0);
  await expect(page.locator('a[href*="t.me/"]')).toHaveCount(0);
  await expect(page.getByTestId('top-destinations')).toHaveCount(0);
  await expect(page.getByText('About Traveldesk Partners')).toBeVisible();
});

test('a missing page offers a tour search on the main host and none on a host without search', async ({ page }) => {
  await page.goto('/tour/no-such-tour');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const search = page.getByRole('search', { name: 'Search for a tour' });
  await expect(search).toBeVisible();
  await expect(search).toHaveAttribute('action', '/search');
  await expect(page.getByTestId('popular-tours')).toBeVisible();

  await page.goto(`http://partner.localhost:${PORT}/tour/no-such-tour`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page.getByTestId('popular-tours')).toBeVisible();
});

test('Russian pages are in Russian and the language switch resets the currency', async ({ page }) => {
  await page.goto('/');
  await expect(currency(page)).toHaveText('AED');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page).toHaveURL('/ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Туры и билеты на аттракционы в ОАЭ по агентским тарифам');
  await expect(page.getByRole('link', { name: 'Условия использования' })).toBeVisible();
  await expect(currency(page)).toHaveText('USD');

  await page.getByRole('radio', { name: 'AED' }).click();
  await expect(currency(page)).toHaveText('AED');
  await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');
  await expect(page).toHaveURL('/');
  await expect(currency(page)).toHaveText('AED');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(currency(page)).toHaveText('USD');
});

test('the currency choice survives a reload', async ({ page }) => {
  await page.goto('/terms-of-use');
  await page.getByRole('radio', { name: 'USD' }).click();
  await page.reload();
  await expect(currency(page)).toHaveText('USD');
});

test('the Russian domain opens in Russian with USD', async ({ page }) => {
  await page.goto(`http://ru.localhost:${PORT}/`);
  await expect(page).toHaveURL(`http://ru.localhost:${PORT}/ru`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(currency(page)).toHaveText('USD');
});

test('the WhatsApp button opens a chat with the number without its plus, in a new window', async ({ page }) => {
  await page.goto('/');
  const whatsApp = page.getByRole('link', { name: 'Chat on WhatsApp' });
  await expect(whatsApp).toHaveAttribute('href', 'https://wa.me/971501234567');
  await expect(whatsApp).toHaveAttribute('target', '_blank');
});

test('every page has the footer, title, description and portal-title meta', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page).toHaveTitle(/Traveldesk B2B/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('meta[name="portal-title"]')).toHaveAttribute('content', 'Traveldesk B2B');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Traveldesk Tourism L.L.C.');
  await expect(footer).toContainText('100123456700003');
  await expect(footer).toContainText('1234567');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer).toContainText('All rights reserved.');
  await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms-of-use');
});

test('the terms of use state the age limit and the notice period', async ({ page }) => {
  await page.goto('/terms-of-use');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('18');
  await expect(page.getByRole('article')).toContainText('30 days');
  await page.goto('/ru/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeVisible();
});

test('an unknown page renders the 404 page inside the shell', async ({ page }) => {
  const response = await page.goto('/no-such-destination');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('a render error shows the frontend error screen with the error and component stack', async ({ page }) => {
  await page.goto('/e2e-render-error');
  await expect(page.getByRole('heading', { name: 'An error occurred in the frontend application.' })).toBeVisible();
  await expect(page.getByText('Please contact your relationship manager or')).toContainText('for further assistance.');
  await expect(page.getByText('Test render error from the e2e hook')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Component stack' })).toBeVisible();
});

test('route changes show the full-screen spinner until the page arrives', async ({ page }) => {
  await signInAs(page, 'senior');
  await page.route('**/my-bookings**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My Bookings' }).click();
  await expect(page.getByTestId('route-spinner')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My bookings' })).toBeVisible();
  await expect(page.getByTestId('route-spinner')).toHaveCount(0);
});

test('the shell fits a 430 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 430, height: 900 });
  await signInAs(page, 'admin');
  await page.goto('/my-account');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toBeVisible();
});

test('the header holds the balance’s place before hydration, with no grey pill, and names the account button with the name it shows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'senior');
  // The server's HTML alone: the page's scripts never arrive (inline ones still run).
  const scripts = /\/_next\/static\/.+\.js(\?|$)/;
  await page.route(scripts, (route) => route.abort());
  await page.goto('/bookings');
  const header = page.getByRole('banner');
  const button = header.getByRole('button', { name: /account menu/ });
  const shown = (await button.innerText()).trim();
  expect(shown).not.toBe('');
  await expect(button).toHaveAccessibleName(`${shown}, account menu`);
  const waiting = header.getByTestId('header-balance-loading');
  await expect(waiting).toBeVisible();
  const box = await waiting.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(128);
  expect(box?.height).toBe(36);
  expect(await waiting.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  await expect(header.locator('.animate-pulse')).toHaveCount(0);

  await page.unroute(scripts);
  await page.reload();
  const figure = header.getByTestId('header-balance');
  await expect(figure).toContainText(/AED/);
  expect((await figure.boundingBox())?.width).toBeGreaterThanOrEqual(128);
  await expect(header.getByRole('button', { name: `${shown}, account menu` })).toBeVisible();
});
