import { expect, test } from '@playwright/test';
import { AccountMenu, demoEmail, SignInPage, signInAs } from './support/portal';

const MENUS = {
  junior: ['Dashboard', 'Account', 'My Bookings', 'Requests', 'New Booking', 'Logout'],
  senior: [
    'Dashboard',
    'Account',
    'Commissions',
    'All Bookings',
    'My Bookings',
    'Requests',
    'New Booking',
    'Guest Quotes',
    'Statement',
    'Transactions',
    'Top Up Balance',
    'Logout',
  ],
  admin: [
    'Dashboard',
    'Account',
    'Commissions',
    'All Bookings',
    'My Bookings',
    'Requests',
    'New Booking',
    'Guest Quotes',
    'Statement',
    'Transactions',
    'Top Up Balance',
    'Company Settings',
    'Widgets',
    'Agents',
    'Logout',
  ],
} as const;

for (const role of ['junior', 'senior', 'admin'] as const) {
  test(`a ${role} agent signs in and sees exactly its menu`, async ({ page }) => {
    // The form itself (signInAs may reuse a session).
    const signInPage = new SignInPage(page);
    await signInPage.open(`?callbackUrl=${encodeURIComponent('/my-account')}`);
    await signInPage.signIn(demoEmail(role));
    await expect(page).toHaveURL('/my-account', { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
    await expect(page.getByText(demoEmail(role), { exact: true })).toBeVisible();
    expect(await new AccountMenu(page).itemNames()).toEqual(MENUS[role]);
  });
}

test('a wrong password shows the spec message and signs nobody in', async ({ page }) => {
  const signInPage = new SignInPage(page);
  await signInPage.open();
  await signInPage.signIn(demoEmail('senior'), 'not-the-password');
  await expect(page.locator('#sign-in-error')).toHaveText('Username or Password is incorrect');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByLabel('E-mail')).toHaveValue(demoEmail('senior'));
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/sign-in\?/);
});

test('an anonymous visit to /bookings goes to sign-in and comes back after it', async ({ page }) => {
  await page.goto('/bookings');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/sign-in');
  expect(url.searchParams.get('error')).toBe('SessionRequired');
  expect(url.searchParams.get('callbackUrl')).toBe('/bookings');
  await expect(page.getByText('Please sign in to open that page.')).toBeVisible();

  await new SignInPage(page).signIn(demoEmail('senior'));
  await expect(page).toHaveURL('/bookings');
  await expect(page.getByRole('heading', { name: 'All bookings' })).toBeVisible();
  await expect(page.getByTestId('booking-count')).toBeVisible();
});

test('a junior agent gets the no-access page for agency pages, even by direct URL', async ({ page }) => {
  await signInAs(page, 'junior');
  for (const path of ['/bookings', '/balance', '/agents', '/my-agencies']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  }
  const allowed = await page.goto('/my-bookings');
  expect(allowed?.status()).toBe(200);
  // The server calls behind those pages refuse the junior too.
  for (const path of ['/api/balance/statement/export?month=2026-11', '/api/commissions/export', '/api/bookings/export?scope=all', '/api/invoices/monthly/2026-10']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
});

test('signing out ends the session', async ({ page }) => {
  await signInAs(page, 'admin');
  await new AccountMenu(page).logout();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/agents');
  await expect(page).toHaveURL(/\/sign-in\?error=SessionRequired/);
});

test('a static page opened in a new load knows the agent, and forgets them after sign-out', async ({ page, context }) => {
  const hint = async () => (await context.cookies()).find((cookie) => cookie.name === 'td-signed-in');
  await signInAs(page, 'senior');
  expect(await hint()).toMatchObject({ value: '1', httpOnly: false });

  // A full load of a cached public page: the agent's menu and booking buttons, never "Sign in".
  await page.goto('/tour/burj-khalifa-at-the-top');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByTestId('sign-in-to-book')).toHaveCount(0);

  await new AccountMenu(page).logout();
  expect(await hint()).toBeUndefined();
  await page.goto('/tour/burj-khalifa-at-the-top');
  await expect(page.getByTestId('sign-in-to-book').first()).toBeVisible();
});

test('the Auth.js sign-in page leads to the portal form', async ({ page }) => {
  await page.goto('/api/auth/signin');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Sign in to Traveldesk B2B' })).toBeVisible();
});

test('sign-in works in Russian and keeps the Russian URL', async ({ page }) => {
  await page.goto(`/ru/my-account`);
  await expect(page).toHaveURL(/\/ru\/sign-in\?/);
  await page.getByLabel('Эл. почта').fill(demoEmail('admin'));
  await page.getByLabel('Пароль').fill('wrong');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.locator('#sign-in-error')).toHaveText('Неверное имя пользователя или пароль');
  await page.getByLabel('Пароль').fill('Traveldesk!2026');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL('/ru/my-account');
  await expect(page.getByRole('heading', { name: 'Аккаунт' })).toBeVisible();
});
