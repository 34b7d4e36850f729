import { expect, type Page, test } from '@playwright/test';
import { uniqueName } from './support/guest-name';
import { OPERATOR, signInAsStaff } from './support/ops';
import { DEMO_PASSWORD } from './support/portal';
import { ENGINE_SENSITIVE } from './support/engine';

// The requests queue: an agent's request is found oldest-first in the console, quoted,
// confirmed and paid by card ("Pay now"); another is declined with a reason the agent sees.
// Desert Rose's senior agent, paying by card so no balance moves.

const TOUR = 'evening-desert-safari-bbq-dinner';

async function signInAgent(page: Page) {
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(`/tour/${TOUR}`)}`);
  await page.locator('input[name="email"]').fill('senior@desertrose.test');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/tour/${TOUR}`), { timeout: 30_000 });
}

/** Books the tour's first offer "with an agent" (a request) and returns its reference. */
async function sendRequest(page: Page, daysAhead: number): Promise<{ reference: string; date: string }> {
  await page.goto(`/tour/${TOUR}`);
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  const from = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + (daysAhead + 30) * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.get(`/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${from}&to=${to}`);
  const { days } = (await response.json()) as { days: { date: string; slots: { time: string; pastCutOff: boolean; left: number }[] }[] };
  const day = days.find((candidate) => candidate.slots.some((slot) => !slot.pastCutOff && slot.left > 1))!;
  const time = day.slots.find((slot) => !slot.pastCutOff && slot.left > 1)!.time;
  await page.goto(`/checkout?${new URLSearchParams({ offer: offerId!, date: day.date, time, adults: '1' })}`);
  await page.locator('input[name="guestName"]').fill(`Rita ${uniqueName()}`);
  await page.locator('input[name="guestPhone"]').fill('+971 50 123 4567');
  await page.locator('input[name="guestEmail"]').fill('requests.guest@example.test');
  await page.locator('input[name="guestEmailConfirm"]').fill('requests.guest@example.test');
  const hotel = page.locator('select[name="hotelId"]');
  if ((await hotel.count()) > 0) await hotel.selectOption((await hotel.locator('option:not([value=""])').first().getAttribute('value'))!);
  await page.getByRole('radio', { name: 'Book with an agent (request)' }).check();
  await page.getByRole('button', { name: 'Send the request' }).click();
  await page.waitForURL(/TD-[A-Z2-9]{7}/, { timeout: 30_000 });
  return { reference: /TD-[A-Z2-9]{7}/.exec(page.url())![0], date: day.date };
}

// Staff sign-in may wait for a fresh authenticator step (up to 30 s) more than once.
test.describe.configure({ timeout: 180_000 });

test('a request is quoted and confirmed in the console, then paid with Pay now; another is declined with a reason', ENGINE_SENSITIVE, async ({ page, browser }) => {
  await signInAgent(page);
  const first = await sendRequest(page, 20);
  const second = await sendRequest(page, 21);
  const [paid, declined] = [first.reference, second.reference];

  const context = await browser.newContext();
  const ops = await context.newPage();
  await signInAsStaff(ops, OPERATOR, { path: '/ops/requests' });
  // Narrowed to their tour days: the other specs' open requests would push them past the first page.
  const [from, to] = [first.date, second.date].sort();
  await ops.goto(`/ops/requests?from=${from}&to=${to}`);
  // Oldest first: the first request comes before the second.
  const references = await ops.getByTestId('ops-request-row').locator('td:first-child').allInnerTexts();
  expect(references.indexOf(paid)).toBeGreaterThanOrEqual(0);
  expect(references.indexOf(paid)).toBeLessThan(references.indexOf(declined));

  await ops.getByRole('link', { name: paid }).click();
  const quote = ops.getByRole('region', { name: 'Quote a price' });
  await quote.getByLabel('B2B total, AED').fill('0');
  await quote.getByRole('button', { name: 'Save the quote' }).click();
  await expect(quote.getByText('Enter an amount in AED greater than 0, e.g. 1250.50.')).toBeVisible();
  await quote.getByLabel('B2B total, AED').fill('321.50');
  await quote.getByLabel('Retail total, AED').fill('400');
  await quote.getByRole('button', { name: 'Save the quote' }).click();
  await expect(ops.getByText('Quote saved; the agent has been told.')).toBeVisible();
  await expect(ops.getByTestId('ops-request-detail')).toContainText('AED 321.50');
  const confirm = ops.getByRole('region', { name: 'Confirm' });
  await confirm.getByLabel('Payment').selectOption('agent');
  await confirm.getByRole('button', { name: 'Confirm the request' }).click();
  await expect(ops.getByTestId('ops-request-detail')).toContainText('Payment required');
  // The console in Russian: the portal's date format, people counted with plurals, Russian amounts.
  await ops.goto(`/ru/ops/requests/${paid}`);
  const russian = ops.getByTestId('ops-request-detail');
  await expect(russian).toContainText('1 взрослый');
  await expect(russian).toContainText(/\d{2} [а-я]{3,5}\.?, \d{2}/);
  await expect(russian).toContainText('321,50 AED');

  await ops.goto(`/ops/requests/${declined}`);
  const decline = ops.getByRole('region', { name: 'Decline' });
  await decline.getByLabel('Reason the agent sees').fill('The camp is closed that night');
  await decline.getByRole('button', { name: 'Decline the request' }).click();
  await expect(ops.getByTestId('ops-request-detail')).toContainText('Cancelled');
  await context.close();

  await page.goto(`/my-bookings/${declined}`);
  await expect(page.getByTestId('decline-reason')).toHaveText('The camp is closed that night');

  // The confirmed request stays under Requests, with its new status.
  await page.goto(`/requests?reference=${paid}`);
  await expect(page.getByTestId('booking-row').filter({ hasText: paid })).toContainText('Payment required');

  await page.goto(`/my-bookings/${paid}#pay-now`);
  await expect(page.getByText('321.50').first()).toBeVisible();
  const payNow = page.getByTestId('pay-now');
  await expect(payNow).toBeVisible();
  await payNow.getByTestId('pay-now-card').click();
  await payNow.getByRole('button', { name: /^Pay AED [\d,.]+$/ }).click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(new RegExp(`/checkout/confirmation/${paid}$`), { timeout: 30_000 });
});
