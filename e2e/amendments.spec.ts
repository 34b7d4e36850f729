import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { DEMO_PASSWORD, demoEmail, PORT } from './support/portal';
import { uniqueName } from './support/guest-name';

// Amendments as an agent meets them (docs/bookings.md "Amendments"): a balance booking moved to
// another date with one guest more, the difference reviewed then debited, the re-issued voucher
// showing the new date and the earlier tickets' link refused as void; then a card booking amended
// the same way, the difference paid by card in the sandbox, applied when the payment succeeds.
// English at 1280 px, Russian at 430 px; each journey is one full flow.

type AmendmentMessages = (typeof import('../messages/amendments/en.json'))['amendments'];
type AppMessages = typeof import('../messages/en.json');
type PaymentMessages = typeof import('../messages/payments/en.json');
type LinkMessages = (typeof import('../messages/booking-documents/en.json'))['bookingDocuments'];

function messages<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(process.cwd(), 'messages', file), 'utf8')) as T;
}

const TEXTS = Object.fromEntries(
  (['en', 'ru'] as const).map((language) => [
    language,
    {
      amend: messages<{ amendments: AmendmentMessages }>(`amendments/${language}.json`).amendments,
      app: messages<AppMessages>(`${language}.json`),
      pay: messages<PaymentMessages>(`payments/${language}.json`),
      links: messages<{ bookingDocuments: LinkMessages }>(`booking-documents/${language}.json`).bookingDocuments,
    },
  ]),
) as Record<'en' | 'ru', { amend: AmendmentMessages; app: AppMessages; pay: PaymentMessages; links: LinkMessages }>;

// The desert safari: refundable in full more than 48 h ahead, with live stock and a hotel pick-up.
const TOUR = 'evening-desert-safari-bbq-dinner';
const ORIGIN = `http://localhost:${PORT}`;

// Sign-in, a booking, the amendment and its payment: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 150_000 });

test.describe('English, 1280 px: paid from the balance', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an agent moves a booking and adds a guest; the voucher is re-issued with the new date and the old tickets are void', async ({ page }) => {
    const texts = TEXTS.en;
    await signIn(page, '');
    const slot = await openSlot(page, '', 5);
    const reference = await bookByBalance(page, slot);

    await page.goto(`${ORIGIN}/my-bookings/${reference}`);
    const before = await tourDate(page, texts.app.bookingDetail.fields.tourDate);
    const block = page.getByTestId('amend-booking');
    await block.getByRole('button', { name: texts.amend.open }).click();
    await amendDateAndGuests(page);

    await block.getByRole('button', { name: texts.amend.review }).click();
    const preview = block.getByTestId('amend-preview');
    await expect(preview).toBeVisible();
    await expect(preview).toContainText(texts.amend.preview.payBalance);
    await expect(preview.getByTestId('amend-settled')).toBeVisible();
    // The figure shown is the difference: one more adult at the offer's NET price.
    expect(Number(await preview.getByTestId('amend-settled').locator('[data-price-aed]').getAttribute('data-price-aed'))).toBeGreaterThan(0);
    await preview.getByRole('button', { name: texts.amend.confirm.balance }).click();
    await expect(block.getByTestId('amend-done')).toHaveText(texts.amend.done);

    await expect.poll(() => tourDate(page, texts.app.bookingDetail.fields.tourDate)).not.toBe(before);
    const after = await tourDate(page, texts.app.bookingDetail.fields.tourDate);
    await expect(block.getByTestId('amend-history')).toContainText(texts.amend.history.status.applied);

    const voucher = await pdfText(page, `${ORIGIN}/api/v1/b2b/bookings/${reference}/documents/voucher`);
    expect(voucher).toContain(after);
    expect(voucher).not.toContain(before);
    // The page's tickets link names the new issue; the one from before the amendment is void.
    await expect(page.getByTestId('booking-documents').getByRole('link', { name: texts.links.labels.tickets })).toHaveAttribute('href', /\?issue=2$/);
    const old = await page.request.get(`${ORIGIN}/api/v1/b2b/bookings/${reference}/documents/tickets?issue=1`);
    expect(old.status()).toBe(409);
    expect(await old.text()).toContain(texts.links.refused.ticketsVoid);
  });
});

test.describe('Russian, 430 px: paid by card in the sandbox', () => {
  test.use({ viewport: { width: 430, height: 900 } });

  test('an agent amends a card booking; the difference is paid by card and the voucher shows the new date', async ({ page }) => {
    const texts = TEXTS.ru;
    await signIn(page, '/ru');
    const slot = await openSlot(page, '/ru', 9);
    await checkoutByCard(page, slot);
    await payByCard(page, texts.pay);
    await page.waitForURL(/\/checkout\/confirmation\/TD-/, { timeout: 30_000 });
    const reference = /TD-[A-Z2-9]{7}/.exec(page.url())![0];

    await page.goto(`${ORIGIN}/ru/my-bookings/${reference}`);
    const before = await tourDate(page, texts.app.bookingDetail.fields.tourDate);
    const block = page.getByTestId('amend-booking');
    // By keyboard: the disclosure opens with Enter.
    await block.getByRole('button', { name: texts.amend.open }).focus();
    await page.keyboard.press('Enter');
    await amendDateAndGuests(page);
    await block.getByRole('button', { name: texts.amend.review }).click();
    const preview = block.getByTestId('amend-preview');
    await expect(preview).toContainText(texts.amend.preview.payCard);
    await preview.getByRole('button', { name: texts.amend.confirm.card }).click();

    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 30_000 });
    await payByCard(page, texts.pay);
    await page.waitForURL(new RegExp(`/my-bookings/${reference}`), { timeout: 30_000 });
    await expect(page.getByTestId('amend-history')).toContainText(texts.amend.history.status.applied);
    const after = await tourDate(page, texts.app.bookingDetail.fields.tourDate);
    expect(after).not.toBe(before);
    const voucher = await pdfText(page, `${ORIGIN}/api/v1/b2b/bookings/${reference}/documents/voucher`);
    expect(voucher).toContain(after);
  });
});

test('the amendment block at the other widths and language: English at 430 px, Russian at 1280 px, by keyboard, without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 430, height: 900 });
  await signIn(page, '');
  const reference = await bookByBalance(page, await openSlot(page, '', 6));
  for (const [language, width] of [
    ['en', 430],
    ['ru', 1280],
  ] as const) {
    const texts = TEXTS[language];
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${ORIGIN}${language === 'ru' ? '/ru' : ''}/my-bookings/${reference}`);
    const block = page.getByTestId('amend-booking');
    await expect(block.getByRole('heading', { name: texts.amend.title })).toBeVisible();
    await block.getByRole('button', { name: texts.amend.open }).focus();
    await page.keyboard.press('Enter');
    await expect(block.getByRole('combobox', { name: texts.amend.fields.slot })).toBeVisible();
    await expect(block.getByLabel(texts.amend.fields.adults)).toHaveValue('1');
    // Bad input: no guests at all is refused with the checkout's message, and nothing is priced.
    await block.getByLabel(texts.amend.fields.adults).fill('0');
    await block.getByRole('button', { name: texts.amend.review }).click();
    await expect(block.getByText(texts.app.checkout.errors.noGuests)).toBeVisible();
    await expect(block.getByTestId('amend-preview')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

async function signIn(page: Page, prefix: string) {
  await page.goto(`${ORIGIN}${prefix}/sign-in?callbackUrl=${encodeURIComponent(`${prefix}/tour/${TOUR}`)}`);
  await page.locator('input[name="email"]').fill(demoEmail('senior'));
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/tour/${TOUR}`), { timeout: 30_000 });
}

type Slot = { offerId: string; date: string; time: string };

/** An open departure `daysAhead` or later, with another one after it to move to. */
async function openSlot(page: Page, prefix: string, daysAhead: number): Promise<Slot> {
  await page.goto(`${ORIGIN}${prefix}/tour/${TOUR}`);
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  expect(offerId).toBeTruthy();
  const from = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + (daysAhead + 30) * 86_400_000).toISOString().slice(0, 10);
  const { days } = (await fetchJson(page, `/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`)) as {
    days: { date: string; slots: { time: string; pastCutOff: boolean; left: number }[] }[];
  };
  const day = days.find((candidate) => candidate.slots.some((slot) => !slot.pastCutOff && slot.left > 3));
  expect(day).toBeTruthy();
  return { offerId: offerId!, date: day!.date, time: day!.slots.find((slot) => !slot.pastCutOff && slot.left > 3)!.time };
}

async function fetchJson(page: Page, url: string): Promise<unknown> {
  return page.evaluate(async (target) => (await fetch(target)).json() as Promise<unknown>, url);
}

/** The checkout's first hotel: the safari picks its guests up. */
async function firstHotel(page: Page, prefix: string, slot: Slot): Promise<string> {
  await page.goto(`${ORIGIN}${prefix}/checkout?${new URLSearchParams({ offer: slot.offerId, date: slot.date, time: slot.time, adults: '1' })}`);
  const hotel = await page.locator('select[name="hotelId"] option:not([value=""])').first().getAttribute('value');
  expect(hotel).toBeTruthy();
  return hotel!;
}

/** Books one adult from the balance through spec §7's POST /b2b/bookings, from the page (the agent's session). */
async function bookByBalance(page: Page, slot: Slot): Promise<string> {
  const hotelId = await firstHotel(page, '', slot);
  const email = 'amendments.guest@example.test';
  const body = { ...slot, adults: 1, guestName: `Irene ${uniqueName()}`, guestPhone: '+971 50 123 4567', guestEmail: email, guestEmailConfirm: email, hotelId, paymentMethod: 'balance' };
  const answer = await page.evaluate(
    async ({ body, key }) => {
      const response = await fetch('/api/v1/b2b/bookings?language=en', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { reference?: string } };
    },
    { body, key: randomUUID() },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.reference!;
}

async function checkoutByCard(page: Page, slot: Slot) {
  await firstHotel(page, '/ru', slot);
  await page.locator('input[name="guestName"]').fill(`Ирина ${uniqueName()}`);
  await page.locator('input[name="guestPhone"]').fill('+971 50 123 4567');
  await page.locator('input[name="guestEmail"]').fill('amendments.guest@example.test');
  await page.locator('input[name="guestEmailConfirm"]').fill('amendments.guest@example.test');
  const hotel = page.locator('select[name="hotelId"]');
  await hotel.selectOption((await hotel.locator('option:not([value=""])').first().getAttribute('value'))!);
  await page.locator('#paymentMethod-card').check();
  await page.locator('form button[type="submit"]').last().click();
  await page.waitForURL(/\/pay\/sandbox\//, { timeout: 30_000 });
}

async function payByCard(page: Page, pay: PaymentMessages) {
  await page.getByLabel(pay.sandboxPay.card.number).fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: pay.sandboxPay.card.pay, exact: true }).click();
}

/** Picks the next start time after the booking's own (its first option) and one adult more. */
async function amendDateAndGuests(page: Page) {
  const form = page.getByTestId('amend-form');
  const select = form.locator('select[name="slot"]');
  const current = await select.inputValue();
  const options = await select.locator('option').evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value));
  const [currentDate] = current.split('|');
  const next = options.find((option) => option.split('|')[0]! > currentDate!);
  expect(next, options.join(', ')).toBeTruthy();
  await select.selectOption(next!);
  const adults = form.locator('input[name="adults"]');
  await adults.fill(String(Number(await adults.inputValue()) + 1));
}

/** The booking page's travel date, as its tour section shows it. */
async function tourDate(page: Page, label: string): Promise<string> {
  const row = page.locator('section[aria-labelledby="tour-title"] dt', { hasText: label });
  return (await row.locator('xpath=following-sibling::dd[1]').innerText()).trim();
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
