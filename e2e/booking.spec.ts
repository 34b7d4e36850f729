import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { BookingPicker } from './support/booking';
import { SignInPage, signInAs } from './support/portal';
import { ENGINE_SENSITIVE } from './support/engine';

// Booking: from the tour page's picker to the confirmation and its PDFs, and the
// three refusals (insufficient balance, sold out, past the cut-off) that book nothing.

const TOUR = 'burj-khalifa-at-the-top';
const GUEST = { name: 'Olga Smirnova', phone: '+971 50 765 4321', email: 'olga.smirnova@example.test' };

// Each test signs in and walks several pages, with PDF downloads: more than the default 30 s on a busy CI machine.
test.describe.configure({ timeout: 90_000 });

/** The checkout page, as an agent fills it. */
class CheckoutPage {
  constructor(private readonly page: Page) {}

  async fillGuest(guest: { name: string; phone: string; email: string; emailAgain?: string }) {
    await this.page.getByLabel('Guest name').fill(guest.name);
    await this.page.getByLabel('Phone').fill(guest.phone);
    await this.page.getByLabel('E-mail', { exact: true }).fill(guest.email);
    await this.page.getByLabel('Repeat the e-mail').fill(guest.emailAgain ?? guest.email);
  }

  async pay(method: 'Account balance' | 'Cash during the tour' | 'Book with an agent (request)') {
    await this.page.getByRole('radio', { name: method }).check();
  }

  async submit() {
    await this.page.getByRole('button', { name: /^(Book now|Send the request)$/ }).click();
  }

  /** Balance + credit as the summary shows it, in fils. */
  async availableFunds(): Promise<number> {
    return fils(await this.page.getByTestId('available-funds').innerText());
  }

  async netTotal(): Promise<number> {
    return fils(await this.page.getByTestId('net-total').innerText());
  }
}

function fils(text: string): number {
  const amount = text.match(/AED\s*([\d,]+\.\d{2})/)?.[1];
  if (!amount) throw new Error(`No AED amount in "${text}"`);
  return Math.round(Number(amount.replace(/,/g, '')) * 100);
}

async function pdfText(path: string): Promise<{ text: string; header: string }> {
  const data = await fs.readFile(path);
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return { text: (await parser.getText()).text, header: data.subarray(0, 5).toString('latin1') };
  } finally {
    await parser.destroy();
  }
}

/** Opens the first offer's picker and chooses the first open day of next month, its first time and two adults. */
async function pickNextMonthSlot(page: Page, offerIndex = 0): Promise<BookingPicker> {
  const picker = new BookingPicker(page.getByTestId('offer').nth(offerIndex));
  await picker.open();
  await picker.showNextMonth();
  await picker.pickFirstOpenDay();
  await picker.pickFirstOpenTime();
  await picker.root.getByRole('button', { name: 'More adults' }).click();
  return picker;
}

test('an agent books by balance, sees the loader and the confirmation, downloads the documents, finds the booking and cancels it', ENGINE_SENSITIVE, async ({ page }) => {
  await signInAs(page, 'senior', `/tour/${TOUR}`);
  const picker = await pickNextMonthSlot(page);
  await picker.continueLink().click();
  await expect(page).toHaveURL(/\/checkout\?offer=/);
  const checkoutUrl = page.url();

  const checkout = new CheckoutPage(page);
  const fundsBefore = await checkout.availableFunds();
  const netTotal = await checkout.netTotal();
  await checkout.fillGuest({ ...GUEST, emailAgain: 'olga.smirnova@example.tset' });
  await checkout.pay('Account balance');
  await checkout.submit();
  await expect(page.getByText('The e-mail addresses do not match.')).toBeVisible();
  await expect(page).toHaveURL(checkoutUrl);

  await page.getByLabel('Repeat the e-mail').fill(GUEST.email);
  // Hold the booking request a moment, so the confirming loader can be seen on this fast machine.
  await page.route(
    (url) => url.pathname === '/checkout',
    async (route) => {
      if (route.request().method() === 'POST') await sleep(1_500);
      await route.continue();
    },
  );
  await checkout.submit();
  await expect(page.getByTestId('confirming-loader')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible({ timeout: 20_000 });
  const reference = (await page.getByTestId('booking-reference').innerText()).trim();
  await expect(page.getByRole('link', { name: 'Open the booking' })).toHaveAttribute('href', `/my-bookings/${reference}`);
  expect(reference).toMatch(/^TD-[A-Z2-9]{7}$/);

  for (const name of ['Voucher (PDF)', 'Tickets (PDF)', 'Invoice (PDF)']) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
    const pdf = await pdfText(await download.path());
    expect(pdf.header, name).toBe('%PDF-');
    expect(pdf.text, name).toContain(reference);
    expect(pdf.text, name).toContain(GUEST.name);
  }

  // The agency paid exactly the NET total.
  await page.goto(checkoutUrl);
  expect(await checkout.availableFunds()).toBe(fundsBefore - netTotal);

  await page.goto(`/my-bookings/${reference}`);
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
  await expect(page.getByText(GUEST.name).first()).toBeVisible();

  // Burj Khalifa's terms say its tickets cannot be refunded once issued, and the refund follows
  // them: cancelled even more than 48 hours ahead, nothing comes back.
  const cancelPanel = page.getByRole('region', { name: 'Cancel this booking' });
  await expect(cancelPanel.getByText('More than 48 hours before the tour')).toBeVisible();
  await expect(cancelPanel.getByText('0% of what was paid')).toBeVisible();
  const refund = fils(await cancelPanel.getByText('Back to the balance').locator('xpath=following-sibling::dd[1]').innerText());
  expect(refund).toBe(0);
  await cancelPanel.getByText('Cancel booking', { exact: true }).click();
  await cancelPanel.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText('The booking has been cancelled.')).toBeVisible();

  await page.goto(checkoutUrl);
  expect(await checkout.availableFunds()).toBe(fundsBefore - netTotal + refund);
});

test('a balance that does not cover the booking gives the spec message and books nothing', ENGINE_SENSITIVE, async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.open(`?callbackUrl=${encodeURIComponent(`/tour/${TOUR}`)}`);
  await signIn.signIn('senior@palmcoast.test');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const picker = await pickNextMonthSlot(page);
  await picker.continueLink().click();

  const checkout = new CheckoutPage(page);
  const fundsBefore = await checkout.availableFunds();
  expect(await checkout.netTotal()).toBeGreaterThan(fundsBefore);
  await checkout.fillGuest(GUEST);
  await checkout.pay('Account balance');
  await checkout.submit();

  await expect(page.getByRole('alert').filter({ hasText: 'Your available balance is insufficient. Please Top Up on the My Balance Page.' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?/);
  await page.reload();
  expect(await checkout.availableFunds()).toBe(fundsBefore);
});

test('more guests than tickets left gives the spec message and books nothing', async ({ page }) => {
  await signInAs(page, 'senior', `/tour/${TOUR}`);
  const picker = await pickNextMonthSlot(page);
  const continueUrl = new URL((await picker.continueLink().getAttribute('href'))!, page.url());
  const offerId = continueUrl.searchParams.get('offer')!;

  // A slot of the next two months with the fewest adult tickets left.
  const from = new Date();
  const to = new Date(from.getTime() + 60 * 86_400_000);
  const response = await page.request.get(`/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${isoDate(from)}&to=${isoDate(to)}`);
  expect(response.ok()).toBe(true);
  const { days } = (await response.json()) as { days: { date: string; slots: { time: string; leftAdults: number | null; pastCutOff: boolean }[] }[] };
  const slot = days
    .flatMap((day) => day.slots.filter((candidate) => !candidate.pastCutOff).map((candidate) => ({ date: day.date, ...candidate, left: candidate.leftAdults ?? 0 })))
    .sort((a, b) => a.left - b.left)[0]!;
  expect(slot.left).toBeLessThan(10);

  const query = new URLSearchParams({ offer: offerId, date: slot.date, time: slot.time, adults: String(slot.left + 1) });
  await page.goto(`/checkout?${query}`);
  const soldOut = `No more available stock, max ${slot.left}. Please contact admin.`;
  await expect(page.getByRole('alert').filter({ hasText: soldOut })).toHaveCount(1);

  const checkout = new CheckoutPage(page);
  const fundsBefore = await checkout.availableFunds();
  await checkout.fillGuest(GUEST);
  await checkout.pay('Account balance');
  await checkout.submit();
  await expect(page.getByRole('alert').filter({ hasText: soldOut })).toHaveCount(2);
  await page.reload();
  expect(await checkout.availableFunds()).toBe(fundsBefore);
});

test('past the cut-off the picker and checkout say so and offer only a request', async ({ page }) => {
  // Private 4x4 of the evening safari: a 24-hour cut-off, so today's departures are past it.
  await signInAs(page, 'senior', '/tour/evening-desert-safari-bbq-dinner');
  const picker = new BookingPicker(page.getByTestId('offer').nth(1));
  await picker.open();
  // Today's departures (15:00, 15:30) until they start, then tomorrow's: both past the cut-off.
  const dubaiNow = new Date(Date.now() + 4 * 3_600_000);
  const day = dubaiNow.getUTCHours() < 15 ? dubaiNow : new Date(dubaiNow.getTime() + 86_400_000);
  await picker.pickDay(day.toISOString().slice(0, 10));
  await picker.pickFirstOpenTime();
  const cutOff = 'Automatic confirmation is no longer possible, contact the reservation admin.';
  await expect(picker.root.getByText(cutOff)).toBeVisible();

  await picker.continueLink().click();
  await expect(page.getByText(cutOff)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Account balance' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Book with an agent (request)' })).toBeChecked();
});

function isoDate(date: Date): string {
  return new Date(date.getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
}

test('the Russian checkout answers in Russian', async ({ page }) => {
  await signInAs(page, 'senior', `/tour/${TOUR}`);
  const picker = await pickNextMonthSlot(page);
  await page.goto(`/ru${await picker.continueLink().getAttribute('href')}`);
  await page.getByRole('button', { name: 'Забронировать' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Проверьте отмеченные поля.' })).toBeVisible();
  await expect(page.getByText('Обязательное поле.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/ru\/checkout\?/);
});
