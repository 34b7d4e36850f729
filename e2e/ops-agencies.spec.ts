import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { BookingPicker } from './support/booking';
import { expectConsoleRefused, OPERATOR, readOutboxFromConsole, signInAsStaff } from './support/ops';
import { SignInPage, signInAs } from './support/portal';
import { ENGINE_SENSITIVE } from './support/engine';

// The console's agencies section: a new agency signs up, the operator (with TOTP)
// finds it among the pending ones, downloads its licence and approves it with a credit limit, and
// its admin books on credit; a month later its invoice is overdue, so a credit booking is refused
// with the clear message while a request still goes through. Agents and visitors never reach /ops.

const PASSWORD = 'Falcon-Trips-2026';
const TOUR = 'burj-khalifa-at-the-top';
const GUEST = { name: 'Lina Haddad', phone: '+971 50 321 7654', email: 'lina.haddad@example.test' };
const PDF = { name: 'trade-licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%licence\n') };
const CREDIT_CLOSED = /booking on credit is closed/;
/** "for November 2026 of AED 1,234.50 was due on 05 Dec, 26": no raw amount, no ISO date. */
const OVERDUE_INVOICE = /for [A-Z][a-z]+ \d{4} of AED\s[\d,]+\.\d{2} was due on \d{2} [A-Z][a-z]{2}, \d{2}/;

test.describe.configure({ timeout: 240_000 });

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The verification link of the newest mail to `email`, as an operator reads it in the console's outbox. */
async function verificationPath(request: APIRequestContext, email: string): Promise<string> {
  const [mail] = await readOutboxFromConsole(undefined, email);
  expect(mail?.kind).toBe('verifyEmail');
  const url = new URL(mail!.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)![0]);
  return `${url.pathname}${url.search}`;
}

/** A new agency through the sign-up page, its admin's e-mail verified and password chosen. */
async function signUpAgency(page: Page, request: APIRequestContext, company: string, email: string) {
  await page.goto('/sign-up');
  await page.getByLabel('Your name').fill('Lina Haddad');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Contact number').fill('+971 50 111 2233');
  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Trade licence expiry date').fill(`${new Date().getUTCFullYear() + 2}-06-30`);
  await page.getByLabel('Trade licence', { exact: true }).setInputFiles(PDF);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.goto(await verificationPath(request, email));
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page).toHaveURL('/sign-in?notice=approvalPending');
}

async function operatorPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsStaff(page, OPERATOR, { path });
  return page;
}

/** From the tour page to a filled checkout for one adult next month, paying with `method`. */
async function checkout(page: Page, method: 'Account balance' | 'Book with an agent (request)') {
  await page.goto(`/tour/${TOUR}`);
  const picker = new BookingPicker(page.getByTestId('offer').first());
  await picker.open();
  await picker.showNextMonth();
  await picker.pickFirstOpenDay();
  await picker.pickFirstOpenTime();
  await picker.continueLink().click();
  await expect(page).toHaveURL(/\/checkout\?offer=/);
  await page.getByLabel('Guest name').fill(GUEST.name);
  await page.getByLabel('Phone').fill(GUEST.phone);
  await page.getByLabel('E-mail', { exact: true }).fill(GUEST.email);
  await page.getByLabel('Repeat the e-mail').fill(GUEST.email);
  await page.getByRole('radio', { name: method }).check();
}

async function submit(page: Page) {
  await page.getByRole('button', { name: /^(Book now|Send the request)$/ }).click();
}

test('a new agency is approved with credit in the console, books on credit, and once overdue is refused credit but may still request', ENGINE_SENSITIVE, async ({ page, request, browser }) => {
  const id = suffix();
  const company = `Credit Falcon ${id}`;
  const email = `credit.${id}@e2e-agency.test`;
  await signUpAgency(page, request, company, email);

  // The operator finds the sign-up among the pending ones, downloads its licence and approves it.
  const operator = await operatorPage(browser, '/ops/agencies?status=pending');
  await operator.getByRole('searchbox').fill(company);
  await operator.getByRole('button', { name: 'Filter' }).click();
  await operator.getByRole('link', { name: company }).click();
  await expect(operator.getByRole('heading', { name: company })).toBeVisible();
  const [download] = await Promise.all([operator.waitForEvent('download'), operator.getByRole('link', { name: 'Download trade-licence.pdf' }).click()]);
  expect(download.suggestedFilename()).toBe('trade-licence.pdf');
  await operator.getByLabel('Credit limit (AED)').fill('5000');
  await operator.getByLabel('Payment terms (days)').fill('0');
  await operator.getByRole('button', { name: 'Approve agency' }).click();
  // Approved: the page now offers what an active agency allows.
  await expect(operator.getByRole('button', { name: 'Suspend agency' })).toBeVisible();
  await expect(operator.getByTestId('agency-credit-limit')).toContainText('5,000.00');

  // Its admin books on credit: a balance of 0 and a credit limit of 5,000.
  await new SignInPage(page).signIn(email, PASSWORD);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: 30_000 });
  await checkout(page, 'Account balance');
  await expect(page.getByTestId('balance-short')).toHaveCount(0);
  await submit(page);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible({ timeout: 20_000 });

  // A month goes by; the operator issues last month's invoices in the console; another month goes by.
  expect((await request.post('/api/test-hooks/age-agency', { data: { email } })).ok()).toBe(true);
  await operator.goto('/ops/money/invoices');
  await operator.getByRole('button', { name: 'Issue invoices' }).click();
  await expect(operator.getByRole('link', { name: company })).toBeVisible();
  expect((await request.post('/api/test-hooks/age-agency', { data: { email } })).ok()).toBe(true);

  // The operator sees it among the overdue agencies.
  await operator.goto('/ops/agencies?standing=overdue');
  await expect(operator.getByRole('link', { name: company })).toBeVisible();
  await operator.close();

  // The agent sees why on /balance and on checkout, is refused a credit booking, and may still request.
  await page.goto('/balance');
  await expect(page.getByTestId('credit-overdue')).toContainText('not paid yet');
  // The invoice's month in words, its amount as money and its due date in the portal's format.
  await expect(page.getByTestId('credit-overdue')).toContainText(OVERDUE_INVOICE);
  await checkout(page, 'Account balance');
  await expect(page.getByTestId('balance-short')).toContainText(CREDIT_CLOSED);
  await expect(page.getByTestId('balance-short')).toContainText(OVERDUE_INVOICE);
  await submit(page);
  await expect(page.getByRole('alert').filter({ hasText: CREDIT_CLOSED }).filter({ hasText: OVERDUE_INVOICE }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?/);
  await page.getByRole('radio', { name: 'Book with an agent (request)' }).check();
  await submit(page);
  await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible({ timeout: 20_000 });
});

test('an agency admin and a signed-out visitor get the staff sign-in, not the agencies console', async ({ page }) => {
  await expectConsoleRefused(page, '/ops/agencies');
  await expectConsoleRefused(page, '/ops/money/invoices');
  await signInAs(page, 'admin');
  await expectConsoleRefused(page, '/ops/agencies');
  const download = await page.request.get('/api/ops/files/6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0001');
  expect(download.status()).toBe(401);
});
