import { expect, type Page, test } from '@playwright/test';
import { SEED_AGENT, SEED_ERRORS, SEED_HOSTS, seedSessionId } from '../tests/support/telemetry-seed';
import { OPERATOR, OPS_ADMIN, signInAsStaff } from './support/ops';

// The console's telemetry page in the browser, over a known week of telemetry the test hook puts
// in the collector's tables (tests/support/telemetry-seed.ts; its hosts are names no real request
// has, so the figures filtered by one are exact on a server other specs send telemetry to): the
// charts draw, their numbers are one click away, the filters change the figures, English and
// Russian, a phone's width, the keyboard, and an operator without `ops:telemetry` is refused.

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  expect((await request.post('/api/test-hooks/telemetry', { data: {} })).ok()).toBe(true);
});

const MAIN = `/ops/telemetry?period=7d&host=${SEED_HOSTS.main}`;

async function expectFits(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(1);
}

for (const width of [1280, 430]) {
  test(`the operator admin reads errors, vitals, the funnel and slow spans, and filters them, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsStaff(page, OPS_ADMIN, { path: '/ops/telemetry' });
    await page.goto(MAIN);
    await expect(page.getByRole('heading', { level: 1, name: 'Telemetry' })).toBeVisible();

    // Errors: the price error four times in the week on this host, its last occurrences with the
    // agent's e-mail and a link to the recorded session's replay.
    const errors = page.getByRole('region', { name: 'Errors' });
    const price = errors.getByTestId('telemetry-error-group').filter({ hasText: SEED_ERRORS.price.message });
    await expect(price.getByTestId('telemetry-error-count')).toHaveText('3');
    await expect(price.getByTestId('telemetry-error-occurrence').first()).toContainText(SEED_AGENT);
    await expect(price.getByRole('link', { name: /Watch the replay/ }).first()).toHaveAttribute('href', `/ops/telemetry/replays/${seedSessionId('agent')}`);
    await expect(errors.getByTestId('telemetry-error-group').filter({ hasText: SEED_ERRORS.fetch.message })).toHaveCount(0);

    // Each chart is drawn (an SVG with its bars or lines), and its numbers open under it.
    for (const region of ['Errors', 'Web Vitals', 'Booking funnel']) {
      await expect(page.getByRole('region', { name: region }).getByTestId('telemetry-chart').locator('svg.recharts-surface[role="img"]')).toBeVisible({ timeout: 20_000 });
    }
    await expect(errors.locator('.recharts-bar-rectangle').first()).toBeAttached();
    await expect(errors.getByTestId('telemetry-errors-day').first()).toBeHidden();
    await errors.getByText('Show the numbers').click();
    await expect(errors.getByTestId('telemetry-errors-day')).toHaveCount(8);

    // Web Vitals: LCP p75 of 1000…4000 ms is 3,250 on the home page.
    const vitals = page.getByRole('region', { name: 'Web Vitals' });
    const home = vitals.getByTestId('telemetry-vitals-row').filter({ hasText: SEED_HOSTS.main }).first();
    await expect(home.locator('[data-vital="LCP"]')).toHaveText('3,250');
    await expect(home.locator('[data-vital="INP"]')).toHaveText('175');

    // The funnel on this host in English: 10 → 6 → 3 → 1, 40% lost before the tour.
    const funnel = page.getByRole('region', { name: 'Booking funnel' }).getByTestId('telemetry-funnel-row');
    await expect(funnel).toHaveCount(1);
    await expect(funnel.locator('[data-stage="search"]')).toHaveText('10');
    await expect(funnel.locator('[data-stage="tour_view"]')).toContainText('6');
    await expect(funnel.locator('[data-stage="tour_view"]')).toContainText('40%');
    await expect(funnel.locator('[data-stage="booking_placed"]')).toContainText('1');

    // Slow spans: the checkout's two, one failed.
    const span = page.getByRole('region', { name: 'Slow server spans' }).getByTestId('telemetry-span').filter({ hasText: 'POST /checkout' });
    await expect(span).toContainText('2,400 ms');
    await expectFits(page, 'the telemetry page');

    // The filters: the last day has the price error once on this host; the Russian host has the
    // fetch error; English on the Russian host has nothing at all (and its spans are the main host's).
    await page.getByLabel('Period').selectOption('24h');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/period=24h/);
    await expect(price.getByTestId('telemetry-error-count')).toHaveText('1');
    await expect(page.getByRole('region', { name: 'Errors' }).getByRole('table').first()).toBeVisible();

    await page.goto(`/ops/telemetry?period=7d&host=${SEED_HOSTS.ru}`);
    await expect(page.getByLabel('Host')).toHaveValue(SEED_HOSTS.ru);
    await expect(page.getByTestId('telemetry-error-group').first()).toContainText(SEED_ERRORS.fetch.message);
    await page.getByLabel('Language').selectOption('en');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/locale=en/);
    await expect(page.getByTestId('telemetry-empty')).toHaveCount(4);
    await expect(page.getByText('No errors reported in this period.')).toBeVisible();
    await expect(page.getByText('No searches, tours, checkouts or bookings in this period.')).toBeVisible();
    await expectFits(page, 'the empty telemetry page');
    await page.getByRole('link', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/ops\/telemetry$/);
  });
}

test('the page in Russian, with the keyboard', async ({ page }) => {
  await signInAsStaff(page, OPS_ADMIN, { path: '/ops/telemetry' });
  await page.goto(`/ru${MAIN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Телеметрия' })).toBeVisible();
  const vitals = page.getByRole('region', { name: 'Показатели Web Vitals' });
  await expect(vitals.getByTestId('telemetry-vitals-row').first().locator('[data-vital="LCP"]')).toHaveText(/^3\s250$/);
  await expect(page.getByRole('region', { name: 'Воронка бронирования' }).getByTestId('telemetry-funnel-row').locator('[data-stage="tour_view"]')).toContainText('40');
  // The numbers under the funnel's chart open from the keyboard.
  const funnel = page.getByRole('region', { name: 'Воронка бронирования' });
  const summary = funnel.getByText('Показать числа');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(funnel.getByTestId('telemetry-funnel-stage')).toHaveCount(4);
  await expect(funnel.getByTestId('telemetry-funnel-stage').first()).toContainText('Поиск');
  // The period's select is reachable and changes with the keyboard too.
  await page.getByLabel('Период').focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('button', { name: 'Применить' }).press('Enter');
  await expect(page).toHaveURL(/\/ru\/ops\/telemetry\?period=14d/);
});

test('an operator without ops:telemetry gets the console’s forbidden page, and no menu entry', async ({ page }) => {
  await signInAsStaff(page, OPERATOR);
  await expect(page.getByRole('link', { name: 'Telemetry', exact: true })).toHaveCount(0);
  const response = await page.goto('/ops/telemetry');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Errors' })).toHaveCount(0);
});
