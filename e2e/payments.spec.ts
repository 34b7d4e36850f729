import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { DEMO_PASSWORD, type DemoRole, demoEmail, PORT } from './support/portal';
import { uniqueName } from './support/guest-name';
import { ENGINE_SENSITIVE } from './support/engine';

// Provider payments, through the sandbox gateway in Chromium: card bookings that succeed, are
// declined, ask for 3-D Secure or settle later; a card top-up; roubles with fees and tax and SBP
// on the Russian domain; "Pay now" on a booking left unpaid; and a card booking's refund. The
// card top-up is in top-up.spec.ts, beside the other test that moves Gulf Horizons' balance.

type PaymentMessages = typeof import('../messages/payments/en.json');
type AppMessages = typeof import('../messages/en.json');
type DocumentMessages = typeof import('../messages/documents/en.json');

function messages<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(process.cwd(), 'messages', file), 'utf8')) as T;
}

/** A message's percent as the page formats it in Russian ("4 %", Intl's no-break space). */
const ruPercent = (template: string, percent: number) =>
  template.replace(/\{percent[^}]*\}/, new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100));

const TEXTS = {
  en: { pay: messages<PaymentMessages>('payments/en.json'), app: messages<AppMessages>('en.json'), documents: messages<DocumentMessages>('documents/en.json') },
  ru: { pay: messages<PaymentMessages>('payments/ru.json'), app: messages<AppMessages>('ru.json'), documents: messages<DocumentMessages>('documents/ru.json') },
};

const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  expired: '4000 0000 0000 0069',
  challenge: '4000 0000 0000 3220',
  processing: '4000 0000 0000 0077',
};

// The desert safari is refundable in full more than 48 h ahead and includes a hotel pick-up.
const TOUR = 'evening-desert-safari-bbq-dinner';
const MAIN = `http://localhost:${PORT}`;
const RUSSIAN = `http://ru.localhost:${PORT}`;

// Sign-in, checkout, the hosted page and the result page: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 120_000 });

type Slot = { offerId: string; date: string; time: string };

test('a card booking succeeds and its voucher says "Paid by card"', ENGINE_SENSITIVE, async ({ page }) => {
  await signIn(page, MAIN, '', 'senior');
  const slot = await openSlot(page, 4);
  await checkout(page, MAIN, '', slot, 'card');
  await expect(page.getByTestId('sandbox-banner')).toHaveText('SANDBOX — test payments, no money moves');
  await payByCard(page, TEST_CARDS.success);
  const reference = await confirmedReference(page);

  const voucher = await pdfText(page, `${MAIN}/api/v1/b2b/bookings/${reference}/documents/voucher`);
  expect(voucher).toContain(TEXTS.en.documents.common.paymentMethods.card);
});

test('a declined card says "try another card", confirms nothing and gives the tickets back', ENGINE_SENSITIVE, async ({ page }) => {
  await signIn(page, MAIN, '', 'senior');
  // Further ahead than the other tests' slots, so nothing else books this one meanwhile.
  const slot = await openSlot(page, 24);
  const before = await ticketsLeft(page, slot);
  await checkout(page, MAIN, '', slot, 'card');
  const reference = await referenceOnSandboxPage(page);
  expect(await ticketsLeft(page, slot)).toBe(before - 1);

  await payByCard(page, TEST_CARDS.decline);
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toContainText(TEXTS.en.pay.payments.result.failed);
  await expect(failed.getByTestId('payment-failure-reason')).toHaveText(TEXTS.en.pay.payments.result.reason.declined);
  await expect(failed).toContainText(TEXTS.en.pay.payments.result.advice.declined);
  await expect(page.getByRole('button', { name: TEXTS.en.pay.payments.result.payAgain })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXTS.en.pay.payments.result.payAnotherWay })).toHaveAttribute('href', `/my-bookings/${reference}`);

  expect(await ticketsLeft(page, slot)).toBe(before);
  await page.goto(`${MAIN}/my-bookings/${reference}`);
  await expect(page.getByRole('heading', { level: 1 }).locator('..').getByText(TEXTS.en.app.booking.status.payment_failed)).toBeVisible();
  await expect(page.getByTestId('payment-attempt').first()).toHaveAttribute('data-status', 'failed');
});

test('a 3-D Secure challenge completes and the booking is confirmed', async ({ page }) => {
  await signIn(page, MAIN, '', 'senior');
  const slot = await openSlot(page, 5);
  await checkout(page, MAIN, '', slot, 'card');
  await payByCard(page, TEST_CARDS.challenge);
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await confirmedReference(page);
});

test('a failed 3-D Secure check and an expired card each say why, and only the card problem suggests another card', async ({ page }) => {
  const result = TEXTS.en.pay.payments.result;
  await signIn(page, MAIN, '', 'senior');
  const slot = await openSlot(page, 11);
  await checkout(page, MAIN, '', slot, 'card');
  await payByCard(page, TEST_CARDS.challenge);
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  const failed = page.getByTestId('payment-failed');
  await expect(failed).toContainText(result.failed);
  await expect(failed.getByTestId('payment-failure-reason')).toHaveText(result.reason.authenticationFailed);
  await expect(failed.getByTestId('payment-failure-advice')).toHaveText(result.advice.authenticationFailed);
  await expect(failed).not.toContainText(result.tryAnotherCard);
  await expect(failed).not.toContainText(/another card/i);

  // Paid again from the result page, with an expired card this time.
  await page.getByTestId('pay-now-card').click();
  await page.getByRole('button', { name: result.payAgain }).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await payByCard(page, TEST_CARDS.expired);
  await expect(failed.getByTestId('payment-failure-reason')).toHaveText(result.reason.expiredCard);
  await expect(failed.getByTestId('payment-failure-advice')).toHaveText(result.advice.expiredCard);
});

test('a "processing" card shows the wait message, then the completed booking', ENGINE_SENSITIVE, async ({ page }) => {
  await signIn(page, MAIN, '', 'senior');
  const slot = await openSlot(page, 6);
  await checkout(page, MAIN, '', slot, 'card');
  await payByCard(page, TEST_CARDS.processing);
  await expect(page.getByTestId('payment-processing')).toContainText(TEXTS.en.pay.payments.result.processing);
  // The sandbox settles it a few seconds later; the page asks every 2 s and moves on.
  await confirmedReference(page, 30_000);
});

test('the Russian domain shows roubles with the fees and tax line by line and pays by SBP on the QR page', async ({ page }) => {
  const ru = TEXTS.ru.pay.payments;
  await signIn(page, RUSSIAN, '/ru', 'senior');
  const slot = await openSlot(page, 7);
  await openCheckout(page, RUSSIAN, '/ru', slot);

  await page.locator('#paymentMethod-card').check();
  const card = page.getByTestId('charge-lines');
  await expect(card.getByTestId('charge-line')).toHaveCount(4);
  await expect(card).toContainText(ru.charge.subtotal);
  await expect(card).toContainText(ruPercent(ru.charge.conversionFee, 4));
  await expect(card).toContainText(ruPercent(ru.charge.cardFee, 2));
  await expect(card).toContainText(ruPercent(ru.charge.tax, 6));
  await expect(card.getByTestId('charge-total')).toContainText('₽');

  await page.locator('#paymentMethod-sbp').check();
  await expect(card.getByTestId('charge-line')).toHaveCount(3);
  await expect(card).not.toContainText(ruPercent(ru.charge.cardFee, 2));
  await submitCheckout(page);

  await page.waitForURL(/\/ru\/pay\/sandbox\//);
  await expect(page.getByTestId('sandbox-banner')).toHaveText(TEXTS.ru.pay.sandboxPay.banner);
  await expect(page.getByTestId('sandbox-amount')).toContainText('₽');
  await expect(page.getByTestId('sandbox-qr')).toBeVisible();
  await page.getByRole('button', { name: TEXTS.ru.pay.sandboxPay.sbp.pay }).click();
  await page.waitForURL(/\/ru\/checkout\/confirmation\/TD-/);
});

test('the Russian domain charges the card the discounted roubles shown, and the paid booking shows them with fees and tax and a rouble refund', async ({ page }) => {
  const detail = TEXTS.ru.app.bookingDetail;
  await signIn(page, RUSSIAN, '/ru', 'senior');
  const slot = await openSlot(page, 12);
  await openCheckout(page, RUSSIAN, '/ru', slot);
  await page.locator('#paymentMethod-card').check();
  const shown = await applyPromo(page);
  expect(shown.total).toContain('₽');
  expect(shown.netAfter).toBe(shown.netBefore - Math.round(shown.netBefore / 10));
  // The button says what it charges ("Pay AED 130.00").
  await expect(page.locator('form button[type="submit"]').last()).toHaveText(TEXTS.ru.pay.payments.submitPayAmount.replace('{amount}', shown.total));
  await submitCheckout(page);
  await page.waitForURL(/\/ru\/pay\/sandbox\//, { timeout: 30_000 });
  await expect(page.getByTestId('sandbox-amount')).toHaveText(shown.total);
  await payByCard(page, TEST_CARDS.success, 'ru');
  const reference = await confirmedReference(page);

  await page.goto(`${RUSSIAN}/ru/my-bookings/${reference}`);
  const paid = page.getByTestId('payment-made');
  await expect(paid).toHaveAttribute('data-currency', 'RUB');
  await expect(paid).toContainText(shown.total);
  await expect(paid.getByTestId('payment-made-line')).toHaveCount(4);
  await expect(paid).toContainText(ruPercent(TEXTS.ru.pay.payments.charge.tax, 6));
  await expect(page.getByTestId('final-balance').locator('[data-price-aed]').first()).toHaveAttribute('data-price-aed', '0');
  const cancel = page.getByRole('region', { name: detail.cancel.title });
  await expect(cancel).toContainText(detail.cancel.refundTo.card);
  await expect(cancel.getByTestId('refund-charged')).toContainText('₽');
});

test('a booking left unpaid on the hosted page is paid from its detail page', ENGINE_SENSITIVE, async ({ page }) => {
  await signIn(page, MAIN, '', 'senior');
  const slot = await openSlot(page, 8);
  await checkout(page, MAIN, '', slot, 'card');
  const reference = await referenceOnSandboxPage(page);
  const charged = await page.getByTestId('sandbox-amount').innerText();

  // Abandoned: the agent goes back to the booking instead of paying.
  await page.goto(`${MAIN}/my-bookings/${reference}`);
  const payNow = page.getByTestId('pay-now');
  await expect(payNow).toBeVisible();
  // Unpaid by card: "payment required", not "cash or a request".
  await expect(page.getByTestId('payment-made')).toHaveText(TEXTS.en.app.bookingDetail.paymentRequired);
  await expect(page.getByTestId('nothing-paid')).toHaveText(TEXTS.en.app.bookingDetail.cancel.nothingPaidUnpaid);
  await expect(payNow.getByTestId('hold-until')).toHaveText(/\d{2}:\d{2}/);
  // On a phone the attempts are cards: the status and the amount in full, inside the screen.
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 430, height: 932 });
  const cells = await page
    .getByTestId('payment-attempt')
    .first()
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => ({ label: td.getAttribute('data-label'), right: td.getBoundingClientRect().right, fits: td.scrollWidth <= td.clientWidth + 1 })));
  expect(cells.map((cell) => cell.label)).toEqual(['Date', 'Method', 'Provider', 'Status', 'Amount']);
  for (const cell of cells) expect(cell.right <= 430 && cell.fits, `${cell.label} fits`).toBe(true);
  await page.setViewportSize(viewport);
  // By card: a balance payment would move Desert Rose's balance under the other specs' figures.
  await payNow.getByTestId('pay-now-card').click();
  // The button names the charge the hosted page asked for: the same quote.
  await payNow.getByRole('button', { name: TEXTS.en.pay.payments.payNow.payAmount.replace('{amount}', charged), exact: true }).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await payByCard(page, TEST_CARDS.success);
  await page.waitForURL(new RegExp(`/checkout/confirmation/${reference}$`));
});

test('with a promo code the card is charged the discounted total shown; the paid booking reads paid, previews its card refund, and is refunded that', ENGINE_SENSITIVE, async ({ page }) => {
  const detail = TEXTS.en.app.bookingDetail;
  await signIn(page, MAIN, '', 'senior');
  const slot = await openSlot(page, 9);
  await openCheckout(page, MAIN, '', slot);
  await page.locator('#paymentMethod-card').check();
  const shown = await applyPromo(page);
  expect(shown.netAfter).toBe(shown.netBefore - Math.round(shown.netBefore / 10));
  // The button says what it charges ("Pay AED 130.00").
  await expect(page.locator('form button[type="submit"]').last()).toHaveText(TEXTS.en.pay.payments.submitPayAmount.replace('{amount}', shown.total));
  await submitCheckout(page);
  await page.waitForURL(/\/pay\/sandbox\//, { timeout: 30_000 });
  // The hosted page asks for exactly the total the checkout showed.
  await expect(page.getByTestId('sandbox-amount')).toHaveText(shown.total);
  await payByCard(page, TEST_CARDS.success);
  const reference = await confirmedReference(page);

  await page.goto(`${MAIN}/my-bookings/${reference}`);
  const paid = page.getByTestId('payment-made');
  await expect(paid).toHaveAttribute('data-currency', 'AED');
  await expect(paid).toContainText(shown.total);
  await expect(page.getByText(detail.fields.paymentMadeBy.card, { exact: true })).toBeVisible();
  await expect(page.getByTestId('final-balance').locator('[data-price-aed]').first()).toHaveAttribute('data-price-aed', '0');
  const cancel = page.getByRole('region', { name: detail.cancel.title });
  await expect(cancel).toContainText(detail.cancel.paidBy.card);
  await expect(cancel).toContainText(detail.cancel.refundTo.card);
  await expect(cancel).toContainText(shown.total);
  await expect(cancel.getByTestId('nothing-paid')).toHaveCount(0);
  const preview = (await cancel.getByTestId('refund-charged').locator('dd').innerText()).trim();
  await cancel.getByText(TEXTS.en.app.bookingDetail.cancel.button, { exact: true }).click();
  await cancel.getByRole('button', { name: TEXTS.en.app.bookingDetail.cancel.confirm }).click();
  await expect(page.getByText(TEXTS.en.app.bookingDetail.cancelledNotice)).toBeVisible();
  await expect(page.getByText(TEXTS.en.app.bookingDetail.fields.refund, { exact: true })).toBeVisible();
  // Shown at once, pending until the refund job has the provider take it; then refunded: the amount previewed.
  await expect(page.getByTestId('payment-refund-pending').or(page.getByTestId('payment-refunded'))).toContainText(preview);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('payment-refunded')).toContainText('AED', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});

test('the payment pages fit phones and tablets (430, 768, 960 px) and the hosted card form works from the keyboard', async ({ page }) => {
  await signIn(page, MAIN, '', 'senior');
  const slot = await openSlot(page, 10);
  await checkout(page, MAIN, '', slot, 'card');
  const sandboxUrl = page.url();
  const reference = await referenceOnSandboxPage(page);

  for (const width of [430, 768, 960]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of [sandboxUrl, `${MAIN}/my-bookings/${reference}`, `${MAIN}/my-bookings?reference=${reference}`]) {
      await page.goto(url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${url} at ${width} px`).toBe(true);
    }
    await expect(page.getByTestId('booking-row').getByTestId('pay-now-form')).toBeVisible();
    await openCheckout(page, MAIN, '', slot);
    await page.locator('#paymentMethod-card').check();
    await expect(page.getByTestId('charge-lines')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `checkout at ${width} px`).toBe(true);
  }

  // The hosted page by keyboard: the card number, then Enter.
  await page.goto(sandboxUrl);
  await page.getByLabel('Card number').focus();
  await page.keyboard.type(TEST_CARDS.success);
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/checkout/confirmation/${reference}$`), { timeout: 20_000 });
});

/** Signs in on `origin` itself: a session is kept per host. */
async function signIn(page: Page, origin: string, prefix: string, role: DemoRole, agency: 'desertrose' | 'gulfhorizons' = 'desertrose') {
  await page.goto(`${origin}${prefix}/sign-in?callbackUrl=${encodeURIComponent(`${prefix}/tour/${TOUR}`)}`);
  await page.locator('input[name="email"]').fill(demoEmail(role, agency));
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/tour/${TOUR}`), { timeout: 30_000 });
}

/** An open departure of the tour's first offer, at least `daysAhead` days ahead, with tickets to spare. */
async function openSlot(page: Page, daysAhead: number): Promise<Slot> {
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  expect(offerId).toBeTruthy();
  const from = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + (daysAhead + 30) * 86_400_000).toISOString().slice(0, 10);
  const { days } = (await fetchJson(page, `/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`)).body as AvailabilityDays;
  const open = (slot: AvailabilityDays['days'][number]['slots'][number]) => !slot.pastCutOff && slot.left > 1;
  const day = days.find((candidate) => candidate.slots.some(open));
  expect(day).toBeTruthy();
  return { offerId: offerId!, date: day!.date, time: day!.slots.find(open)!.time };
}

type AvailabilityDays = { days: { date: string; slots: { time: string; pastCutOff: boolean; left: number }[] }[] };

async function ticketsLeft(page: Page, slot: Slot): Promise<number> {
  const { days } = (await fetchJson(page, `/api/v1/b2b/availability/ByOffer?id=${slot.offerId}&from=${slot.date}&to=${slot.date}`)).body as AvailabilityDays;
  return days.find((day) => day.date === slot.date)?.slots.find((candidate) => candidate.time === slot.time)?.left ?? -1;
}

/** A GET from the page itself: its host's session, and hosts like ru.localhost that only the browser resolves. */
async function fetchJson(page: Page, url: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (target) => {
    const response = await fetch(target);
    return { status: response.status, body: (await response.json()) as unknown };
  }, url);
}

async function openCheckout(page: Page, origin: string, prefix: string, slot: Slot) {
  await page.goto(`${origin}${prefix}/checkout?${new URLSearchParams({ offer: slot.offerId, date: slot.date, time: slot.time, adults: '1' })}`);
  const guest = `Irene ${uniqueName()}`;
  await page.locator('input[name="guestName"]').fill(guest);
  await page.locator('input[name="guestPhone"]').fill('+971 50 123 4567');
  await page.locator('input[name="guestEmail"]').fill('payments.guest@example.test');
  await page.locator('input[name="guestEmailConfirm"]').fill('payments.guest@example.test');
  const hotel = page.locator('select[name="hotelId"]');
  if ((await hotel.count()) > 0) {
    const first = await hotel.locator('option:not([value=""])').first().getAttribute('value');
    await hotel.selectOption(first!);
  }
}

/**
 * Applies WELCOME10 on the open checkout with a provider method chosen: the page reprices itself.
 * Returns the NET (AED fils) before and after, and the charge's total as shown.
 */
async function applyPromo(page: Page): Promise<{ netBefore: number; netAfter: number; total: string }> {
  const net = page.getByTestId('net-total').locator('[data-price-aed]');
  const total = page.getByTestId('charge-total').locator('dd');
  const netBefore = Number(await net.getAttribute('data-price-aed'));
  const totalBefore = await total.innerText();
  await page.locator('#promoCode').fill('WELCOME10');
  await page.locator('#promoCode').press('Enter');
  await expect(page.getByTestId('promo-result')).toContainText('WELCOME10');
  await expect(page).toHaveURL(/[?&]promo=WELCOME10/);
  await expect(total).not.toHaveText(totalBefore);
  await expect(page.getByTestId('summary-promo')).toContainText('WELCOME10');
  return { netBefore, netAfter: Number(await net.getAttribute('data-price-aed')), total: (await total.innerText()).trim() };
}

async function submitCheckout(page: Page) {
  await page.locator('form button[type="submit"]').last().click();
}

/** Fills the checkout, chooses a provider method and books: the browser goes on to the sandbox's page. */
async function checkout(page: Page, origin: string, prefix: string, slot: Slot, method: 'card' | 'crypto') {
  await openCheckout(page, origin, prefix, slot);
  await page.locator(`#paymentMethod-${method}`).check();
  await expect(page.getByTestId(`payment-${method}`).getByTestId('sandbox-label')).toBeVisible();
  await expect(page.getByTestId('charge-lines')).toBeVisible();
  await submitCheckout(page);
  await page.waitForURL(/\/pay\/sandbox\//, { timeout: 30_000 });
}

async function referenceOnSandboxPage(page: Page): Promise<string> {
  const description = await page.getByRole('heading', { level: 1 }).locator('..').innerText();
  const reference = /TD-[A-Z2-9]{7}/.exec(description)?.[0];
  expect(reference, description).toBeTruthy();
  return reference!;
}

async function payByCard(page: Page, number: string, lang: 'en' | 'ru' = 'en') {
  const card = TEXTS[lang].pay.sandboxPay.card;
  await page.getByLabel(card.number).fill(number);
  await page.getByRole('button', { name: card.pay, exact: true }).click();
}

async function confirmedReference(page: Page, timeout = 20_000): Promise<string> {
  await page.waitForURL(/\/checkout\/confirmation\/TD-/, { timeout });
  return /TD-[A-Z2-9]{7}/.exec(page.url())![0];
}

async function pdfText(page: Page, url: string): Promise<string> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await response.body()) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
