import { expect, type Page, test } from '@playwright/test';
import { decideDepositInConsole } from './support/ops-money';
import { OPERATOR, signInAsStaff } from './support/ops';
import { SignInPage } from './support/portal';

// Issue 19 §5 acceptance: deposit notices credited or rejected in the console, and a manual
// ledger adjustment, each seen by the agency. Gulf Horizons' admin, with unique references.

const PDF = Buffer.from('%PDF-1.4\n%payment slip\n');

async function openAsGulfHorizonsAdmin(page: Page, path: string, heading: string) {
  const signIn = new SignInPage(page);
  await signIn.open(`?callbackUrl=${encodeURIComponent(path)}`);
  await signIn.signIn('admin@gulfhorizons.test');
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 30_000 });
}

async function sendNotice(page: Page, reference: string, amount: string) {
  const bank = page.getByRole('region', { name: 'Pay by bank transfer' });
  await bank.getByLabel('Amount transferred, AED').fill(amount);
  await bank.getByLabel('Bank reference').fill(reference);
  await bank.getByLabel('Payment slip').setInputFiles({ name: 'slip.pdf', mimeType: 'application/pdf', buffer: PDF });
  await bank.getByRole('button', { name: 'Send deposit notice' }).click();
  await expect(page.locator('#deposits').getByRole('row').filter({ hasText: reference }).getByText('Pending')).toBeVisible();
}

// Staff sign-in may wait for a fresh authenticator step (up to 30 s) more than once.
test.describe.configure({ timeout: 180_000 });

test('a deposit credited in the console shows in the statement; a rejected one shows its reason', async ({ page, browser }) => {
  await openAsGulfHorizonsAdmin(page, '/top-up', 'Top up balance');
  const credited = `OPSC${Date.now()}`;
  const rejected = `OPSR${Date.now()}`;
  await sendNotice(page, credited, '1,234.56');
  await sendNotice(page, rejected, '777');

  await decideDepositInConsole(browser, credited, 'credit');
  await decideDepositInConsole(browser, rejected, 'reject', 'No transfer with this reference reached us');

  await page.reload();
  const notices = page.locator('#deposits');
  await expect(notices.getByRole('row').filter({ hasText: credited }).getByText('Credited')).toBeVisible();
  const refusedRow = notices.getByRole('row').filter({ hasText: rejected });
  await expect(refusedRow.getByText('Rejected')).toBeVisible();
  await expect(refusedRow.getByTestId('deposit-rejection-reason')).toHaveText('No transfer with this reference reached us');

  // The statement shows a deposit by its kind and amount.
  await page.goto('/balance');
  await expect(page.getByText('1,234.56').first()).toBeVisible();
});

test('a manual ledger adjustment shows in the agency statement', async ({ page, browser }) => {
  const reason = `Goodwill ${Date.now()}`;
  const context = await browser.newContext();
  const console = await context.newPage();
  await signInAsStaff(console, OPERATOR, { path: '/ops/money' });
  await console.goto('/ops/money');
  const form = console.getByRole('region', { name: 'Manual ledger adjustment' });
  await form.getByRole('button', { name: 'Post the adjustment' }).click();
  await expect(form.getByText('Choose an agency.')).toBeVisible();
  await form.getByLabel('Agency').selectOption({ label: 'Gulf Horizons Tours' });
  await form.getByLabel('Direction').selectOption('credit');
  await form.getByLabel('Amount, AED').fill('12.34');
  await form.getByLabel('Reason (shown in the statement)').fill(reason);
  await form.getByRole('button', { name: 'Post the adjustment' }).click();
  await expect(console.getByText('Adjustment posted.')).toBeVisible();
  await context.close();

  await openAsGulfHorizonsAdmin(page, '/balance', 'Balance');
  await expect(page.getByText(`Adjustment: ${reason}`)).toBeVisible();
});
