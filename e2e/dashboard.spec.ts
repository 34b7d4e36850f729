import { expect, type Page, test } from '@playwright/test';
import { createCashBooking, createRequest, openSlots, uniqueGuestTag } from './support/booking-lists';
import { DEMO_PASSWORD, demoEmail } from './support/portal';

// The agent dashboard (docs/dashboard.md): an agent who signs in without a page to go back to lands
// on it, sees the blocks with their bookings and the charts, and finds a booking from the header by
// its reference and by its guest's name — on a phone, a tablet and a desktop, in English and Russian.

const TOUR = 'burj-khalifa-at-the-top';

const TEXTS = {
  en: { email: 'E-mail', password: 'Password', signIn: 'Sign in', title: 'Dashboard', openRequests: 'Open requests', recent: 'Recent bookings', find: 'Find a booking' },
  ru: { email: 'Эл. почта', password: 'Пароль', signIn: 'Войти', title: 'Обзор', openRequests: 'Открытые запросы', recent: 'Последние бронирования', find: 'Найти бронирование' },
} as const;

/** Opens the header's booking search (behind its button on a phone) and types `text`. */
async function search(page: Page, label: string, text: string) {
  const field = page.getByRole('combobox', { name: label });
  if (!(await field.isVisible())) await page.getByRole('button', { name: label, exact: true }).click();
  await field.fill(text);
}

for (const viewport of [
  { width: 430, height: 932 },
  { width: 768, height: 1024 },
  { width: 1280, height: 900 },
]) {
  for (const locale of ['en', 'ru'] as const) {
    test(`an agent lands on the dashboard, reads its blocks and charts, and finds a booking from the header (${locale}, ${viewport.width} px)`, async ({ page }) => {
      test.setTimeout(90_000);
      const t = TEXTS[locale];
      const prefix = locale === 'en' ? '' : '/ru';
      await page.setViewportSize(viewport);

      // Signing in with no page to go back to lands on the dashboard.
      await page.goto(`${prefix}/sign-in`);
      await page.getByLabel(t.email).fill(demoEmail('senior'));
      await page.getByLabel(t.password).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: t.signIn }).click();
      await expect(page).toHaveURL(`${prefix}/dashboard`, { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

      // Seeded through the API as this agent: a request (open work) and a confirmed cash sale.
      const requestGuest = `${uniqueGuestTag()} Request`;
      const saleGuest = `${uniqueGuestTag()} Sale`;
      const [requestSlot, saleSlot] = await openSlots(page, TOUR, 2);
      const requestReference = await createRequest(page, requestSlot!, requestGuest);
      const saleReference = await createCashBooking(page, saleSlot!, saleGuest);
      await page.goto(`${prefix}/dashboard`);

      const openRequests = page.getByRole('region', { name: t.openRequests });
      await expect(openRequests.getByRole('link', { name: requestReference })).toBeVisible();
      const recent = page.getByRole('region', { name: t.recent });
      await expect(recent.getByRole('link', { name: saleReference })).toBeVisible();
      await expect(page.getByTestId('dashboard-departures')).toBeVisible();
      await expect(page.getByTestId('dashboard-deadlines')).toBeVisible();
      await expect(page.getByTestId('dashboard-money')).toBeVisible();
      // The charts' island draws with recharts once loaded.
      await expect(page.getByTestId('dashboard-chart-sales').locator('svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('dashboard-chart-top-tours').getByRole('listitem').first()).toBeVisible();

      // The header's search: by reference (lower case), Enter opens the booking.
      await search(page, t.find, requestReference.toLowerCase());
      await expect(page.getByRole('option', { name: new RegExp(requestReference) })).toBeVisible();
      await page.getByRole('combobox', { name: t.find }).press('ArrowDown');
      await page.getByRole('combobox', { name: t.find }).press('Enter');
      await expect(page).toHaveURL(`${prefix}/my-bookings/${requestReference}`);
      await expect(page.getByText(requestReference).first()).toBeVisible();

      // By the guest's name, from the booking page's header: a click on the one booking found.
      await search(page, t.find, saleGuest.split(' ')[0]!);
      await page.getByRole('option', { name: new RegExp(saleReference) }).click();
      await expect(page).toHaveURL(`${prefix}/my-bookings/${saleReference}`);
    });
  }
}
