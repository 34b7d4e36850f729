import { type Browser, expect } from '@playwright/test';
import { OPERATOR, signInAsStaff } from './ops';

// Deciding a deposit notice in the operator console, from a second browser context
// so the agency's page stays signed in: what the deposit test hook used to do.

export async function decideDepositInConsole(browser: Browser, bankReference: string, decision: 'credit' | 'reject', reason = 'The transfer did not arrive'): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInAsStaff(page, OPERATOR, { path: '/ops/money' });
    await page.goto('/ops/money');
    const row = page.getByTestId('ops-deposit-row').filter({ hasText: bankReference });
    if (decision === 'credit') {
      await row.getByRole('button', { name: 'Credit' }).click();
      await expect(row.getByText('Credited')).toBeVisible();
    } else {
      await row.locator('summary').click();
      await row.getByLabel('Reason the agency sees').fill(reason);
      await row.getByRole('button', { name: 'Reject' }).click();
      await expect(row.getByText('Rejected')).toBeVisible();
    }
  } finally {
    await context.close();
  }
}
