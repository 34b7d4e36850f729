import { expect, type APIRequestContext, test } from '@playwright/test';
import { OPERATOR, signInAsStaff } from './support/ops';
import { DEMO_PASSWORD, demoEmail, PORT, SignInPage, signInAs } from './support/portal';
import { fillGuest } from './support/widgets';

// Spec §8 "503 → 'Server is under maintenance'" with the database really unreachable: the e2e
// server reaches PostgreSQL through a relay (scripts/database-switch.mjs) that this spec cuts and
// restores. The embedded database lives inside the server process and cannot go down on its own,
// so this runs on PostgreSQL only. Its project runs after every other spec (playwright.config.ts),
// because the outage would break whatever ran beside it.

const MAINTENANCE = 'Server is under maintenance';
const TOUR = '/tour/abu-dhabi-city-tour';
const AGENT_DETAILS = '/api/catalog/tours/abu-dhabi-city-tour/agent-details';
// Desert Rose's demo widget site; every `.test` host is this machine (playwright.config.ts).
const WIDGET_SITE = `http://tours.desertrose.test:${PORT}`;
const SWITCH = `http://127.0.0.1:${Number(process.env.E2E_DATABASE_SWITCH_PORT ?? PORT + 1000)}`;

test.skip(!process.env.DATABASE_URL, 'the embedded database runs inside the server process: no outage to simulate');
test.describe.configure({ mode: 'serial' });

async function switchDatabase(request: APIRequestContext, action: 'stop' | 'start') {
  const response = await request.post(`${SWITCH}/${action}`);
  expect(response.status()).toBe(204);
}

test.afterAll(async ({ request }) => {
  // Never leave the database cut, whatever failed above.
  await request.post(`${SWITCH}/start`).catch(() => undefined);
});

test('with the database stopped the portal says it is under maintenance, and recovers by itself', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // Before the outage: a cached public page, a signed-in agent on a portal page with a form, and
  // a visitor on the sign-in form.
  const warm = await request.get(TOUR);
  expect(warm.status()).toBe(200);
  await signInAs(page, 'admin', '/my-account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const signIn = new SignInPage(visitorPage);
  await signIn.open();
  // An operator on a console page with a form.
  const staff = await browser.newContext();
  const consolePage = await staff.newPage();
  await signInAsStaff(consolePage, OPERATOR, { path: '/ops/settings' });
  await expect(consolePage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  // A guest on a widget's site, at its checkout form; the site's landing is cached like the public pages.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  expect((await guest.goto(`${WIDGET_SITE}/`))?.status()).toBe(200);
  await guest.getByTestId('widget-offer').first().getByRole('link', { name: /^Book: / }).click();
  const guestForm = guest.getByTestId('guest-checkout');
  await expect(guestForm).toBeVisible();
  const bookUrl = guest.url();

  await switchDatabase(request, 'stop');
  const stoppedAt = Date.now();

  // The very first request after the outage, a portal page, already gets the maintenance page.
  const first = await page.request.get('/bookings');
  expect(first.status()).toBe(503);
  expect(await first.text()).toContain(MAINTENANCE);

  // Cached public pages keep being served.
  const cached = await request.get(TOUR);
  expect(cached.status()).toBe(200);
  expect(await cached.text()).toContain('Abu Dhabi');

  // An action on the open portal page answers with the maintenance message.
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('Another!Pass2026');
  await page.getByLabel('Repeat the new password').fill('Another!Pass2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(MAINTENANCE).first()).toBeVisible({ timeout: 5_000 });

  // Signing in says so too, instead of an error=Configuration page.
  await signIn.signIn(demoEmail('senior'));
  await expect(visitorPage.getByText(MAINTENANCE).first()).toBeVisible({ timeout: 5_000 });
  expect(visitorPage.url()).not.toContain('error=Configuration');

  // An API call answers 503 with the message, never an empty 500.
  await expect
    .poll(async () => {
      const response = await page.request.get(AGENT_DETAILS);
      return `${response.status()} ${(await response.text()).includes(MAINTENANCE)}`;
    }, { timeout: 5_000 })
    .toBe('503 true');

  // A portal page and the sign-in page answer with the maintenance page (503), not a stack.
  const portal = await page.goto('/bookings');
  expect(portal?.status()).toBe(503);
  await expect(page.getByText(MAINTENANCE).first()).toBeVisible();
  await expect(page.getByText('Component stack')).toHaveCount(0);
  const signInPage = await request.get('/sign-in');
  expect(signInPage.status()).toBe(503);
  expect(await signInPage.text()).toContain(MAINTENANCE);

  // The console too: its form's action says so and keeps what was typed; its pages answer 503.
  const general = consolePage.getByRole('region', { name: 'Rates, fees and contacts' });
  await general.getByLabel('WhatsApp number').fill('+971 50 000 0000');
  await general.getByRole('button', { name: 'Save' }).click();
  await expect(consolePage.getByText(MAINTENANCE).first()).toBeVisible({ timeout: 5_000 });
  await expect(general.getByLabel('WhatsApp number')).toHaveValue('+971 50 000 0000');
  const consoleList = await consolePage.goto('/ops/agencies');
  expect(consoleList?.status()).toBe(503);
  await expect(consolePage.getByText(MAINTENANCE).first()).toBeVisible();
  const staffSignIn = await request.get('/ops/sign-in');
  expect(staffSignIn.status()).toBe(503);
  expect(await staffSignIn.text()).toContain(MAINTENANCE);
  // The guest's Pay says so and keeps what was typed; the widget's cached landing is still served,
  // its checkout page answers 503 with the message.
  await fillGuest(guestForm, { adults: 2, name: 'Maria Lopez', phone: '+34 600 123 456', email: 'maria@example.test' });
  await guestForm.getByRole('button', { name: /^Pay .* by card$/ }).click();
  await expect(guest.getByText(MAINTENANCE).first()).toBeVisible({ timeout: 5_000 });
  await expect(guestForm.getByLabel('Full name')).toHaveValue('Maria Lopez');
  const visitorOfSite = await guestContext.newPage();
  expect((await visitorOfSite.goto(`${WIDGET_SITE}/`))?.status()).toBe(200);
  await expect(visitorOfSite.getByTestId('widget-offer').first()).toBeVisible();
  const checkout = await visitorOfSite.goto(bookUrl);
  expect(checkout?.status()).toBe(503);
  await expect(visitorOfSite.getByText(MAINTENANCE).first()).toBeVisible();
  expect(Date.now() - stoppedAt).toBeLessThan(30_000);

  await switchDatabase(request, 'start');

  // Within 10 s, with no restart: the maintenance page reloads into the page, the API and sign-in work.
  await expect(page.getByRole('heading', { name: 'All bookings' })).toBeVisible({ timeout: 10_000 });
  await expect.poll(async () => (await page.request.get(AGENT_DETAILS)).status(), { timeout: 10_000 }).toBe(200);
  await signIn.open();
  await signIn.signIn(demoEmail('senior'));
  await expect(visitorPage.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 10_000 });
  await visitor.close();
  await expect(consolePage.getByRole('heading', { level: 1, name: 'Agencies' })).toBeVisible({ timeout: 10_000 });
  await staff.close();
  await expect(visitorOfSite.getByTestId('guest-checkout')).toBeVisible({ timeout: 10_000 });
  await guestContext.close();
});
