import { type Browser, expect, type Page, test } from '@playwright/test';
import { SignInPage } from './support/portal';
import { addWidgetOffers } from './support/widgets';

// An agency admin builds a widget from the catalogue at its own sale prices. Gulf
// Horizons' admin builds (no other spec ends that admin's sessions); the demo data's widget of
// Desert Rose is the other agency's, which it must not reach.
const ADMIN = 'admin@gulfhorizons.test';
/** The seeded embed widget of Desert Rose (server/db/seed/widgets.ts). */
const OTHER_AGENCY_WIDGET = '/widgets/6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1e0001';
/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function signIn(page: Page, email: string, path: string) {
  const signInPage = new SignInPage(page);
  await signInPage.open(`?callbackUrl=${encodeURIComponent(path)}`);
  await signInPage.signIn(email);
  await expect(page).toHaveURL(path, { timeout: 30_000 });
}

async function newPage(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, path);
  return page;
}

/** "min AED 1,234.50" → "1234.50". */
function amountOf(text: string): string {
  const match = /([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in "${text}"`);
  return match[1]!.replace(/,/g, '');
}

test.describe('widget editor', () => {
  test('an admin creates a multi-tour widget with two offers, is held to the 5% minimum, warned of unsaved changes, then saves, duplicates and deletes', async ({ page, browser }) => {
    // Four sign-ins (argon2 each) and a whole editing session.
    test.slow();
    const name = `Dunes ${Date.now().toString(36)}`;
    await signIn(page, ADMIN, '/widgets');
    await page.getByRole('link', { name: 'New widget' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New widget' })).toBeVisible();

    await page.getByLabel('Widget name').fill(name);
    await page.getByLabel('Type').selectOption({ label: 'Multiple tours' });
    await addWidgetOffers(page, 2);

    // A price 1 fils under the minimum: refused at its field and in the summary, before anything is sent.
    const firstPrice = page.getByTestId('widget-offer-rows').locator('li').first().locator('input[inputmode="decimal"]').first();
    const hint = await page.locator(`#${await firstPrice.getAttribute('id')}-hint`).innerText();
    const minimum = amountOf(hint);
    const underMinimum = (Number(minimum) - 0.01).toFixed(2);
    await firstPrice.fill(underMinimum);
    await page.getByRole('button', { name: 'Save widget' }).click();
    const summary = page.getByTestId('widget-error-summary');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('The sale price must be at least 5% above the b2b cost, after the discount.');
    await expect(firstPrice).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/widgets\/new$/);
    // The summary's link takes the keyboard to the field.
    await summary.getByRole('link').first().click();
    await expect(firstPrice).toBeFocused();

    // Leaving with unsaved changes asks first; staying keeps everything typed.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('You have unsaved changes. Leave without saving?');
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'All widgets' }).click();
    await expect(page).toHaveURL(/\/widgets\/new$/);
    await expect(page.getByLabel('Widget name')).toHaveValue(name);

    await firstPrice.fill(minimum);
    await page.getByRole('button', { name: 'Save widget' }).click();
    await expect(page).toHaveURL(/\/widgets\/[0-9a-f-]{36}\?notice=created$/);
    await expect(page.getByRole('status').filter({ hasText: 'Widget created.' })).toBeVisible();
    await expect(page.getByLabel('Widget name')).toHaveValue(name);
    const widgetUrl = page.url().replace(/\?.*$/, '');

    // Its pictures: a file that is not a picture is refused at the field; a PNG becomes its logo.
    const logoForm = page.getByTestId('widget-media-upload-logo');
    await logoForm.getByLabel('Picture file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7\n') });
    await logoForm.getByRole('button', { name: 'Upload' }).click();
    await expect(logoForm.getByText('Unsupported file format. Only JPG, PNG formats are supported.')).toBeVisible();
    await logoForm.getByLabel('Picture file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await logoForm.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByTestId('widget-media').getByRole('img', { name: 'Logo 1' })).toBeVisible();

    await page.goto('/widgets');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row.getByRole('cell').nth(0)).toHaveText('Multiple tours');
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');

    await row.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Widget duplicated' })).toBeVisible();
    await expect(page.getByLabel('Widget name')).toHaveValue(`${name} (copy)`);
    await expect(page.getByTestId('widget-offer-rows').locator('li')).toHaveCount(2);

    await page.goto('/widgets');
    const copy = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${name} (copy)` }) });
    // By keyboard, as the confirmation is built for it (the chat button floats over the page's last row).
    await copy.locator('summary', { hasText: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await copy.getByRole('button', { name: 'Delete widget' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Widget deleted.' })).toBeVisible();
    await expect(copy).toHaveCount(0);
    await expect(row).toHaveCount(1);

    // Another agency's widget is not found; senior and junior agents may not open the editor at all.
    expect((await page.goto(OTHER_AGENCY_WIDGET))?.status()).toBe(404);
    await page.goto('/widgets');
    await expect(page.getByRole('rowheader', { name: 'Desert Rose tickets' })).toHaveCount(0);
    const widgetPath = new URL(widgetUrl).pathname;
    for (const email of ['senior@desertrose.test', 'junior@desertrose.test']) {
      const agent = await newPage(browser, email, '/my-account');
      expect((await agent.goto(widgetPath))?.status(), email).toBe(403);
      expect((await agent.goto('/widgets/new'))?.status(), email).toBe(403);
      await agent.context().close();
    }
  });

  test('a failed save keeps everything typed and says so', async ({ page }) => {
    await signIn(page, ADMIN, '/widgets/new');
    await page.getByLabel('Widget name').fill('Kept on failure');
    await addWidgetOffers(page, 1);
    // The save action's request fails on the way (the connection drops).
    await page.route('**/widgets/new', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue()));
    await page.getByRole('button', { name: 'Save widget' }).click();
    await expect(page.getByTestId('widget-save-failed')).toHaveText('Failed to save the widget. Please try again.');
    await expect(page.getByLabel('Widget name')).toHaveValue('Kept on failure');
    await expect(page.getByTestId('widget-offer-rows').locator('li')).toHaveCount(1);
  });
});
