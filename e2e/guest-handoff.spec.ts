import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { readOutboxFromConsole } from './support/ops';
import { DEMO_PASSWORD, demoEmail, PORT, signInAs } from './support/portal';

// Guest hand-off, as an agent and then a guest meet it, at a phone's and a desktop's width in both
// languages, and at the tablet's (768 px) in English: the agent sends a confirmed booking's voucher
// from the booking page (a bad address is refused and sends nothing; a second click sends no
// second mail), the mail is in the outbox in the agency's brand, and its link opens the voucher
// signed out, on our host and on the agency's widget domain, in the agency's brand and never ours,
// with the logo its admin uploaded in the company settings. An expired link says so and shows
// nothing; a forged one is not found.

type Journey = { language: 'en' | 'ru'; width: 430 | 768 | 1280 };
const JOURNEYS: Journey[] = [
  { language: 'en', width: 1280 },
  { language: 'ru', width: 430 },
  { language: 'ru', width: 1280 },
  { language: 'en', width: 430 },
  { language: 'en', width: 768 },
];
const TOUR = 'burj-khalifa-at-the-top';
const AGENCY = 'Desert Rose Travel';
const WIDGET_DOMAIN = 'tours.desertrose.test';
const ORIGIN = `http://localhost:${PORT}`;

type HandoffMessages = (typeof import('../messages/guest-handoff/en.json'))['guestHandoff'];
const TEXTS = Object.fromEntries(
  (['en', 'ru'] as const).map((language) => [
    language,
    (JSON.parse(readFileSync(path.join(process.cwd(), 'messages', 'guest-handoff', `${language}.json`), 'utf8')) as { guestHandoff: HandoffMessages }).guestHandoff,
  ]),
) as Record<Journey['language'], HandoffMessages>;

// Signs in, books, sends, reads the outbox in the console and opens the guest's page on two hosts.
test.describe.configure({ timeout: 150_000 });

/** The public link of the logo Desert Rose's admin uploaded in its company settings. */
let companyLogo = '';

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage({ baseURL: ORIGIN });
  try {
    await signInAs(page, 'admin', '/my-agencies');
    await page.getByRole('group', { name: 'Basic info' }).getByLabel('Logo', { exact: true }).setInputFiles({ name: 'desert rose.png', mimeType: 'image/png', buffer: pngLogo() });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Company settings saved.' })).toBeVisible();
    const preview = page.getByTestId('company-logo-preview');
    await expect(preview).toHaveJSProperty('naturalWidth', 2);
    companyLogo = (await preview.getAttribute('src')) ?? '';
    expect(companyLogo).toMatch(/^\/api\/catalog\/images\/[0-9a-f-]{36}$/);
  } finally {
    await page.close();
  }
});

for (const { language, width } of JOURNEYS) {
  const prefix = language === 'ru' ? '/ru' : '';
  const t = TEXTS[language];

  test.describe(`${language}, ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the agent sends the voucher; the guest opens it signed out, in the agency brand, on our host and the agency domain', async ({ page, browser }) => {
      await signIn(page, prefix);
      const reference = await book(page, language);
      await page.goto(`${prefix}/my-bookings/${reference}`);
      const block = page.getByTestId('guest-handoff');
      await expect(block.getByRole('heading', { name: t.panel.title })).toBeVisible();
      const email = block.getByLabel(t.panel.email);
      const guest = `guest.${randomUUID().slice(0, 8)}@example.test`;

      // A bad address: a clear message at the field, nothing sent.
      await email.fill('not-an-address');
      await block.getByRole('button', { name: t.panel.send }).click();
      await expect(block.getByText(t.errors.email)).toBeVisible();
      await expect(email).toHaveAttribute('aria-invalid', 'true');

      // The guest's language is picked on send; the link to copy follows it. Sent from the keyboard.
      await block.getByLabel(t.panel.language).selectOption(language);
      const link = await block.getByTestId('guest-handoff-link').inputValue();
      expect(link).toMatch(new RegExp(`${language === 'ru' ? '/ru' : ''}/embedded/voucher/${reference}-${language}-`));
      const whatsapp = await block.getByTestId('guest-handoff-whatsapp').getAttribute('href');
      expect(whatsapp?.startsWith('https://wa.me/?text=')).toBe(true);
      expect(decodeURIComponent(whatsapp!.slice('https://wa.me/?text='.length))).toContain(link);
      await email.fill(guest);
      await email.press('Enter');
      await expect(block.getByTestId('guest-handoff-status')).toHaveText(t.panel.sent.replace('{email}', guest));
      // A second click: no second mail.
      await block.getByRole('button', { name: t.panel.send }).click();
      await expect(block.getByTestId('guest-handoff-status')).toHaveText(t.panel.alreadySent.replace('{email}', guest));

      const mails = await readOutboxFromConsole(page, guest);
      expect(mails.map((mail) => mail.kind)).toEqual(['guestHandoff']);
      const [mail] = mails;
      expect(mail!.subject).toContain(reference);
      expect(mail!.text).toContain(AGENCY);
      expect(mail!.text).toContain(link);
      expect(`${mail!.subject}\n${mail!.text}`).not.toMatch(/traveldesk/i);

      // The guest, signed out: on our host and on the agency's own widget domain.
      const voucherPath = new URL(link).pathname;
      for (const origin of [ORIGIN, `http://${WIDGET_DOMAIN}:${PORT}`]) {
        await expectGuestVoucher(browser, `${origin}${voucherPath}`, { reference, language, width });
      }
    });

    test('an expired link says so and shows nothing; a forged one is not found', async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      try {
        const expired = signedToken('TD-ABCD234', language, new Date(Date.now() - 86_400_000));
        await page.goto(`${ORIGIN}${prefix}/embedded/voucher/${expired}`);
        await expect(page.getByRole('heading', { name: t.expired.title })).toBeVisible();
        await expect(page.getByText(t.expired.text)).toBeVisible();
        await expect(page.locator('body')).not.toContainText('TD-ABCD234');
        await expect(page.locator('body')).not.toContainText(AGENCY);
        await expect(page.locator('body')).not.toContainText(/traveldesk/i);
        await expect(page).not.toHaveTitle(/traveldesk/i);
        await expectNoSideways(page);
        // Its PDFs are gone too.
        expect((await page.request.get(`${ORIGIN}/api/guest-vouchers/${expired}/voucher`)).status()).toBe(404);

        const forged = signedToken('TD-ABCD234', language, new Date(Date.now() + 86_400_000), 'not-our-secret');
        await page.goto(`${ORIGIN}${prefix}/embedded/voucher/${forged}`);
        await expect(page.getByTestId('embed-not-available')).toBeVisible();
        await expect(page.getByTestId('guest-voucher-expired')).toHaveCount(0);
        expect((await page.request.get(`${ORIGIN}/api/guest-vouchers/${forged}/voucher`)).status()).toBe(404);
      } finally {
        await context.close();
      }
    });
  });
}

/** The guest's page in a fresh, signed-out context: the agency's brand, the trip, the PDFs; nothing of ours. */
async function expectGuestVoucher(browser: Browser, url: string, { reference, language, width }: { reference: string } & Journey) {
  const t = TEXTS[language];
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(url);
    await expect(page.getByTestId('guest-voucher')).toBeVisible();
    await expect(page.getByTestId('guest-brand')).toContainText(AGENCY);
    // The company settings' logo, loaded by a guest without an account.
    const logo = page.getByTestId('guest-brand').locator('img');
    await expect(logo).toHaveAttribute('src', companyLogo);
    await expect(logo).toHaveJSProperty('naturalWidth', 2);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.page.title);
    await expect(page.getByText(reference)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/traveldesk/i);
    await expect(page).toHaveTitle(new RegExp(AGENCY));
    await expect(page).not.toHaveTitle(/traveldesk/i);
    expect(await page.locator('head meta').evaluateAll((metas) => metas.map((meta) => (meta as HTMLMetaElement).content).join('\n'))).not.toMatch(/traveldesk/i);
    await expectNoSideways(page);
    const voucher = page.getByRole('link', { name: t.page.downloadVoucher });
    await expect(voucher).toBeVisible();
    // Fetched by the page (its host, a widget's domain among them, resolves only in the browser).
    const answer = await page.evaluate(async (href) => {
      const response = await fetch(href);
      return { status: response.status, type: response.headers.get('content-type') ?? '', head: new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5)) };
    }, (await voucher.getAttribute('href'))!);
    expect(answer).toEqual({ status: 200, type: expect.stringContaining('application/pdf'), head: '%PDF-' });
    await expect(page.getByRole('link', { name: t.page.downloadTickets })).toBeVisible();
    // The download is reached by the keyboard.
    await voucher.focus();
    await expect(voucher).toBeFocused();
  } finally {
    await context.close();
  }
}

/** A 2×1 PNG, whole (the company settings refuse a file that only starts like one). */
function pngLogo(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framing = Buffer.alloc(8);
    framing.writeUInt32BE(data.length, 0);
    framing.writeUInt32BE(crc32(body), 4);
    return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)]);
  };
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const pixels = deflateSync(Buffer.from([0, 0xc0, 0x39, 0x2b, 0x20, 0x60, 0x9f]));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** A voucher token as the portal signs it (server/guest-handoff/voucher-link.ts), with the e2e server's secret unless told another. */
function signedToken(reference: string, language: Journey['language'], expiresAt: Date, secret = guestLinkSecret()): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  const mac = createHmac('sha256', secret).update(`guest-voucher:${reference}:${language}:${seconds}`).digest().subarray(0, 16).toString('hex');
  return `${reference}-${language}-${seconds.toString(36)}-${mac}`;
}

function guestLinkSecret(): string {
  return process.env.GUEST_LINK_SECRET ?? `guest-booking-link:${process.env.AUTH_SECRET ?? 'e2e-only-secret-not-for-production-000000'}`;
}

async function signIn(page: Page, prefix: string) {
  await page.goto(`${prefix}/sign-in?callbackUrl=${encodeURIComponent(`${prefix}/tour/${TOUR}`)}`);
  await page.locator('input[name="email"]').fill(demoEmail('senior'));
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/tour/${TOUR}`), { timeout: 30_000 });
}

/** A confirmed balance booking of the tour's first open departure, through spec §7's POST /b2b/bookings from the page. */
async function book(page: Page, language: Journey['language']): Promise<string> {
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  expect(offerId).toBeTruthy();
  const from = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const response = await page.evaluate(
    async ({ offerId, from, to, language, key }) => {
      const availability = await fetch(`/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`);
      const { days } = (await availability.json()) as { days: { date: string; slots: { time: string; pastCutOff: boolean }[] }[] };
      const day = days.find((candidate) => candidate.slots.some((slot) => !slot.pastCutOff));
      if (!day) return { status: 0, body: { error: 'no open departure' } as { reference?: string } };
      const email = 'handoff.booker@example.test';
      const answer = await fetch(`/api/v1/b2b/bookings?language=${language}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          offerId,
          date: day.date,
          time: day.slots.find((slot) => !slot.pastCutOff)!.time,
          adults: 2,
          guestName: language === 'ru' ? 'Ольга Петрова' : 'Olga Petrova',
          guestPhone: '+971 50 123 4567',
          guestEmail: email,
          guestEmailConfirm: email,
          paymentMethod: 'balance',
        }),
      });
      return { status: answer.status, body: (await answer.json()) as { reference?: string } };
    },
    { offerId: offerId!, from, to, language, key: randomUUID() },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.reference!;
}
