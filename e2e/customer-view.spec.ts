import { expect, type Page, test } from '@playwright/test';
import { BookingPicker } from './support/booking';
import { createCashBooking, createRequest, openSlots, uniqueGuestTag } from './support/booking-lists';
import { signInAs } from './support/portal';

// Customer view: with the header's switch on, no NET amount is anywhere in the DOM (the HTML and
// the data the page carries for its islands) of the tour page with its picker open, the checkout,
// the bookings list and the booking page; the money pages say they are hidden; the switch
// survives a reload and, turned off by keyboard, brings the NET back. At a phone's and a
// desktop's width, in English and Russian.

const TOUR = 'burj-khalifa-at-the-top';
const AED_PER_USD = 3.65;

const TEXTS = {
  en: {
    prefix: '',
    switchName: 'Customer view',
    hidden: 'Hidden in customer view',
    check: 'Check availability',
    calendar: { available: 'available', nextMonth: 'Next month' },
  },
  ru: {
    prefix: '/ru',
    switchName: 'Режим клиента',
    hidden: 'Скрыто в режиме клиента',
    check: 'Проверить наличие',
    calendar: { available: 'есть места', nextMonth: 'Следующий месяц' },
  },
} as const;

const CASES = [
  { width: 430, height: 932, locale: 'en' },
  { width: 1280, height: 900, locale: 'en' },
  { width: 430, height: 932, locale: 'ru' },
  { width: 1280, height: 900, locale: 'ru' },
] as const;

test.describe.configure({ timeout: 120_000 });

type OfferPrices = { adult: number | null; child: number | null; trip: number | null };

/**
 * Every way a page could show an amount of AED fils: in AED or US dollars, formatted for either
 * language with or without its currency ("AED 1,234.00", "1 234,00"), plain ("1234.00"), and as
 * minor units in an attribute or in the islands' data (`"netTotalMinor":123400`).
 */
function renderings(fils: number): RegExp[] {
  const patterns: RegExp[] = [];
  for (const minor of new Set([fils, Math.round(fils / AED_PER_USD)])) {
    const numbers = new Set<string>([(minor / 100).toFixed(2), (minor / 100).toFixed(2).replace('.', ',')]);
    for (const locale of ['en-AE', 'ru-RU']) {
      numbers.add(normalize(new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)));
    }
    // Not part of a longer number: "150.00" is not in "1,150.00" nor in "1 150,00".
    for (const number of numbers) patterns.push(new RegExp(`(?<![\\d.,]|\\d )${escape(number)}(?!\\d)`));
    patterns.push(new RegExp(`(?:[:=]\\s*\\\\?"?)${minor}(?![\\d.])`));
  }
  return patterns;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every kind of space a formatter or the serializer may use, as one plain space. */
function normalize(text: string): string {
  return text.replace(/&nbsp;|&#160;|[\u00a0\u202f\u2009]/g, ' ');
}

/** The NET amounts found in the page's DOM, with where they were. */
async function netFound(page: Page, amounts: ReadonlyMap<string, number>): Promise<string[]> {
  const html = normalize(await page.content());
  const found: string[] = [];
  for (const [name, fils] of amounts) {
    for (const pattern of renderings(fils)) {
      const match = pattern.exec(html);
      if (match) found.push(`${name} (${fils} fils) as ${pattern}: …${html.slice(Math.max(0, match.index - 80), match.index + 40)}…`);
    }
  }
  return found;
}

async function expectNoNet(page: Page, amounts: ReadonlyMap<string, number>, where: string) {
  await page.waitForLoadState('networkidle');
  expect(await netFound(page, amounts), `NET amounts on ${where}`).toEqual([]);
}

for (const { width, height, locale } of CASES) {
  const texts = TEXTS[locale];
  const path = (to: string) => `${texts.prefix}${to}`;

  test(`hides every NET amount on the agent's pages at ${width} px in ${locale}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signInAs(page, 'senior', '/');

    // The NET amounts first, with the view off: the tour's b2b rates, and a request booking's NET
    // total (a request holds no stock and costs no balance), which the checkout of the same
    // selection shows too.
    const [slot, saleSlot] = await openSlots(page, TOUR, 2);
    const details = (await (await page.request.get(`/api/catalog/tours/${TOUR}/agent-details`)).json()) as { b2b: { offerId: string; prices: OfferPrices }[] };
    expect(details.b2b.length).toBeGreaterThan(0);
    const reference = await createRequest(page, slot!, `Guest ${uniqueGuestTag()}`);
    const booking = (await (await page.request.get(`/api/v1/b2b/bookings/${reference}`)).json()) as { netTotalMinor: number; publishedTotalMinor: number };
    expect(booking.netTotalMinor).toBeGreaterThan(0);
    const net = new Map<string, number>([['booking NET total', booking.netTotalMinor]]);
    for (const { offerId, prices } of details.b2b) {
      for (const [kind, fils] of Object.entries(prices)) if (fils !== null) net.set(`NET ${kind} of offer ${offerId}`, fils);
    }
    // A NET that equals a retail amount shown beside it could not be told apart: there is none in the demo data.
    expect([...net.values()]).not.toContain(booking.publishedTotalMinor);

    // The detector itself: the booking page shows the NET while the view is off.
    await page.goto(path(`/my-bookings/${reference}`));
    expect(await netFound(page, new Map([['booking NET total', booking.netTotalMinor]]))).not.toEqual([]);
    // A confirmed sale offers its invoice, a document at NET prices, while the view is off.
    const sale = await createCashBooking(page, saleSlot!, `Guest ${uniqueGuestTag()}`);
    const invoiceLink = page.getByTestId('booking-documents').locator('a[href$="/documents/invoice"]');
    await page.goto(path(`/my-bookings/${sale}`));
    await expect(invoiceLink).toHaveCount(1);

    // The switch, in the header of a static page (the tour page), with its state read out.
    await page.goto(path(`/tour/${TOUR}`));
    const viewSwitch = page.getByRole('switch', { name: texts.switchName });
    await expect(viewSwitch).toHaveAttribute('aria-checked', 'false');
    await viewSwitch.click();
    await expect(viewSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(viewSwitch).toHaveAttribute('aria-busy', 'false');
    const box = await viewSwitch.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);

    // The tour page with a day and time picked: retail prices only.
    await expect(page.getByTestId('agent-rate')).toHaveCount(0);
    const picker = new BookingPicker(page.getByTestId('offer').first());
    await picker.open(texts.check);
    await picker.pickFirstOpenDay(texts.calendar);
    await picker.pickFirstOpenTime();
    await expectNoNet(page, net, 'the tour page');

    // The checkout of the booked selection: the published rate, no NET, no funds.
    await page.goto(path(`/checkout?offer=${slot!.offerId}&date=${slot!.date}&time=${encodeURIComponent(slot!.time)}&adults=1`));
    await expect(page.getByTestId('booking-summary')).toBeVisible();
    await expect(page.getByTestId('net-total')).toHaveCount(0);
    await expect(page.getByTestId('available-funds')).toHaveCount(0);
    await expectNoNet(page, net, 'the checkout');

    // The bookings list (found by reference) and the booking page.
    await page.goto(path(`/bookings?reference=${reference}`));
    await expect(page.getByRole('link', { name: reference }).first()).toBeVisible();
    await expectNoNet(page, net, 'the bookings list');
    await page.goto(path(`/my-bookings/${reference}`));
    await expect(page.getByText(reference).first()).toBeVisible();
    await expectNoNet(page, net, 'the booking page');
    // The API read by the same browser leaves the NET out too.
    expect(((await (await page.request.get(`/api/v1/b2b/bookings/${reference}`)).json()) as { netTotalMinor: number | null }).netTotalMinor).toBeNull();
    await expect(page.getByTestId('header-balance')).toHaveCount(0);
    // The sale's guest documents stay; its invoice does not.
    await page.goto(path(`/my-bookings/${sale}`));
    await expect(page.getByTestId('booking-documents').getByRole('link').first()).toBeVisible();
    await expect(invoiceLink).toHaveCount(0);

    // The dashboard keeps its booking blocks, without the agency's money or the commission charts.
    await page.goto(path('/dashboard'));
    await expect(page.getByTestId('dashboard-recent')).toBeVisible();
    await expect(page.getByTestId('dashboard-money')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-charts')).toHaveCount(0);
    await expectNoNet(page, net, 'the dashboard');

    // Pages about the agency's money say they are hidden, and show none of it.
    for (const moneyPage of ['/balance', '/my-commissions', '/top-up', '/quotes']) {
      await page.goto(path(moneyPage));
      await expect(page.getByTestId('customer-view-hidden')).toContainText(texts.hidden);
    }

    // Remembered on this device: after a reload the view is still on, and the NET still absent.
    await page.goto(path(`/my-bookings/${reference}`));
    await page.reload();
    await expect(viewSwitch).toHaveAttribute('aria-checked', 'true');
    await expectNoNet(page, net, 'the booking page after a reload');

    // Off again, by keyboard: the NET is back on the same page.
    await viewSwitch.focus();
    await page.keyboard.press('Space');
    await expect(viewSwitch).toHaveAttribute('aria-checked', 'false');
    await expect.poll(async () => (await netFound(page, new Map([['booking NET total', booking.netTotalMinor]]))).length).toBeGreaterThan(0);
  });
}

test('offers no switch to a visitor', async ({ page }) => {
  await page.goto(`/tour/${TOUR}`);
  await expect(page.getByTestId('offer').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('customer-view-switch')).toHaveCount(0);
});
