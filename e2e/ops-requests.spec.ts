import { expect, type Page, test } from '@playwright/test';
import { signInAsStaff } from './support/ops';
import { uniqueName } from './support/guest-name';
import { demoEmail, SignInPage, signInAs } from './support/portal';

// Issue 19's request acceptance: an agent's request is priced and confirmed in the console, the
// agent sees "Payment required" at the quoted price and pays it (sandbox card); another request
// is declined with a reason the agent then reads on the booking.

test.describe.configure({ timeout: 120_000 });

// Tandem skydive: no live availability, so every booking of it is a request.
const REQUEST_TOUR = 'tandem-skydive-palm-jumeirah';

async function sendRequest(page: Page): Promise<string> {
  await page.goto(`/tour/${REQUEST_TOUR}`);
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/checkout?${new URLSearchParams({ offer: offerId!, date, adults: '2' })}`);
  await page.locator('input[name="guestName"]').fill(`Rania ${uniqueName()}`);
  await page.locator('input[name="guestPhone"]').fill('+971 50 765 4321');
  await page.locator('input[name="guestEmail"]').fill('request.guest@example.test');
  await page.locator('input[name="guestEmailConfirm"]').fill('request.guest@example.test');
  await expect(page.getByRole('radio', { name: 'Book with an agent (request)' })).toBeChecked();
  await page.locator('form button[type="submit"]').last().click();
  await page.waitForURL(/\/checkout\/confirmation\/TD-/, { timeout: 30_000 });
  return /TD-[A-Z2-9]{7}/.exec(page.url())![0];
}

test('a request is priced and confirmed in the console, and the agent pays it', async ({ browser, page }) => {
  await signInAs(page, 'senior');
  const reference = await sendRequest(page);

  const staff = await browser.newPage();
  await signInAsStaff(staff, undefined, { path: '/ops/requests' });
  await expect(staff.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await staff.getByRole('link', { name: `Open ${reference}` }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Request ${reference}` })).toBeVisible();
  // A retail price below the b2b one is refused at its field, and nothing is saved.
  await staff.getByLabel('B2B total (AED)').fill('900');
  await staff.getByLabel('Retail total (AED)').fill('800');
  await staff.getByRole('button', { name: 'Save price' }).click();
  await expect(staff.getByText('The retail total cannot be below the B2B total.')).toBeVisible();
  await staff.getByLabel('Retail total (AED)').fill('1,100');
  await staff.getByRole('button', { name: 'Save price' }).click();
  await expect(staff.getByText('Price saved').first()).toBeVisible();
  await staff.getByLabel('How it is paid').selectOption('payment');
  await staff.getByRole('button', { name: 'Confirm request' }).click();
  await expect(staff.getByRole('status')).toHaveText('This request has been decided; nothing more to do here.');
  await staff.context().close();

  await page.goto(`/my-bookings/${reference}`);
  await expect(page.getByText('Payment required').first()).toBeVisible();
  await expect(page.getByText(/900\.00/).first()).toBeVisible();
  const payNow = page.getByTestId('pay-now');
  await payNow.getByTestId('pay-now-card').click();
  await payNow.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(new RegExp(`/checkout/confirmation/${reference}$`), { timeout: 30_000 });
});

test('a declined request shows the agent the reason', async ({ browser, page }) => {
  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn(demoEmail('senior', 'gulfhorizons'));
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
  const reference = await sendRequest(page);

  const staff = await browser.newPage();
  await signInAsStaff(staff, undefined, { path: `/ops/requests/${reference}` });
  await staff.getByLabel('Reason the agent will see').fill('No instructor free that day');
  await staff.getByRole('button', { name: 'Decline request' }).click();
  await expect(staff.getByRole('status')).toHaveText('Declined: No instructor free that day');
  await staff.context().close();

  await page.goto(`/my-bookings/${reference}`);
  await expect(page.getByText('Cancelled').first()).toBeVisible();
  await expect(page.getByText('No instructor free that day')).toBeVisible();
});
