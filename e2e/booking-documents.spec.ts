import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { DEMO_PASSWORD, demoEmail, PORT } from './support/portal';
import { uniqueName } from './support/guest-name';

// A booking's documents follow its state, as an agent meets them, on each host, in both languages, at a phone's and
// a desktop's width: the confirmation shows the promo code and the pick-up; a cancelled booking's
// voucher says CANCELLED, its tickets are withdrawn and a credit note is issued; a request offers
// its summary only, and the download route refuses the rest.

type Journey = {
  host: 'localhost' | 'partner.localhost' | 'ru.localhost';
  language: 'en' | 'ru';
  width: 430 | 1280;
  role: 'senior' | 'junior';
};

const JOURNEYS: Journey[] = [
  { host: 'localhost', language: 'en', width: 1280, role: 'senior' },
  { host: 'ru.localhost', language: 'ru', width: 430, role: 'senior' },
  { host: 'partner.localhost', language: 'en', width: 430, role: 'junior' },
  { host: 'partner.localhost', language: 'ru', width: 1280, role: 'senior' },
];

// The desert safari includes a hotel pick-up, so its bookings carry a hotel and a pick-up time.
const TOUR = 'evening-desert-safari-bbq-dinner';
const PROMO = 'WELCOME10';

// The texts as the app has them, so the test follows a change of wording in both languages.
type AppMessages = typeof import('../messages/en.json');
type DocumentMessages = typeof import('../messages/documents/en.json');
type LinkMessages = (typeof import('../messages/booking-documents/en.json'))['bookingDocuments'];
type DocumentLinkKind = keyof LinkMessages['labels'];

function messages<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(process.cwd(), 'messages', file), 'utf8')) as T;
}

const TEXTS = Object.fromEntries(
  (['en', 'ru'] as const).map((language) => [
    language,
    {
      app: messages<AppMessages>(`${language}.json`),
      documents: messages<DocumentMessages>(`documents/${language}.json`),
      links: messages<{ bookingDocuments: LinkMessages }>(`booking-documents/${language}.json`).bookingDocuments,
    },
  ]),
) as Record<Journey['language'], { app: AppMessages; documents: DocumentMessages; links: LinkMessages }>;

// Signs in, books, cancels and downloads five PDFs: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 150_000 });

for (const journey of JOURNEYS) {
  const { host, language, width, role } = journey;
  const origin = `http://${host}:${PORT}`;
  const prefix = language === 'ru' ? '/ru' : '';
  const texts = TEXTS[language];

  test.describe(`${host}, ${language}, ${width} px, ${role}`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a booking’s documents follow it from confirmation to cancellation, and a request offers only its summary', async ({ page }) => {
      await signIn(page, origin, prefix, role);
      const slot = await openSlot(page, origin, prefix);
      const hotel = await firstPickUpHotel(page, origin, prefix, slot);
      const paymentMethod = role === 'senior' ? 'balance' : 'cash';
      const guest = `${language === 'ru' ? 'Ирина' : 'Irene'} ${uniqueName()}`;
      const reference = await book(page, language, { ...slot, hotelId: hotel.id, promoCode: PROMO, paymentMethod, guestName: guest });

      // §5: the confirmation shows the promo code, the discount only to a role that sees NET, the hotel and the pick-up time.
      await page.goto(`${origin}${prefix}/checkout/confirmation/${reference}`);
      await expect(page.getByTestId('booking-reference')).toHaveText(reference);
      await expect(page.getByTestId('confirmation-promo-code')).toHaveText(PROMO);
      await expect(page.getByTestId('confirmation-discount')).toHaveCount(role === 'senior' ? 1 : 0);
      await expect(page.getByTestId('confirmation-pick-up-hotel')).toHaveText(hotel.name);
      const pickUpTime = (await page.getByTestId('confirmation-pick-up-time').innerText()).trim();
      expect(pickUpTime).toMatch(/^\d{2}:\d{2}$/);
      const documents = page.getByTestId('booking-documents');
      await expect(documentLinks(documents)).toHaveText(
        (role === 'senior' ? (['voucher', 'tickets', 'invoice'] as const) : (['voucher', 'tickets'] as const)).map((kind) => label(language, kind)),
      );

      // §4, §5: the guest's voucher says "Confirmed", with the promo code, the hotel and its pick-up time.
      const voucher = await downloadText(page, documents, label(language, 'voucher'));
      expect(voucher).toContain(reference);
      expect(voucher).toContain(texts.documents.voucher.statuses.completed);
      expect(voucher).toContain(PROMO);
      expect(voucher).toContain(hotel.name);
      expect(voucher).toContain(pickUpTime);
      expect(voucher).toContain(texts.documents.voucher.policySection);
      const tickets = await downloadText(page, documents, label(language, 'tickets'));
      expect(tickets).toContain(reference);

      // §1: cancelled on the booking page.
      await page.goto(`${origin}${prefix}/my-bookings/${reference}`);
      const cancel = page.getByRole('region', { name: texts.app.bookingDetail.cancel.title });
      await cancel.getByText(texts.app.bookingDetail.cancel.button, { exact: true }).click();
      await cancel.getByRole('button', { name: texts.app.bookingDetail.cancel.confirm }).click();
      await expect(page.getByText(texts.app.bookingDetail.cancelledNotice)).toBeVisible();

      const cancelledDocuments = page.getByTestId('booking-documents');
      await expect(documentLinks(cancelledDocuments)).toHaveText(
        (role === 'senior' ? (['voucher', 'invoice', 'credit-note'] as const) : (['voucher'] as const)).map((kind) => label(language, kind)),
      );
      await expect(cancelledDocuments).toContainText(texts.links.ticketsWithdrawn);

      const cancelledVoucher = await downloadText(page, cancelledDocuments, label(language, 'voucher'), { everyPage: texts.documents.common.cancelledStamp });
      expect(cancelledVoucher).toContain(reference);
      expect(cancelledVoucher).not.toContain(texts.documents.voucher.statuses.completed);

      // The route refuses the tickets, whatever link a guest kept.
      expect(await fetchJson(page, `/api/v1/b2b/bookings/${reference}/documents/tickets`)).toEqual({ status: 409, body: { message: texts.links.refused.ticketsWithdrawn } });

      if (role === 'senior') {
        const creditNote = await downloadText(page, cancelledDocuments, label(language, 'credit-note'));
        expect(creditNote).toContain(`CN-${reference}`);
        expect(creditNote).toContain(texts.documents.creditNote.refund);
        expect(creditNote).toContain(texts.documents.creditNote.fee);
        const invoice = await downloadText(page, cancelledDocuments, label(language, 'invoice'));
        expect(invoice).toContain(`CN-${reference}`);

        // The statement shows the booking, the refund and the fee kept from it as three lines (the newest page).
        await page.goto(`${origin}${prefix}/balance?page=99999`);
        const lines = page.getByRole('row').filter({ has: page.getByRole('link', { name: reference }) });
        await expect(lines).toHaveCount(3);
        await expect(lines.nth(0)).toContainText(texts.app.balance.kind.booking);
        await expect(lines.nth(1)).toContainText(texts.app.balance.kind.refund);
        await expect(lines.nth(2)).toContainText(texts.app.balance.kind.cancellation_fee);
      } else {
        expect((await fetchJson(page, `/api/v1/b2b/bookings/${reference}/documents/credit-note`)).status).toBe(403);
      }

      // §2: a request offers its summary only; the route refuses a voucher for it.
      const request = await book(page, language, { ...slot, hotelId: hotel.id, promoCode: PROMO, paymentMethod: 'request', guestName: guest });
      await page.goto(`${origin}${prefix}/checkout/confirmation/${request}`);
      const requestDocuments = page.getByTestId('booking-documents');
      await expect(documentLinks(requestDocuments)).toHaveText([label(language, 'request-summary')]);
      await expect(requestDocuments).toContainText(texts.links.requestOnly);
      const summary = await downloadText(page, requestDocuments, label(language, 'request-summary'), { everyPage: texts.documents.requestSummary.stamp });
      expect(summary).toContain(request);
      expect(summary).toContain(texts.documents.requestSummary.notValid);
      expect(summary).toContain(PROMO);
      expect(summary).toContain(hotel.name);
      expect(await fetchJson(page, `/api/v1/b2b/bookings/${request}/documents/voucher`)).toEqual({ status: 409, body: { message: texts.links.refused.notConfirmed } });
    });
  });
}

function label(language: Journey['language'], kind: DocumentLinkKind): string {
  return TEXTS[language].links.labels[kind];
}

function documentLinks(section: Locator): Locator {
  return section.getByRole('link');
}

/** Signs in on `origin` itself: a session is kept per host. */
async function signIn(page: Page, origin: string, prefix: string, role: Journey['role']) {
  await page.goto(`${origin}${prefix}/sign-in?callbackUrl=${encodeURIComponent(`${prefix}/tour/${TOUR}`)}`);
  await page.locator('input[name="email"]').fill(demoEmail(role));
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/tour/${TOUR}`), { timeout: 30_000 });
}

type Slot = { offerId: string; date: string; time: string };

/** An open departure of the tour's first offer, a few days ahead (refunds then come from the first tier). */
async function openSlot(page: Page, origin: string, prefix: string): Promise<Slot> {
  await page.goto(`${origin}${prefix}/tour/${TOUR}`);
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  expect(offerId).toBeTruthy();
  const from = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const { body } = await fetchJson(page, `/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`);
  const { days } = body as { days: { date: string; slots: { time: string; pastCutOff: boolean }[] }[] };
  const day = days.find((candidate) => candidate.slots.some((slot) => !slot.pastCutOff));
  expect(day).toBeTruthy();
  return { offerId: offerId!, date: day!.date, time: day!.slots.find((slot) => !slot.pastCutOff)!.time };
}

/** A hotel of the checkout's pick-up list with a pick-up time for this departure. */
async function firstPickUpHotel(page: Page, origin: string, prefix: string, slot: Slot): Promise<{ id: string; name: string }> {
  await page.goto(`${origin}${prefix}/checkout?${new URLSearchParams({ offer: slot.offerId, date: slot.date, time: slot.time, adults: '1' })}`);
  const select = page.locator('select[name="hotelId"]');
  const options = await select.locator('option').evaluateAll((elements) =>
    elements.map((element) => ({ id: (element as HTMLOptionElement).value, name: element.textContent?.trim() ?? '' })).filter((option) => option.id),
  );
  for (const option of options) {
    await select.selectOption(option.id);
    if (/\d{2}:\d{2}/.test(await page.getByTestId('pick-up-time').innerText())) return option;
  }
  throw new Error('No hotel with a pick-up time for this departure');
}

/** Books through spec §7's POST /b2b/bookings from the page, so the host's session and origin are the agent's. */
async function book(
  page: Page,
  language: Journey['language'],
  booking: Slot & { hotelId: string; promoCode: string; paymentMethod: 'balance' | 'cash' | 'request'; guestName: string },
): Promise<string> {
  const { offerId, date, time, hotelId, promoCode, paymentMethod, guestName } = booking;
  const email = 'documents.guest@example.test';
  const response = await page.evaluate(
    async ({ body, language, key }) => {
      const answer = await fetch(`/api/v1/b2b/bookings?language=${language}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as { reference?: string } };
    },
    {
      body: { offerId, date, time, adults: 1, guestName, guestPhone: '+971 50 123 4567', guestEmail: email, guestEmailConfirm: email, hotelId, promoCode, paymentMethod },
      language,
      key: randomUUID(),
    },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.reference!;
}

async function fetchJson(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, body: (await response.json()) as unknown };
  }, path);
}

/**
 * Downloads a document by its link and returns its text, lines joined; with `everyPage`, checks
 * that every page carries that text (the stamp).
 */
async function downloadText(page: Page, section: Locator, name: string, options: { everyPage?: string } = {}): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name }).click()]);
  const data = await fs.readFile((await download.path())!);
  expect(data.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const text = await parser.getText();
    if (options.everyPage) for (const pageText of text.pages) expect(pageText.text, name).toContain(options.everyPage);
    // Wrapped lines (and a break after a reference's hyphen) read as one line.
    return text.text.replace(/-\s+/g, '-').replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
