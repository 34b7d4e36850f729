import { expect, type Locator, type Page } from '@playwright/test';

// The console's catalogue pages, as an operator uses them.

/** The public page's text with no-break spaces as plain ones (prices are formatted with them). */
export function plainText(html: string): string {
  return html.replace(/\u00a0/g, ' ');
}

/** Submits one of the page's console forms and waits for its success toast. */
export async function saveForm(page: Page, scope: Locator, button: string): Promise<void> {
  // The console's pages are long; a click before hydration would post the form without its toast.
  await page.waitForLoadState('networkidle');
  await scope.getByRole('button', { name: button }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Saved' }).last()).toBeVisible({ timeout: 20_000 });
}
