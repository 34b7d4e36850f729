import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './support/portal';
import { uniqueName } from './support/guest-name';
import { startOctoSupplier, type OctoSupplierHandle } from '../tests/support/octo-supplier/server';

// An agent books a supplier's tour through the supplier end to end: the spec starts its own local
// OCTO supplier, puts a tour selling one of its options in the catalogue through a test hook, and
// books it by card in the sandbox in English and from the balance in Russian — the supplier holds,
// then confirms, and its reference is on the confirmation — and, with the supplier down, the
// checkout makes a request for the operator without an error screen.

type AppMessages = typeof import('../messages/en.json');
type PaymentMessages = typeof import('../messages/payments/en.json');
const messages = <T>(file: string): T => JSON.parse(readFileSync(path.join(process.cwd(), 'messages', file), 'utf8')) as T;
const TEXTS = {
  en: { app: messages<AppMessages>('en.json'), pay: messages<PaymentMessages>('payments/en.json') },
  ru: { app: messages<AppMessages>('ru.json'), pay: messages<PaymentMessages>('payments/ru.json') },
};

// Sign-in, the supplier's answers, the hosted page and the result page: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

let supplier: OctoSupplierHandle;
let offerId: string;

test.beforeAll(async ({ request }) => {
  supplier = await startOctoSupplier();
  const seeded = await request.post('/api/test-hooks/supplier-tour', { data: { url: supplier.url, apiKey: supplier.apiKey } });
  expect(seeded.status()).toBe(200);
  offerId = ((await seeded.json()) as { offerId: string }).offerId;
});
test.afterAll(async () => {
  await supplier?.close();
});

/** A departure of the supplier's evening safari, far enough ahead for every rule, a different day per test. */
function departure(daysAhead: number) {
  return { date: new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10), time: '15:00' };
}

async function fillCheckout(page: Page, prefix: string, slot: { date: string; time: string }, method: 'card' | 'balance') {
  await page.goto(`${prefix}/checkout?${new URLSearchParams({ offer: offerId, date: slot.date, time: slot.time, adults: '2' })}`);
  await page.locator('input[name="guestName"]').fill(`Irene ${uniqueName()}`);
  await page.locator('input[name="guestPhone"]').fill('+971 50 123 4567');
  await page.locator('input[name="guestEmail"]').fill('supplier.guest@example.test');
  await page.locator('input[name="guestEmailConfirm"]').fill('supplier.guest@example.test');
  await page.locator(`#paymentMethod-${method}`).check();
  await page.locator('form button[type="submit"]').last().click();
}

async function confirmedReference(page: Page): Promise<string> {
  await page.waitForURL(/\/checkout\/confirmation\/TD-/, { timeout: 30_000 });
  return /TD-[A-Z2-9]{7}/.exec(page.url())![0];
}

test('an agent books a supplier tour by card in the sandbox: the supplier holds, then confirms, and its reference is shown', async ({ page }) => {
  await signInAs(page, 'senior');
  await fillCheckout(page, '', departure(12), 'card');
  await page.waitForURL(/\/pay\/sandbox\//, { timeout: 30_000 });
  // The seats are held at the supplier while the agent pays.
  expect(supplier.bookings().at(-1)?.status).toBe('ON_HOLD');
  await page.getByLabel(TEXTS.en.pay.sandboxPay.card.number).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: TEXTS.en.pay.sandboxPay.card.pay, exact: true }).click();

  const reference = await confirmedReference(page);
  const atSupplier = supplier.bookings().find((booking) => booking.resellerReference === reference);
  expect(atSupplier?.status).toBe('CONFIRMED');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.en.app.checkout.confirmation.confirmedTitle);
  await expect(page.getByTestId('supplier-reference')).toHaveText(atSupplier!.supplierReference);
});

test('an agent books a supplier tour from the balance in Russian and sees the supplier\'s reference', async ({ page }) => {
  await signInAs(page, 'senior');
  await fillCheckout(page, '/ru', departure(13), 'balance');

  const reference = await confirmedReference(page);
  expect(page.url()).toContain('/ru/checkout/confirmation/');
  const atSupplier = supplier.bookings().find((booking) => booking.resellerReference === reference);
  expect(atSupplier?.status).toBe('CONFIRMED');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.ru.app.checkout.confirmation.confirmedTitle);
  await expect(page.getByText(TEXTS.ru.app.supplierBooking.supplierReference)).toBeVisible();
  await expect(page.getByTestId('supplier-reference')).toHaveText(atSupplier!.supplierReference);
});

test('a supplier that refuses to confirm after the card is paid: the booking is not confirmed and the payment goes back', async ({ page }) => {
  await signInAs(page, 'senior');
  await fillCheckout(page, '', departure(15), 'card');
  await page.waitForURL(/\/pay\/sandbox\//, { timeout: 30_000 });
  const held = supplier.bookings().at(-1)!;
  expect(held.status).toBe('ON_HOLD');
  supplier.failNextConfirm();
  await page.getByLabel(TEXTS.en.pay.sandboxPay.card.number).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: TEXTS.en.pay.sandboxPay.card.pay, exact: true }).click();

  const reference = await confirmedReference(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.en.app.supplierBooking.notConfirmedTitle);
  await expect(page.getByTestId('supplier-not-confirmed')).toHaveText(TEXTS.en.app.supplierBooking.notConfirmedCard);
  await expect(page.getByTestId('supplier-reference')).toHaveCount(0);
  // Released at the supplier, and nothing left to pay for on the booking's page.
  expect(supplier.bookings().find((booking) => booking.uuid === held.uuid)?.status).toBe('CANCELLED');
  await page.goto(`/my-bookings/${reference}`);
  await expect(page.getByTestId('supplier-not-confirmed')).toBeVisible();
  await expect(page.getByTestId('pay-now')).toHaveCount(0);
});

test('with the supplier down, the checkout makes a request for the operator, without an error screen', async ({ page }) => {
  await signInAs(page, 'senior');
  supplier.setDown(true);
  try {
    await fillCheckout(page, '', departure(14), 'balance');
    await confirmedReference(page);
  } finally {
    supplier.setDown(false);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.en.app.checkout.confirmation.requestTitle);
  await expect(page.getByTestId('request-reason')).toHaveText(TEXTS.en.app.booking.requestReason.supplierUnavailable);
});
