import { expect, type Page, test } from '@playwright/test';
import { decideDepositInConsole } from './support/ops-money';
import { OPERATOR, signInAsStaff } from './support/ops';
import { signInAs, SignInPage } from './support/portal';
import { ENGINE_SENSITIVE } from './support/engine';

// The top-up page, and the console crediting or rejecting deposit notices
// and posting ledger adjustments. Gulf Horizons' admin sends the notices here, and every test that
// moves Gulf Horizons' balance lives in this one file, so they run one after another and no other
// spec's balance figures move.

// Staff sign-in may wait for a fresh authenticator step (up to 30 s) more than once.
test.describe.configure({ timeout: 180_000 });

const PDF = Buffer.from('%PDF-1.4\n%payment slip\n');

async function openAsGulfHorizonsAdmin(page: Page, path = '/top-up', heading = 'Top up balance') {
  const signIn = new SignInPage(page);
  await signIn.open(`?callbackUrl=${encodeURIComponent(path)}`);
  await signIn.signIn('admin@gulfhorizons.test');
  // The sign-in may meet a cold server.
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** The "Balance" figure of the overview, in fils. */
async function balanceFils(page: Page): Promise<number> {
  const text = await page.locator('section[aria-labelledby="overview-title"] dd').first().innerText();
  return Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);
}

test('the card top-up shows the server’s fee for the amount typed', async ({ page }) => {
  await openAsGulfHorizonsAdmin(page);
  const card = page.getByRole('region', { name: 'Pay by card' });
  await card.getByLabel('Amount, AED').fill('1000');
  await expect(card.getByText('Card fee (2.5%)')).toBeVisible();
  await expect(card.getByText('AED 1,025.00')).toBeVisible();
  await expect(card.getByText('AED 25.00')).toBeVisible();
  await card.getByLabel('Amount, AED').fill('12.345');
  await expect(card.getByText('Enter the amount as a number with up to two decimals, e.g. 1500.50.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Continue to card payment' })).toBeDisabled();
});

test('a deposit notice stays pending until the operator credits it, then the balance grows by its amount', ENGINE_SENSITIVE, async ({ page, browser }) => {
  await openAsGulfHorizonsAdmin(page);
  const before = await balanceFils(page);
  const reference = `FT${Date.now()}`;
  const bank = page.getByRole('region', { name: 'Pay by bank transfer' });
  await bank.getByLabel('Amount transferred, AED').fill('1,500');
  await bank.getByLabel('Bank reference').fill(reference);
  await bank.getByLabel('Payment slip').setInputFiles({ name: 'slip.pdf', mimeType: 'application/pdf', buffer: PDF });
  await bank.getByRole('button', { name: 'Send deposit notice' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Deposit notice for AED 1,500.00 sent.' })).toBeVisible();
  const notices = page.locator('#deposits');
  const row = notices.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Pending')).toBeVisible();
  expect(await balanceFils(page)).toBe(before);

  const slipHref = await row.getByRole('link', { name: /Payment slip/ }).getAttribute('href');
  const slip = await page.request.get(slipHref!);
  expect(slip.status()).toBe(200);
  expect(slip.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await slip.body())).toEqual(PDF);

  await decideDepositInConsole(browser, reference, 'credit');
  await page.reload();
  await expect(notices.getByRole('row').filter({ hasText: reference }).getByText('Credited')).toBeVisible();
  expect(await balanceFils(page)).toBe(before + 150_000);
});

test('a bad deposit notice gets its message at the field and is not recorded', async ({ page }) => {
  await openAsGulfHorizonsAdmin(page);
  const reference = `BAD${Date.now()}`;
  const bank = page.getByRole('region', { name: 'Pay by bank transfer' });
  await bank.getByLabel('Amount transferred, AED').fill('1500');
  await bank.getByLabel('Bank reference').fill(reference);

  await bank.getByLabel('Payment slip').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(6 * 1024 * 1024, 0x25) });
  await expect(bank.getByText('File is too large. Maximum size is 5MB.')).toBeVisible();

  // An executable renamed .pdf: its first bytes say "MZ", whatever its name and declared type.
  await bank.getByLabel('Payment slip').setInputFiles({ name: 'slip.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00not a pdf') });
  await bank.getByRole('button', { name: 'Send deposit notice' }).click();
  await expect(bank.locator('#slip-error')).toHaveText('Unsupported file format. Only PDF, JPG, PNG formats are supported.');
  await expect(bank.getByLabel('Bank reference')).toHaveValue(reference);
  await expect(page.locator('#deposits').getByText(reference)).toHaveCount(0);
});

test('a junior agent cannot open the top-up page or ask for the fee', async ({ page }) => {
  await signInAs(page, 'junior');
  const response = await page.goto('/top-up');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  expect((await page.request.get('/api/v1/b2b/balance/topupfee?amount=1000')).status()).toBe(403);
});

test('the Russian top-up page is in Russian', async ({ page }) => {
  await openAsGulfHorizonsAdmin(page, '/ru/top-up', 'Пополнение баланса');
  await expect(page.getByRole('heading', { name: 'Оплата банковским переводом' })).toBeVisible();
});

test('a card top-up through the sandbox credits the balance once, however often the return is opened', ENGINE_SENSITIVE, async ({ page }) => {
  await openAsGulfHorizonsAdmin(page);
  const before = await balanceFils(page);
  const card = page.getByRole('region', { name: 'Pay by card' });
  await card.getByLabel('Amount, AED').fill('150');
  await card.getByRole('button', { name: 'Continue to card payment' }).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await expect(page.getByTestId('sandbox-banner')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/balance\?topUp=/);
  await expect(page.getByTestId('top-up-paid')).toHaveText('Card top-up received: AED 150.00 was credited to your balance.');
  await expect(page.locator('#statement')).toContainText('Card top-up');

  // The return URL again (a reload, the webhook's twin): nothing is credited twice.
  const paymentId = new URL(page.url()).searchParams.get('topUp');
  await page.goto(`/pay/${paymentId}`);
  await page.waitForURL(/\/balance\?topUp=/);
  await page.goto('/top-up');
  expect(await balanceFils(page)).toBe(before + 150_00);
});

async function sendNotice(page: Page, reference: string, amount: string) {
  const bank = page.getByRole('region', { name: 'Pay by bank transfer' });
  await bank.getByLabel('Amount transferred, AED').fill(amount);
  await bank.getByLabel('Bank reference').fill(reference);
  await bank.getByLabel('Payment slip').setInputFiles({ name: 'slip.pdf', mimeType: 'application/pdf', buffer: PDF });
  await bank.getByRole('button', { name: 'Send deposit notice' }).click();
  await expect(page.locator('#deposits').getByRole('row').filter({ hasText: reference }).getByText('Pending')).toBeVisible();
}

test('a deposit credited in the console shows in the statement; a rejected one shows its reason', ENGINE_SENSITIVE, async ({ page, browser }) => {
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

  // The statement shows a deposit by its kind, amount and bank reference.
  await page.goto('/balance');
  await expect(page.getByText('1,234.56').first()).toBeVisible();
  await expect(page.locator('#statement').getByTestId('bank-reference').filter({ hasText: credited })).toHaveText(`Bank reference ${credited}`);
});

test('a manual ledger adjustment shows in the agency statement', ENGINE_SENSITIVE, async ({ page, browser }) => {
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
