import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { agentSessionAlive, DEMO_PASSWORD, openWithSavedSession, PORT } from './support/portal';

// A checkout that guides (promo, pick-up, terms, the display currency, what a junior may see). Each case runs on
// a spread of the three hosts, both languages and both widths (430 px phone, 1280 px desktop),
// so every host, language and width is covered without running every check twelve times. Texts
// come from the app's own message files, so the Russian runs read what a Russian agent reads.

type Host = 'main' | 'partner' | 'ru';
type Lang = 'en' | 'ru';
type Visit = { host: Host; lang: Lang; width: 430 | 1280 };

type Messages = Record<string, Record<string, unknown>>;
const messages: Record<Lang, Messages> = {
  en: JSON.parse(fs.readFileSync('messages/en.json', 'utf8')) as Messages,
  ru: JSON.parse(fs.readFileSync('messages/ru.json', 'utf8')) as Messages,
};
/** A message by its dotted key, e.g. `checkout.submit`. */
function text(lang: Lang, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[lang]);
  if (typeof value !== 'string') throw new Error(`No message ${key}`);
  return value;
}

const HOSTNAME: Record<Host, string> = { main: 'localhost', partner: 'partner.localhost', ru: 'ru.localhost' };
const origin = (host: Host) => `http://${HOSTNAME[host]}:${PORT}`;
const prefix = (lang: Lang) => (lang === 'en' ? '' : '/ru');
const label = (visit: Visit) => `${visit.host} host, ${visit.lang}, ${visit.width} px`;

const GUEST = { name: 'Olga Smirnova', phone: '+971 50 765 4321', email: 'olga.smirnova@example.test' };

// Each case signs in and opens up to four checkouts: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 150_000 });

/** Signs in on the visit's host, in its language and at its width, with the display currency chosen. */
async function enter(page: Page, visit: Visit, email: string, currency?: 'AED' | 'USD') {
  await page.setViewportSize({ width: visit.width, height: 900 });
  const cookies: { name: string; value: string; url: string }[] = [{ name: 'NEXT_LOCALE', value: visit.lang, url: origin(visit.host) }];
  if (currency) cookies.push({ name: 'currency', value: currency, url: origin(visit.host) });
  await page.context().addCookies(cookies);
  // With this worker's saved session for that agent and host when it has one.
  await openWithSavedSession(
    page,
    `${email} on ${origin(visit.host)}${prefix(visit.lang)}`,
    `${origin(visit.host)}${prefix(visit.lang)}/`,
    async () => {
      await page.goto(`${origin(visit.host)}${prefix(visit.lang)}/sign-in`);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.locator('form').filter({ has: page.locator('input[name="password"]') }).locator('button[type="submit"]').click();
    },
    (target) => target.pathname.endsWith('/sign-in'),
    () => agentSessionAlive(page),
  );
  await expect(page.getByRole('button', { name: text(visit.lang, 'shell.accountMenu') })).toBeVisible({ timeout: 30_000 });
}

/** The checkout of the first offer of a tour, on its first open start time at least three days ahead. */
async function openCheckout(page: Page, visit: Visit, tour: string, adults = 2): Promise<string> {
  const base = `${origin(visit.host)}${prefix(visit.lang)}`;
  await page.goto(`${base}/tour/${tour}`);
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  // Asked from the page: Chromium resolves *.localhost to this machine, Node's resolver does not.
  const { days } = await page.evaluate(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as { days: { date: string; slots: { time: string; left: number; pastCutOff: boolean }[] }[] };
  }, `/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`);
  const day = days.find((candidate) => candidate.slots.some((slot) => slot.left >= adults && !slot.pastCutOff));
  const slot = day?.slots.find((candidate) => candidate.left >= adults && !candidate.pastCutOff);
  if (!day || !slot || !offerId) throw new Error(`No open slot for ${tour}`);
  const query = new URLSearchParams({ offer: offerId, date: day.date, time: slot.time, adults: String(adults) });
  await page.goto(`${base}/checkout?${query}`);
  await expect(page.getByRole('heading', { level: 1, name: text(visit.lang, 'checkout.title') })).toBeVisible();
  return query.toString();
}

async function fillGuest(page: Page, lang: Lang, guest: { name: string; phone: string; email: string; emailAgain?: string }) {
  await page.getByLabel(text(lang, 'checkout.guestName')).fill(guest.name);
  await page.getByLabel(text(lang, 'checkout.phone')).fill(guest.phone);
  await page.getByLabel(text(lang, 'checkout.email'), { exact: true }).fill(guest.email);
  await page.getByLabel(text(lang, 'checkout.emailConfirm')).fill(guest.emailAgain ?? guest.email);
}

const submitButton = (page: Page, lang: Lang) => page.getByRole('button', { name: text(lang, 'checkout.submit'), exact: true });
const aed = async (page: Page, testId: string) => Number(await page.getByTestId(testId).locator('[data-price-aed]').first().getAttribute('data-price-aed'));

/** The visible bottom of the sticky header. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.locator('header').first().boundingBox();
  return (box?.y ?? 0) + (box?.height ?? 0);
}

const SPREAD: Visit[] = [
  { host: 'main', lang: 'en', width: 1280 },
  { host: 'main', lang: 'ru', width: 430 },
  { host: 'partner', lang: 'en', width: 430 },
  { host: 'partner', lang: 'ru', width: 1280 },
  { host: 'ru', lang: 'ru', width: 430 },
  { host: 'ru', lang: 'en', width: 1280 },
];

for (const visit of SPREAD) {
  test(`errors are summed up at the top with links to fields clear of the header; the summary, policy and funds come first, in the display currency (${label(visit)})`, async ({
    page,
  }) => {
    const { lang } = visit;
    await enter(page, visit, 'senior@desertrose.test', 'USD');
    await openCheckout(page, visit, 'burj-khalifa-at-the-top');

    // §9: what is paid is on screen before the button, on a phone too.
    const summary = page.getByTestId('booking-summary');
    const summaryBox = (await summary.boundingBox())!;
    const buttonBox = (await submitButton(page, lang).boundingBox())!;
    expect(summaryBox.y + summaryBox.height).toBeLessThan(buttonBox.y);
    // §3 and §7: the offer's own terms (Burj Khalifa: non-refundable) and the funds in the chosen currency.
    await expect(page.getByTestId('cancellation-policy')).toContainText(text(lang, 'cancellationPolicy.nonRefundable'));
    await expect(page.getByTestId('net-total')).toContainText('USD');
    await expect(page.getByTestId('available-funds')).toContainText('USD');
    await expect(page.getByTestId('available-funds')).not.toContainText('AED');

    // §8, checks made in the browser: every empty field is named at once.
    await submitButton(page, lang).click();
    const errors = page.getByTestId('error-summary');
    await expect(errors).toBeFocused();
    await expect(errors.getByRole('link')).toHaveText([text(lang, 'checkout.guestName'), text(lang, 'checkout.phone'), text(lang, 'checkout.email')]);

    // The repeated e-mail differs.
    await fillGuest(page, lang, { ...GUEST, emailAgain: 'olga.smirnova@example.tset' });
    await submitButton(page, lang).click();
    await expect(errors).toBeFocused();
    await expect(errors).toHaveAttribute('role', 'alert');
    await expect(errors.getByRole('heading')).toHaveText(text(lang, 'checkout.errorSummary').match(/one \{([^}]*)\}/)![1]!.replace('#', '1'));
    // The message stays beside its field; the summary names the field and links to it.
    await expect(page.getByText(text(lang, 'checkout.errors.emailMismatch'))).toHaveCount(1);
    await errors.getByRole('link', { name: text(lang, 'checkout.emailConfirm'), exact: true }).click();
    const repeat = page.getByLabel(text(lang, 'checkout.emailConfirm'));
    await expect(repeat).toBeFocused();
    expect((await repeat.boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));

    // §8, a check only the server can make (422 on a field): a promo code sent without "Apply".
    await repeat.fill(GUEST.email);
    await page.getByLabel(text(lang, 'checkout.promoCode')).fill('NOSUCHCODE');
    await submitButton(page, lang).click();
    const promoLink = errors.getByRole('link', { name: text(lang, 'checkout.promoCode'), exact: true });
    await expect(promoLink).toBeVisible();
    await expect(errors).toBeFocused();
    await expect(errors).toContainText(text(lang, 'checkout.wrongPromo'));
    await expect(errors.getByRole('link')).toHaveCount(1);
    await promoLink.click();
    const promo = page.getByLabel(text(lang, 'checkout.promoCode'));
    await expect(promo).toBeFocused();
    expect((await promo.boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));
    // What was typed is still there after the failed booking.
    await expect(page.getByLabel(text(lang, 'checkout.guestName'))).toHaveValue(GUEST.name);
  });
}

for (const visit of [
  { host: 'main', lang: 'en', width: 430 },
  { host: 'ru', lang: 'ru', width: 1280 },
] satisfies Visit[]) {
  test(`a balance that cannot pay is marked up front, not preselected, and links to top-up (${label(visit)})`, async ({ page }) => {
    const { lang } = visit;
    await enter(page, visit, 'senior@palmcoast.test');
    await openCheckout(page, visit, 'burj-khalifa-at-the-top');

    const balance = page.getByRole('radio', { name: text(lang, 'booking.paymentMethod.balance') });
    await expect(balance).not.toBeChecked();
    await expect(page.getByRole('radio', { name: text(lang, 'booking.paymentMethod.cash') })).toBeChecked();
    const short = page.getByTestId('balance-short');
    await expect(short).toContainText(text(lang, 'checkout.insufficientFunds'));
    await expect(balance).toHaveAttribute('aria-describedby', 'balance-short');
    await short.getByRole('link', { name: text(lang, 'checkout.topUp') }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/top-up$`));
  });
}

for (const visit of [
  { host: 'partner', lang: 'en', width: 1280 },
  { host: 'main', lang: 'ru', width: 430 },
] satisfies Visit[]) {
  test(`a senior applies a promo code before booking and sees the discounted NET, or the spec message (${label(visit)})`, async ({ page }) => {
    const { lang } = visit;
    await enter(page, visit, 'senior@desertrose.test');
    await openCheckout(page, visit, 'burj-khalifa-at-the-top');
    const net = await aed(page, 'net-total');
    const promo = page.getByLabel(text(lang, 'checkout.promoCode'));
    const apply = page.getByRole('button', { name: text(lang, 'checkout.applyPromo') });

    await promo.fill('NOSUCHCODE');
    await apply.click();
    await expect(page.getByText(text(lang, 'checkout.wrongPromo'))).toBeVisible();
    await expect(promo).toHaveAttribute('aria-invalid', 'true');

    await promo.fill('welcome10');
    await promo.press('Enter');
    const result = page.getByTestId('promo-result');
    await expect(result).toContainText('WELCOME10');
    await expect(result).toContainText(text(lang, 'checkout.promoNet'));
    expect(await aed(page, 'promo-result')).toBe(net - Math.round(net / 10));
    await expect(page.getByText(text(lang, 'checkout.wrongPromo'))).toHaveCount(0);
    // Enter checked the code; it did not book.
    await expect(page).toHaveURL(/\/checkout\?/);
  });
}

for (const visit of [
  { host: 'ru', lang: 'ru', width: 430 },
  { host: 'main', lang: 'en', width: 1280 },
] satisfies Visit[]) {
  test(`a junior's checkout never mentions NET, and "Apply" only says the code applies (${label(visit)})`, async ({ page }) => {
    const { lang } = visit;
    await enter(page, visit, 'junior@desertrose.test');
    await openCheckout(page, visit, 'burj-khalifa-at-the-top');
    const netWord = lang === 'en' ? /\bNET\b/ : /НЕТТО|NET/;
    await expect(page.locator('main')).not.toContainText(netWord);
    await expect(page.getByText(text(lang, 'checkout.promoNoteJunior'))).toBeVisible();

    await page.getByLabel(text(lang, 'checkout.promoCode')).fill('WELCOME10');
    await page.getByRole('button', { name: text(lang, 'checkout.applyPromo') }).click();
    await expect(page.getByTestId('promo-result')).toHaveText(text(lang, 'checkout.promoAppliedJunior'));
    await expect(page.locator('main')).not.toContainText(netWord);
  });
}

for (const visit of [
  { host: 'main', lang: 'en', width: 1280 },
  { host: 'partner', lang: 'ru', width: 430 },
] satisfies Visit[]) {
  test(`pick-up follows the offer: none, included or optional (${label(visit)})`, async ({ page }) => {
    const { lang } = visit;
    await enter(page, visit, 'senior@desertrose.test');
    const hotel = () => page.getByLabel(text(lang, 'checkout.hotel'));

    for (const tour of ['burj-khalifa-at-the-top', 'dubai-frame']) {
      await openCheckout(page, visit, tour);
      await expect(page.getByTestId('pick-up-mode')).toHaveText(text(lang, 'checkout.pickUpNone'));
      await expect(hotel()).toHaveCount(0);
    }

    await openCheckout(page, visit, 'evening-desert-safari-bbq-dinner');
    await expect(page.getByTestId('pick-up-mode')).toHaveText(text(lang, 'checkout.pickUpIncluded'));
    await expect(hotel()).toHaveValue('');
    await expect(hotel().locator('option:checked')).toHaveText(text(lang, 'checkout.chooseHotel'));
    await expect(hotel().locator('option', { hasText: text(lang, 'checkout.noHotel') })).toHaveCount(0);
    await fillGuest(page, lang, GUEST);
    await submitButton(page, lang).click();
    const errors = page.getByTestId('error-summary');
    await expect(errors).toBeFocused();
    await errors.getByRole('link', { name: text(lang, 'checkout.hotel'), exact: true }).click();
    await expect(hotel()).toBeFocused();

    await openCheckout(page, visit, 'marina-dhow-dinner-cruise');
    await expect(page.getByTestId('pick-up-mode')).toHaveText(text(lang, 'checkout.pickUpOptional'));
    await expect(hotel()).toHaveValue('');
    await expect(hotel().locator('option:checked')).toHaveText(text(lang, 'checkout.noHotel'));
  });
}

for (const [visit, other] of [
  [{ host: 'main', lang: 'en', width: 1280 }, 'ru'],
  [{ host: 'ru', lang: 'ru', width: 430 }, 'en'],
] satisfies [Visit, Lang][]) {
  test(`switching the language in the middle of the checkout keeps what was typed (${label(visit)} → ${other})`, async ({ page }) => {
    const { lang } = visit;
    await enter(page, visit, 'senior@desertrose.test');
    const query = await openCheckout(page, visit, 'marina-dhow-dinner-cruise');
    await fillGuest(page, lang, GUEST);
    await page.getByLabel(text(lang, 'checkout.notes')).fill('Vegetarian dinner');
    await page.getByLabel(text(lang, 'checkout.hotel')).selectOption({ index: 2 });
    const hotelId = await page.getByLabel(text(lang, 'checkout.hotel')).inputValue();
    await page.getByRole('radio', { name: text(lang, 'booking.paymentMethod.cash') }).check();

    await page.locator('header select').selectOption(other);
    await expect(page.getByRole('heading', { level: 1, name: text(other, 'checkout.title') })).toBeVisible();
    expect(new URL(page.url()).search).toBe(`?${query}`);
    await expect(page.getByLabel(text(other, 'checkout.guestName'))).toHaveValue(GUEST.name);
    await expect(page.getByLabel(text(other, 'checkout.phone'))).toHaveValue(GUEST.phone);
    await expect(page.getByLabel(text(other, 'checkout.email'), { exact: true })).toHaveValue(GUEST.email);
    await expect(page.getByLabel(text(other, 'checkout.emailConfirm'))).toHaveValue(GUEST.email);
    await expect(page.getByLabel(text(other, 'checkout.notes'))).toHaveValue('Vegetarian dinner');
    await expect(page.getByLabel(text(other, 'checkout.hotel'))).toHaveValue(hotelId);
    await expect(page.getByRole('radio', { name: text(other, 'booking.paymentMethod.cash') })).toBeChecked();
  });
}
