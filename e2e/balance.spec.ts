import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { SignInPage } from './support/portal';

// The balance page of a senior agent, and its statement as an xlsx download.

test('a senior agent sees the balance, the terms and the statement, and downloads the statement', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open(`?callbackUrl=${encodeURIComponent('/balance')}`);
  await signIn.signIn('senior@palmcoast.test');
  // One of the first tests of a run: the sign-in meets a cold server.
  await expect(page.getByRole('heading', { name: 'Balance', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Account overview' })).toBeVisible();
  await expect(page.getByText('30-day credit: bookings beyond your balance are paid within 30 days.')).toBeVisible();
  const statement = page.getByRole('region', { name: 'Daily statement' }).or(page.locator('#statement'));
  await expect(statement.getByText('Opening balance').first()).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('link', { name: 'Download xlsx' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const cells = workbook.worksheets[0]!.getSheetValues().flat().map(String);
  expect(cells).toContain('Opening balance');
});
