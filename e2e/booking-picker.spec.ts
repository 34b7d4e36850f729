import { expect, test } from '@playwright/test';
import { BookingPicker } from './support/booking';
import { signInAs } from './support/portal';

const TOUR = 'burj-khalifa-at-the-top';

test('a visitor is asked to sign in to book, and comes back to the tour', async ({ page }) => {
  await page.goto(`/tour/${TOUR}`);
  const signIn = page.getByTestId('offer').first().getByRole('link', { name: 'Sign in to book' });
  await expect(signIn).toHaveAttribute('href', `/sign-in?callbackUrl=${encodeURIComponent(`/tour/${TOUR}`)}`);
  await expect(page.getByRole('button', { name: 'Check availability' })).toHaveCount(0);
});

test('an agent picks a date, a start time and guests, and continues to checkout', async ({ page }) => {
  await signInAs(page, 'senior', `/tour/${TOUR}`);
  const picker = new BookingPicker(page.getByTestId('offer').first());
  await picker.open();
  const date = await picker.pickFirstOpenDay();
  await expect(picker.root.getByRole('group', { name: /Start time/ })).toBeVisible();
  const time = await picker.pickFirstOpenTime();
  await picker.root.getByRole('button', { name: 'More adults' }).click();
  await picker.root.getByRole('button', { name: 'More infants' }).click();

  // Senior agents see the NET total beside the retail one.
  await expect(picker.root.getByTestId('booking-total')).toContainText('agent rate (NET)');
  await expect(picker.continueLink()).toHaveAttribute(
    'href',
    new RegExp(`^/checkout\\?offer=[0-9a-f-]{36}&date=${date}&time=${encodeURIComponent(time)}&adults=2&children=0&infants=1$`),
  );
});

test('the Russian tour page starts weeks on Monday and continues to the Russian checkout', async ({ page }) => {
  await signInAs(page, 'junior');
  await page.goto(`/ru/tour/${TOUR}`);
  const picker = new BookingPicker(page.getByTestId('offer').first());
  await picker.open('Проверить наличие');
  await expect(picker.root.getByRole('columnheader').first()).toHaveText('пн');
  const date = await picker.pickFirstOpenDay({ available: 'есть места', nextMonth: 'Следующий месяц' });
  await picker.pickFirstOpenTime();
  await expect(picker.continueLink('Перейти к оформлению')).toHaveAttribute('href', new RegExp(`^/ru/checkout\\?offer=[0-9a-f-]{36}&date=${date}&`));
  // Junior agents do not see b2b rates.
  await expect(picker.root.getByTestId('booking-total')).not.toContainText('нетто');
});

test('an offer removed while its page was open: the availability’s 404 shows the 404 page', async ({ page }) => {
  await signInAs(page, 'senior', `/tour/${TOUR}`);
  // The answer the availability route gives once the offer is gone (runRoute's NotFound).
  await page.route('**/api/v1/b2b/availability/ByOffer?**', (route) => route.fulfill({ status: 404, json: { message: 'Not found' } }));
  await page.getByTestId('offer').first().getByRole('button', { name: 'Check availability' }).click();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
