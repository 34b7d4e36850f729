import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, PORT } from './support/portal';
import { uniqueName } from './support/guest-name';
import { readOutboxFromConsole } from './support/ops';

// A guest quote end to end (docs/guest-quotes.md): an agent quotes a tour with a markup from the
// checkout, a signed-out guest opens the link in the agency's brand and pays by card in the
// sandbox, the booking exists, and the agency's commission shows the margin. At a phone's and a
// desktop's width, in English (dirhams) and Russian (roubles, with the spec §9 fees).

type QuoteMessages = typeof import('../messages/quotes/en.json');
type PaymentMessages = typeof import('../messages/payments/en.json');
const messages = <T,>(file: string): T => JSON.parse(readFileSync(path.join(process.cwd(), 'messages', file), 'utf8')) as T;
const TEXTS = {
  en: { quotes: messages<QuoteMessages>('quotes/en.json').quotes, pay: messages<PaymentMessages>('payments/en.json') },
  ru: { quotes: messages<QuoteMessages>('quotes/ru.json').quotes, pay: messages<PaymentMessages>('payments/ru.json') },
};

// A ticket without pick-up and with live places: a guest picks no hotel.
const TOUR = 'dubai-frame';
const MAIN = `http://localhost:${PORT}`;
const AGENCY = 'Desert Rose Travel';

test.describe.configure({ timeout: 150_000 });

type Slot = { offerId: string; date: string; time: string };

// Both languages at a phone's and a desktop's width, and the tablet's (768 px, where the layout
// turns to its wide form) in Russian, whose texts are the longest.
const JOURNEYS = [
  ...[430, 1280].flatMap((width) => (['en', 'ru'] as const).map((lang) => ({ width, lang }))),
  { width: 768, lang: 'ru' as const },
];

for (const { width, lang } of JOURNEYS) {
  test(`${lang} at ${width} px: a quote with a markup is paid by a signed-out guest, booked, and its margin is the commission`, async ({ browser }) => {
    const prefix = lang === 'ru' ? '/ru' : '';
    const t = TEXTS[lang];
    const viewport = { width, height: 900 };
    const agentContext = await browser.newContext({ viewport });
    const agent = await agentContext.newPage();
    await signIn(agent, prefix);
    const slot = await openSlot(agent);

    // From the checkout, the same selection as a quote.
    await agent.goto(`${MAIN}${prefix}/checkout?${new URLSearchParams({ offer: slot.offerId, date: slot.date, time: slot.time, adults: '2' })}`);
    await agent.getByTestId('quote-from-checkout').click();
    await expect(agent).toHaveURL(/\/quotes\/new\?/);
    const guest = `Irene ${uniqueName()}`;
    await agent.getByLabel(t.quotes.new.guestName).fill(guest);
    const guestEmail = `quote.${guest.toLowerCase().replace(' ', '.')}@example.test`;
    await agent.getByLabel(t.quotes.new.guestEmail).fill(guestEmail);
    await agent.getByLabel(t.quotes.new.guestPhone).fill('+971 50 123 4567');
    await agent.getByLabel(t.quotes.new.locale).selectOption(lang);
    await agent.getByLabel(t.quotes.new.currency).selectOption(lang === 'ru' ? 'RUB' : 'AED');
    await agent.getByRole('radio', { name: t.quotes.new.percent }).check();
    // Keyboard: the markup field is reached and typed into like any other.
    await agent.getByLabel(t.quotes.new.markupValue, { exact: true }).fill('20');
    await expect(agent.getByTestId('quote-guest-price')).not.toHaveText('—');
    await agent.getByLabel(t.quotes.new.markupValue, { exact: true }).press('Enter');
    // Desert Rose has a verified widget site: the English guest opens the quote there (the
    // agency's own domain, white label), the Russian one on the portal's host.
    const link = await agent.getByTestId(lang === 'en' ? 'quote-site-link' : 'quote-link').inputValue();
    expect(link).toContain(`${prefix}/quote/`);
    if (lang === 'en') expect(new URL(link).hostname).toBe('tours.desertrose.test');

    // The agent e-mails it from the list: one mail to the guest, in the agency's name, with the link.
    await agent.goto(`${MAIN}${prefix}/quotes`);
    const listed = agent.getByTestId('quote-row').filter({ hasText: guest });
    await listed.getByRole('button', { name: t.quotes.send.button }).click();
    await expect(listed.getByTestId('quote-sent')).toHaveText(t.quotes.send.sent.replace('{email}', guestEmail));
    await expectNoHorizontalScroll(agent);
    const mails = await readOutboxFromConsole(agent, guestEmail);
    expect(mails.map((mail) => mail.kind)).toEqual(['guestQuote']);
    expect(mails[0]!.text).toContain(new URL(link).pathname);
    expect(mails[0]!.text).toContain(AGENCY);
    expect(mails[0]!.text).not.toMatch(/traveldesk/i);

    // The guest: another browser, no account.
    const guestContext = await browser.newContext({ viewport });
    const page = await guestContext.newPage();
    await page.goto(link);
    await expect(page.getByTestId('guest-brand')).toContainText(AGENCY);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(AGENCY);
    await expect(page.locator('body')).not.toContainText('Traveldesk');
    const total = (await page.getByTestId('quote-total').innerText()).trim();
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: t.quotes.guest.pay }).click();
    await page.waitForURL(/\/pay\/sandbox\//, { timeout: 30_000 });
    // The card page charges exactly the total the quote showed.
    await expect(page.locator('body')).toContainText(total);
    await page.getByLabel(t.pay.sandboxPay.card.number).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: t.pay.sandboxPay.card.pay, exact: true }).click();
    await page.waitForURL(/\/quote\//, { timeout: 30_000 });
    // Back where the guest paid: the agency's domain stays the agency's.
    expect(new URL(page.url()).hostname).toBe(new URL(link).hostname);
    const paid = page.getByRole('status').filter({ hasText: /TD-[A-Z2-9]{7}/ });
    await expect(paid).toBeVisible({ timeout: 20_000 });
    const reference = /TD-[A-Z2-9]{7}/.exec(await paid.innerText())![0];
    await expect(page.getByRole('button', { name: t.quotes.guest.pay })).toHaveCount(0);

    // The agent: the quote is paid and booked, and the commission is its margin.
    await agent.goto(`${MAIN}${prefix}/quotes`);
    const row = agent.getByTestId('quote-row').filter({ hasText: guest });
    await expect(row.getByTestId('quote-state')).toHaveText(t.quotes.states.paid);
    await expect(row).toContainText(reference);
    const margin = await row.getByTestId('quote-margin').getAttribute('data-margin-aed');
    expect(Number(margin)).toBeGreaterThan(0);
    await agent.goto(`${MAIN}${prefix}/my-commissions?reference=${reference}`);
    // Filtered to the one booking: its row, and the agency's receivable is the quote's margin.
    const main = agent.locator('main');
    await expect(main).toContainText(reference);
    await expect(main.locator(`[data-price-aed="${margin}"]`).first()).toBeAttached();
    await expectNoHorizontalScroll(agent);

    await guestContext.close();
    await agentContext.close();
  });
}

test('a forged link opens nothing and names no quote', async ({ page }) => {
  await page.goto(`${MAIN}/quote/${'0'.repeat(32)}.abc.${'0'.repeat(32)}`);
  await expect(page.getByTestId('quote-not-found')).toHaveText(TEXTS.en.quotes.guest.notFound);
});

async function signIn(page: Page, prefix: string) {
  await page.goto(`${MAIN}${prefix}/sign-in?callbackUrl=${encodeURIComponent(`${prefix}/tour/${TOUR}`)}`);
  await page.locator('input[name="email"]').fill(demoEmail('senior'));
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/tour/${TOUR}`), { timeout: 30_000 });
}

type AvailabilityDays = { days: { date: string; slots: { time: string; pastCutOff: boolean; left: number }[] }[] };

/** An open departure of the tour's first offer, a week or more ahead, with places for two. */
async function openSlot(page: Page): Promise<Slot> {
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  expect(offerId).toBeTruthy();
  const from = new Date(Date.now() + (7 + Math.floor(Math.random() * 20)) * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const { days } = (await page.evaluate(async (url) => (await fetch(url)).json(), `/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`)) as AvailabilityDays;
  const open = (slot: AvailabilityDays['days'][number]['slots'][number]) => !slot.pastCutOff && slot.left > 3;
  const day = days.find((candidate) => candidate.slots.some(open));
  expect(day).toBeTruthy();
  return { offerId: offerId!, date: day!.date, time: day!.slots.find(open)!.time };
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}
