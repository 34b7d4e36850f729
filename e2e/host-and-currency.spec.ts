import { expect, type Locator, type Page, test } from '@playwright/test';
import { BookingPicker } from './support/booking';
import { DEMO_PASSWORD, type DemoRole, demoEmail, PORT } from './support/portal';

// The host and the display currency survive a redirect, and the tour page names each offer's terms: what a server action's redirect renders keeps the host's
// variant, language and currency; the refund figures shown add up to the cent; each offer on the
// tour page says its cancellation policy and pick-up.

test.describe.configure({ timeout: 90_000 });

type Site = {
  name: 'main' | 'partner' | 'russian';
  origin: string;
  email: string;
  telegram: string | null;
  logo: string;
};

const SITES: Record<Site['name'], Site> = {
  main: { name: 'main', origin: `http://localhost:${PORT}`, email: 'b2b@traveldesk.test', telegram: 'https://t.me/traveldesk_b2b', logo: '/brand/traveldesk-logo.svg' },
  partner: { name: 'partner', origin: `http://partner.localhost:${PORT}`, email: 'partners@traveldesk.test', telegram: null, logo: '/brand/partner-logo.svg' },
  russian: { name: 'russian', origin: `http://ru.localhost:${PORT}`, email: 'ru@traveldesk.test', telegram: 'https://t.me/traveldesk_ru', logo: '/brand/traveldesk-logo.svg' },
};

type Language = 'en' | 'ru';

const LABELS = {
  en: {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    available: 'available',
    nextMonth: 'Next month',
    checkAvailability: 'Check availability',
    continue: 'Continue to checkout',
    guestName: 'Guest name',
    phone: 'Phone',
    emailAgain: 'Repeat the e-mail',
    balance: 'Account balance',
    bookNow: 'Book now',
    confirmed: 'Booking confirmed',
    currency: 'Currency',
  },
  ru: {
    email: 'Эл. почта',
    password: 'Пароль',
    signIn: 'Войти',
    available: 'есть места',
    nextMonth: 'Следующий месяц',
    checkAvailability: 'Проверить наличие',
    continue: 'Перейти к оформлению',
    guestName: 'Имя гостя',
    phone: 'Телефон',
    emailAgain: 'Повторите эл. почту',
    balance: 'С баланса агентства',
    bookNow: 'Забронировать',
    confirmed: 'Бронирование подтверждено',
    currency: 'Валюта',
  },
} as const;

const GUEST = { name: 'Anna Petrova', phone: '+971 50 111 2233', email: 'anna.petrova@example.test' };

const prefix = (language: Language) => (language === 'ru' ? '/ru' : '');

function checkedCurrency(page: Page, language: Language): Locator {
  return page.getByRole('radiogroup', { name: LABELS[language].currency }).getByRole('radio', { checked: true });
}

/** The shell of `site`: its logo, its footer e-mail, its Telegram link or none, in `language`. */
async function expectShellOf(page: Page, site: Site, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('footer').locator(`a[href="mailto:${site.email}"]`)).toBeVisible();
  await expect(page.locator('header').locator(`img[src="${site.logo}"]`).first()).toBeAttached();
  if (site.telegram) await expect(page.getByTestId('telegram-link')).toHaveAttribute('href', site.telegram);
  else await expect(page.locator('a[href*="t.me/"]')).toHaveCount(0);
}

async function signIn(page: Page, site: Site, language: Language, callbackPath: string, role: DemoRole = 'senior') {
  const labels = LABELS[language];
  await page.goto(`${site.origin}${prefix(language)}/sign-in?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel(labels.email).fill(demoEmail(role));
  await page.getByLabel(labels.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
  await expect(page).toHaveURL(`${site.origin}${callbackPath}`, { timeout: 30_000 });
}

/** From the tour page's picker (first open day next month, first time) through a balance checkout to the confirmation. */
async function book(page: Page, site: Site, language: Language, offerIndex: number): Promise<string> {
  const labels = LABELS[language];
  const picker = new BookingPicker(page.getByTestId('offer').nth(offerIndex));
  await picker.open(labels.checkAvailability);
  await picker.showNextMonth(labels.nextMonth);
  await picker.pickFirstOpenDay({ available: labels.available, nextMonth: labels.nextMonth });
  await picker.pickFirstOpenTime();
  await picker.continueLink(labels.continue).click();
  await expect(page).toHaveURL(new RegExp(`^${site.origin}${prefix(language)}/checkout\\?`));

  await page.getByLabel(labels.guestName).fill(GUEST.name);
  await page.getByLabel(labels.phone).fill(GUEST.phone);
  await page.getByLabel(labels.email, { exact: true }).fill(GUEST.email);
  await page.getByLabel(labels.emailAgain).fill(GUEST.email);
  await page.getByRole('radio', { name: labels.balance }).check();
  await page.getByRole('button', { name: labels.bookNow, exact: true }).click();
  await expect(page.getByRole('heading', { name: labels.confirmed })).toBeVisible({ timeout: 30_000 });
  return (await page.getByTestId('booking-reference').innerText()).trim();
}

/** Minor units from a shown amount in either language: "USD 849.32", "849,32 USD". */
function minorOf(text: string): number {
  const amount = text.replace(/\s/g, '').match(/(\d[\d,.]*\d)/)?.[1];
  if (!amount) throw new Error(`No amount in "${text}"`);
  const [whole = '', fraction = ''] = amount.split(/[.,](?=\d{2}$)/);
  return Number(whole.replace(/[^\d]/g, '')) * 100 + Number(fraction || 0);
}

for (const { site, language, width } of [
  { site: SITES.partner, language: 'en' as const, width: 430 },
  { site: SITES.russian, language: 'ru' as const, width: 1280 },
]) {
  test(`booking on ${site.name} with USD chosen keeps its brand, language and currency right after the redirect (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const tourPath = `${prefix(language)}/tour/burj-khalifa-at-the-top`;
    await signIn(page, site, language, tourPath);
    // Right after the sign-in action's redirect, before any reload.
    await expectShellOf(page, site, language);
    await page.getByRole('radio', { name: 'USD' }).click();
    await expect(checkedCurrency(page, language)).toHaveText('USD');

    const reference = await book(page, site, language, 0);
    expect(reference).toMatch(/^TD-[A-Z2-9]{7}$/);
    await expect(page).toHaveURL(`${site.origin}${prefix(language)}/checkout/confirmation/${reference}`);
    await expectShellOf(page, site, language);
    await expect(checkedCurrency(page, language)).toHaveText('USD');
    for (const price of await page.locator('main [data-price-aed]').all()) await expect(price).toContainText('USD');
  });
}

test('the Russian booking page shows a refund that is what was paid less the fee, to the cent, and keeps the host after cancelling', async ({ page }) => {
  const site = SITES.russian;
  // The private speedboat (3,100.00 AED NET, 24 h policy): converted one by one, 849.32 − 21.23 showed 828.08.
  const tourPath = '/ru/tour/speedboat-tour-dubai-marina';
  await signIn(page, site, 'ru', tourPath);
  await page.getByRole('radio', { name: 'USD' }).click();
  const reference = await book(page, site, 'ru', 1);

  await page.goto(`${site.origin}/ru/my-bookings/${reference}`);
  const panel = page.getByRole('region', { name: 'Отмена бронирования' });
  const figure = async (label: string) => minorOf(await panel.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]').innerText());
  await expect(panel.getByText('Оплачено с баланса', { exact: true }).locator('xpath=following-sibling::dd[1]')).toContainText('USD');
  const paid = await figure('Оплачено с баланса');
  const gross = await figure('Возврат до вычета сбора');
  const fee = await figure('Сбор за обработку');
  const refund = await figure('Вернётся на баланс');
  expect(paid).toBe(84_932);
  expect(gross).toBe(paid);
  expect(refund).toBe(gross - fee);

  await panel.getByText('Отменить бронирование', { exact: true }).click();
  await panel.getByRole('button', { name: 'Подтвердить отмену' }).click();
  await expect(page.getByText('Бронирование отменено.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(`${site.origin}/ru/my-bookings/${reference}?cancelled=1`);
  await expectShellOf(page, site, 'ru');
  await expect(checkedCurrency(page, 'ru')).toHaveText('USD');
  // The cancelled booking tells the same figures: what came back is what was paid less the fee.
  const cancellation = page.getByRole('region', { name: 'Отмена', exact: true });
  const cancelled = async (label: string) =>
    minorOf(await cancellation.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]').innerText());
  expect(await cancelled('Сбор за обработку')).toBe(fee);
  expect(await cancelled('Возврат на баланс')).toBe(paid - fee);
});

test('signing out everywhere on partner.localhost lands on its own home, not the main brand', async ({ page }) => {
  const site = SITES.partner;
  // The admin: ending every session of the senior would sign out the tests booking beside this one.
  await signIn(page, site, 'en', '/my-account', 'admin');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(`${site.origin}/`);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expectShellOf(page, site, 'en');
  await expect(page.getByText('About Traveldesk Partners')).toBeVisible();
});

const POLICY_TEXT = {
  en: {
    nonRefundable: 'Non-refundable',
    refund24h: 'Full refund up to 24 hours before the start',
    refundLine: 'Cancelled more than 24 hours before the start: 100% refund',
    meet: 'Meet at the venue',
    included: 'Hotel pick-up included',
  },
  ru: {
    nonRefundable: 'Невозвратный тариф',
    refund24h: 'Полный возврат не позднее чем за 24 часа до начала',
    refundLine: 'Отмена более чем за 24 часа до начала — возврат 100\u00a0%',
    meet: 'Встреча на месте',
    included: 'Трансфер из отеля включён',
  },
} as const;

for (const { site, language, width } of [
  { site: SITES.main, language: 'en' as const, width: 1280 },
  { site: SITES.main, language: 'ru' as const, width: 430 },
  { site: SITES.partner, language: 'en' as const, width: 430 },
  { site: SITES.partner, language: 'ru' as const, width: 1280 },
  { site: SITES.russian, language: 'ru' as const, width: 430 },
  { site: SITES.russian, language: 'en' as const, width: 1280 },
]) {
  test(`each offer on the tour page says its cancellation policy and pick-up (${site.name}, ${language}, ${width} px)`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: 900 });
    // English on the Russian domain is the visitor's choice, kept in the locale cookie.
    if (language === 'en') await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: site.origin }]);
    const text = POLICY_TEXT[language];

    await page.goto(`${site.origin}${prefix(language)}/tour/burj-khalifa-at-the-top`);
    const tickets = page.getByTestId('offer');
    await expect(tickets.first()).toBeVisible();
    for (const offer of await tickets.all()) {
      await expect(offer.getByTestId('offer-policy')).toContainText(text.nonRefundable);
      await expect(offer.getByTestId('offer-pick-up')).toHaveText(text.meet);
    }

    await page.goto(`${site.origin}${prefix(language)}/tour/evening-desert-safari-bbq-dinner`);
    const safari = page.getByTestId('offer');
    await expect(safari.first()).toBeVisible();
    for (const offer of await safari.all()) {
      await expect(offer.getByTestId('offer-policy')).toContainText(text.refund24h);
      await expect(offer.getByTestId('offer-pick-up')).toHaveText(text.included);
    }
    // The policy's lines open under it, from the keyboard too.
    const policy = safari.first().getByTestId('offer-policy');
    await expect(policy.getByText(text.refundLine)).toBeHidden();
    await policy.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(policy.getByText(text.refundLine)).toBeVisible();
    // Fits the width: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
