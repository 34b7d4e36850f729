import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { CATALOGUE } from '../tests/support/octo-supplier/catalogue';
import { type OctoSupplierHandle, startOctoSupplier } from '../tests/support/octo-supplier/server';
import { OPS_ADMIN, signInAsStaff } from './support/ops';

// The console's suppliers in the browser, at a laptop's and a phone's width: the operator admin
// adds the local OCTO supplier (a wrong key first: refused, nothing saved), syncs its products in
// as drafts, maps one (titles in both languages, a margin) and publishes it; a price the supplier
// then changes is flagged at the next sync and accepted. The key is never on a page after saving,
// no page is wider than the screen, and axe finds nothing serious. The local supplier runs in this
// worker, which changes its catalogue in place for the re-sync (and puts it back).

// A staff sign-in may wait for a fresh authenticator step; the flow posts several forms.
test.describe.configure({ timeout: 180_000 });

let octo: OctoSupplierHandle;

test.beforeAll(async () => {
  octo = await startOctoSupplier();
});
test.afterAll(async () => {
  await octo?.close();
});

async function expectFits(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(1);
}

async function expectNoSeriousViolations(page: Page, what: string) {
  // The toasts shown at the moment are checked with the page (the shell darkens their colours),
  // once no transition runs: a toast fading in, or one stacked behind a new one fading out, has
  // text below every contrast ratio halfway through.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return animation.playState !== 'running' || !target?.closest('[data-sonner-toaster]');
    }),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(serious, `${what}: axe-core's serious and critical violations`).toEqual([]);
}

/** Submits one of the page's console forms and waits for its success toast. */
async function submit(page: Page, scope: Locator | Page, button: string, toast: string) {
  // A click before hydration would post the form without its toast.
  await page.waitForLoadState('networkidle');
  await scope.getByRole('button', { name: button }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: toast }).last()).toBeVisible({ timeout: 30_000 });
}

for (const width of [1280, 430]) {
  test(`the operator admin adds, syncs, maps and publishes a supplier's product at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsStaff(page, OPS_ADMIN, { path: '/ops/suppliers' });
    await page.goto('/ops/suppliers');
    await expect(page.getByRole('heading', { level: 1, name: 'Suppliers' })).toBeVisible();
    await expectFits(page, 'the suppliers page');
    const name = `Red Dunes ${width} ${Date.now().toString(36)}`;
    const add = page.getByRole('region', { name: 'Add a supplier' });
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('OCTO base URL').fill(octo.url);
    await add.getByLabel('API key').fill('not-the-right-key');

    // A key the supplier refuses: said on the form, in the page's language, and nothing saved.
    await page.waitForLoadState('networkidle');
    await add.getByRole('button', { name: 'Test and save' }).click();
    await expect(add.getByRole('alert')).toHaveText('The supplier refused this API key.');
    await expect(page).toHaveURL(/\/ops\/suppliers$/);
    await expect(page.getByTestId('supplier-row').filter({ hasText: name })).toHaveCount(0);
    await expectFits(page, 'the refused form');
    await expectNoSeriousViolations(page, 'the suppliers page');

    await add.getByLabel('API key').fill(octo.apiKey);
    await add.getByRole('button', { name: 'Test and save' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
    // Only the key's last four characters, ever.
    await expect(page.getByTestId('supplier-key-hint')).toHaveText(`Stored key ending in ${octo.apiKey.slice(-4)}`);
    expect(await page.content()).not.toContain(octo.apiKey);

    await submit(page, page.getByRole('region', { name: 'Products' }), 'Sync now', 'Sync finished');
    const products = page.getByTestId('supplier-product');
    await expect(products).toHaveCount(2);
    await expect(products.filter({ hasText: 'Red Dunes Desert Safari' })).toContainText('Draft');
    await expect(page.getByTestId('supplier-connection')).toHaveText('Connected');
    await expect(page.getByTestId('supplier-breaker')).toHaveText('Closed: calls go through');
    await expectFits(page, 'the supplier page');
    await expectNoSeriousViolations(page, 'the supplier page');

    await products.getByRole('link', { name: 'Red Dunes Desert Safari' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Red Dunes Desert Safari' })).toBeVisible();
    // The supplier's photos are linked for the operator, not copied.
    await expect(page.getByRole('region', { name: "The supplier's photos" }).getByRole('link', { name: 'Photo 1' })).toHaveAttribute('href', /desert-safari\.jpg$/);
    const mapping = page.getByRole('region', { name: 'Tour and margin' });
    await mapping.getByLabel('Title (Russian)').fill('Сафари по красным дюнам');
    await mapping.getByLabel('B2B markup, % over net').fill('10');
    await submit(page, mapping, 'Save', 'Saved');
    // The morning option: net AED 200.00 + 10 % for agents, the supplier's AED 250.00 as retail.
    const morning = page.getByRole('region', { name: 'Option: Morning safari' });
    await expect(morning.getByTestId('offer-prices')).toContainText('adult AED 220.00');
    await expect(morning.getByTestId('offer-prices')).toContainText('adult AED 250.00');
    await morning.getByLabel('Offer name (Russian)').fill('Утреннее сафари');
    await submit(page, morning, 'Save the option', 'Saved');
    await expectFits(page, 'the product page');
    await expectNoSeriousViolations(page, 'the product page');

    await submit(page, page.getByRole('region', { name: 'Publish' }), 'Publish', 'Published');
    await expect(page.getByText('Status: Published')).toBeVisible();

    // The supplier raises the morning adult's net price: the next sync flags it, the review shows
    // the change, and accepting it reprices the offer (AED 210.00 + 10 %).
    const adult = CATALOGUE.find((product) => product.id === 'desert-safari')!.options.find((option) => option.id === 'morning')!.units.find((unit) => unit.type === 'ADULT')!;
    const net = adult.net;
    adult.net = 21_000;
    try {
      await page.getByRole('link', { name: /^Back to / }).click();
      await submit(page, page.getByRole('region', { name: 'Products' }), 'Sync now', 'Sync finished');
    } finally {
      adult.net = net;
    }
    await expect(products.filter({ hasText: 'Red Dunes Desert Safari' })).toContainText('Changed');
    await products.getByRole('link', { name: 'Red Dunes Desert Safari' }).click();
    const review = page.getByRole('region', { name: 'Changes to review' });
    await expect(review).toContainText('prices');
    await expect(review.getByRole('row', { name: /Morning safari · Adult/ })).toContainText('AED 210.00');
    await expectFits(page, 'the review');
    // Accepted, the review is gone with its form (the page renders again without it).
    await page.waitForLoadState('networkidle');
    await review.getByRole('button', { name: 'Accept the changes' }).click();
    await expect(review).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Option: Morning safari' }).getByTestId('offer-prices')).toContainText('adult AED 231.00');
    await expect(page.getByText('Status: Published')).toBeVisible();

    await page.goto('/ops/suppliers');
    const row = page.getByTestId('supplier-row').filter({ hasText: name });
    await expect(row).toContainText('1 published');
    await expect(row).toContainText('Connected');
    await expectFits(page, 'the suppliers list');
  });
}

test('the supplier pages are there in Russian, a refused connection said in Russian', async ({ page }) => {
  await signInAsStaff(page, OPS_ADMIN, { path: '/ops/suppliers' });
  await page.setViewportSize({ width: 430, height: 900 });
  await page.goto('/ru/ops/suppliers');
  await expect(page.getByRole('heading', { level: 1, name: 'Поставщики' })).toBeVisible();
  // A refused connection is said in Russian too, and saves nothing.
  const add = page.getByRole('region', { name: 'Добавить поставщика' });
  await add.getByLabel('Название').fill('Без ключа');
  await add.getByLabel('Базовый URL OCTO').fill(octo.url);
  await add.getByLabel('Ключ API').fill('not-the-right-key');
  await page.waitForLoadState('networkidle');
  await add.getByRole('button', { name: 'Проверить и сохранить' }).click();
  await expect(add.getByRole('alert')).toHaveText('Поставщик отклонил этот ключ API.');
  await expect(page.getByTestId('supplier-row').filter({ hasText: 'Без ключа' })).toHaveCount(0);
  await expectFits(page, 'the Russian suppliers page');
});
