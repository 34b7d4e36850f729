import { type Browser, expect, type Page, test } from '@playwright/test';
import { OPERATOR, signInAsStaff } from './support/ops';

// The operator changes a site's about text and the public home page shows it
// at once; bad input gets a field error; a portal mail is read and resent in the outbox; the
// change is found in the audit log. Settings are shared by every spec running beside this one:
// the about text is restored at the end, and the support numbers other specs check stay as seeded.

test.describe.configure({ timeout: 120_000 });

async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsStaff(page, OPERATOR, { path: '/ops/settings' });
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  return page;
}

test("a site's about text changed in the console shows on the public home page at once, and the audit log has it", async ({ page, browser }) => {
  const marker = `Trusted by agencies ${Date.now()}`;
  await page.goto('/');
  const footerAbout = page.locator('#footer-about + p');
  const original = (await footerAbout.textContent()) ?? '';
  expect(original).not.toContain(marker);

  const ops = await staffPage(browser);
  const main = ops.getByRole('region', { name: 'Main site' });
  try {
    await main.getByLabel('About text (English)').fill(`${original} ${marker}`);
    await main.getByRole('button', { name: 'Save' }).click();
    await expect(ops.getByText('Saved', { exact: true })).toBeVisible();

    await page.reload();
    await expect(footerAbout).toContainText(marker);

    await ops.goto(`/ops/audit?entity=settings&staff=${encodeURIComponent(OPERATOR)}`);
    const row = ops.getByTestId('audit-row').filter({ hasText: marker }).first();
    await expect(row).toContainText('sites.main.about.en');
    await expect(row).toContainText('settings.update');
    await expect(row).toContainText(OPERATOR);
  } finally {
    await ops.goto('/ops/settings');
    await ops.getByRole('region', { name: 'Main site' }).getByLabel('About text (English)').fill(original);
    await ops.getByRole('region', { name: 'Main site' }).getByRole('button', { name: 'Save' }).click();
    await expect(ops.getByText('Saved', { exact: true })).toBeVisible();
  }
  await page.reload();
  await expect(footerAbout).not.toContainText(marker);
});

test('bad settings input gets a field error and nothing is saved', async ({ browser }) => {
  const ops = await staffPage(browser);
  const general = ops.getByRole('region', { name: 'Rates, fees and contacts' });
  const whatsApp = general.getByLabel('WhatsApp number');
  const before = await whatsApp.inputValue();
  await whatsApp.fill('12345');
  await general.getByLabel('Card top-up fee, %').fill('250');
  await general.getByRole('button', { name: 'Save' }).click();
  await expect(general.getByText('Enter the number in international format with the plus, e.g. +971 50 123 4567.')).toBeVisible();
  await expect(general.getByText('This is above the allowed maximum for this setting.')).toBeVisible();
  await expect(whatsApp).toHaveValue('12345');
  await ops.reload();
  await expect(ops.getByRole('region', { name: 'Rates, fees and contacts' }).getByLabel('WhatsApp number')).toHaveValue(before);
});

test('the outbox lists a mail a portal action sent; the operator reads it, follows its link and resends it', async ({ page, browser }) => {
  const email = 'junior@palmcoast.test';
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const ops = await staffPage(browser);
  await ops.goto('/ops/outbox');
  await ops.getByLabel('Recipient or subject').fill(email);
  await ops.getByLabel('Kind').selectOption('resetPassword');
  await ops.getByRole('button', { name: 'Search' }).click();
  await expect(ops).toHaveURL(/kind=resetPassword/);
  const rows = ops.getByTestId('outbox-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await rows.first().getByRole('link').click();

  await expect(ops.getByTestId('mail-text')).toContainText('/reset-password?token=');
  const link = ops.getByTestId('mail-text').getByRole('link').first();
  await expect(link).toHaveAttribute('href', /\/reset-password\?token=[\w-]+/);
  await expect(link).toHaveAttribute('target', '_blank');

  await ops.getByRole('button', { name: 'Send again' }).click();
  await expect(ops.getByText('The e-mail was sent again.')).toBeVisible();
  await ops.goto(`/ops/outbox?q=${encodeURIComponent(email)}&kind=resetPassword`);
  await expect(ops.getByTestId('outbox-row')).toHaveCount(count + 1);

  await ops.goto('/ops/audit?entity=mail');
  await expect(ops.getByTestId('audit-row').filter({ hasText: 'mail.resend' }).filter({ hasText: email }).first()).toBeVisible();
});
