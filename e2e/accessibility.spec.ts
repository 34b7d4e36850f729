import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openSlots } from './support/booking-lists';
import { signInAsStaff } from './support/ops';
import { PORT, signInAs } from './support/portal';

// axe-core on the pages a person spends their time on: the home, a tour, the checkout, the
// bookings list, the top-up, a widget site (landing and guest checkout) and the console (with a
// tour's page and its slot calendar). None may have a serious or critical violation; lesser ones
// are advice, not a gate.

const WIDGET_SITE = `http://tours.desertrose.test:${PORT}`;

async function expectNoSeriousViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(serious, `${what}: axe-core's serious and critical violations`).toEqual([]);
}

test('the agent pages: home, tour, checkout, bookings and top-up', async ({ page }) => {
  test.slow();
  await signInAs(page, 'senior');
  await expectNoSeriousViolations(page, 'home');
  // Opens the tour page on its way to the slots it finds.
  const [slot] = await openSlots(page, 'burj-khalifa-at-the-top', 1);
  await expect(page.getByTestId('offer').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'tour');
  for (const [what, path] of [
    ['checkout', `/checkout?offer=${slot!.offerId}&date=${slot!.date}&time=${slot!.time}&adults=1`],
    ['bookings', '/bookings'],
    ['top-up', '/top-up'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, what);
  }
});

test('a widget site: its landing and its guest checkout', async ({ page }) => {
  await page.goto(`${WIDGET_SITE}/`);
  const offer = page.getByTestId('widget-offer').first();
  await expect(offer).toBeVisible();
  await expectNoSeriousViolations(page, 'widget site');
  await offer.getByRole('link', { name: /^Book: / }).click();
  await expect(page.getByTestId('guest-checkout')).toBeVisible();
  await expectNoSeriousViolations(page, 'widget guest checkout');
});

test("the console: overview, money and a tour's page with its slot calendar", async ({ page }) => {
  test.slow();
  await signInAsStaff(page);
  for (const path of ['/ops', '/ops/money', '/ops/catalog']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
  // The catalogue's first tour: its offers, each with a month of slots as a table of weeks.
  await page.goto((await page.locator('table a[href*="/ops/catalog/tours/"]').first().getAttribute('href'))!);
  await expect(page.getByRole('table', { name: /^Slots in / }).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'a tour in the console');
});
