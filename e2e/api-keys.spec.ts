import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { signInAs } from './support/portal';

// API keys on /my-agencies: the admin makes a key (its secret shown once), a system calls the
// API with it and the list shows when and from where, and a revoked key answers 401. At a phone's
// and a desktop's width; the section exists in Russian too.

test.describe.configure({ timeout: 60_000 });

const WIDTHS = [430, 1280] as const;

async function callBalance(baseURL: string, secret: string): Promise<number> {
  // A context of its own: no cookie of the browser's session goes with the call.
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    return (await api.get('/api/v1/b2b/balance', { headers: { authorization: `Bearer ${secret}` } })).status();
  } finally {
    await api.dispose();
  }
}

async function openKeys(page: Page) {
  await signInAs(page, 'admin', '/my-agencies');
  const section = page.locator('#api-keys');
  await expect(section.getByRole('heading', { name: 'API keys', level: 2 })).toBeVisible();
  return section;
}

for (const width of WIDTHS) {
  test(`an admin makes a key, sees its last use, and revokes it (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const section = await openKeys(page);
    const name = `Booking engine ${width} ${Date.now()}`;
    await section.getByLabel('Name', { exact: true }).fill(name);
    await section.getByRole('checkbox', { name: /^Balance/ }).check();
    await section.getByLabel('Expires after').selectOption('30');
    await section.getByRole('button', { name: 'Create key' }).click();

    const shown = section.getByTestId('api-key-secret');
    await expect(shown).toBeVisible();
    const secret = (await shown.innerText()).trim();
    expect(secret).toMatch(/^td_(test|live)_[A-Za-z0-9_-]{43}$/);
    await expect(section.getByText('Copy your new key now')).toBeVisible();
    const card = section.getByTestId('api-key').filter({ hasText: name });
    await expect(card).toContainText(secret.slice(0, 12));
    await expect(card.getByTestId('api-key-last-used')).toHaveText('Not used yet');
    // No horizontal scrolling at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Shown once: after a reload only its first characters are left.
    await page.reload();
    await expect(section.getByTestId('api-key-secret')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(secret);

    expect(await callBalance(baseURL!, secret)).toBe(200);
    await page.reload();
    await expect(card.getByTestId('api-key-last-used')).toContainText(/from (127\.0\.0\.1|::1)/);

    await card.getByText('Revoke', { exact: true }).click();
    await expect(card.getByText(/Calls made with it stop working at once/)).toBeVisible();
    await card.getByRole('button', { name: 'Revoke key' }).click();
    await expect(card).toContainText('Revoked');
    await expect(card.getByText('Revoke', { exact: true })).toHaveCount(0);
    expect(await callBalance(baseURL!, secret)).toBe(401);
  });
}

test('a form without a scope says so, the section passes axe, and it is there in Russian', async ({ page }) => {
  const section = await openKeys(page);
  await section.getByRole('checkbox', { name: /^Catalogue/ }).uncheck();
  await section.getByLabel('Name', { exact: true }).fill('No scope');
  await section.getByRole('button', { name: 'Create key' }).click();
  await expect(section.getByText('Choose at least one scope.')).toBeVisible();
  // The section, its form and its list carry no serious or critical accessibility violation.
  const { violations } = await new AxeBuilder({ page }).include('#api-keys').analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  await page.goto('/ru/my-agencies');
  const russian = page.locator('#api-keys');
  await expect(russian.getByRole('heading', { name: 'API-ключи', level: 2 })).toBeVisible();
  await expect(russian.getByRole('button', { name: 'Создать ключ' })).toBeVisible();
});
