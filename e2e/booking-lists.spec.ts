import { expect, test } from '@playwright/test';
import { BookingListPage, createRequest, openSlots, uniqueGuestTag } from './support/booking-lists';
import { SignInPage, signInAs } from './support/portal';

// The booking lists: filters narrow the list and survive a reload, sorting,
// a junior sees only its own bookings and no /bookings, and no agency sees another's rows.

const TOUR = 'burj-khalifa-at-the-top';

test.describe.configure({ timeout: 90_000 });

test('filters narrow the list, stay in the URL across a reload, sort by travel date, and a row opens its booking', async ({ page }) => {
  await signInAs(page, 'senior');
  const tag = uniqueGuestTag();
  const [early, middle, late] = await openSlots(page, TOUR, 3);
  const guests = { alpha: `${tag} Alpha`, beta: `${tag} Beta`, gamma: `${tag} Gamma` };
  // Made in an order that is neither the travel-date order nor its reverse.
  await createRequest(page, middle!, guests.alpha);
  const betaReference = await createRequest(page, early!, guests.beta);
  await createRequest(page, late!, guests.gamma);

  const list = new BookingListPage(page);
  await list.open('/bookings');
  await list.filterByGuest(tag);
  await expect(list.rows).toHaveCount(3);
  await expect(list.count).toHaveText('3 bookings');
  await expect(page.getByRole('link', { name: 'Download xlsx' })).toHaveAttribute('href', `/api/bookings/export?scope=all&guest=${tag}`);

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`\\?guest=${tag}$`));
  await expect(page.getByLabel('Guest name', { exact: true })).toHaveValue(tag);
  await expect(list.rows).toHaveCount(3);

  await list.filterByGuest(guests.beta);
  await expect(list.rows).toHaveCount(1);
  await expect(list.count).toHaveText('1 booking');
  await page.reload();
  await expect(list.rows).toHaveCount(1);
  await expect(list.rows.first()).toContainText(guests.beta);

  // Sorting keeps the filter; the header says which way the list is sorted.
  await list.filterByGuest(tag);
  await list.sortBy('Travel date');
  await expect(page).toHaveURL(/sort=tourDate&dir=asc/);
  await expect(list.columnHeader('Travel date')).toHaveAttribute('aria-sort', 'ascending');
  await expect(list.rows).toHaveCount(3);
  expect(await list.guestsInOrder(Object.values(guests))).toEqual([guests.beta, guests.alpha, guests.gamma]);
  await list.sortBy('Travel date');
  await expect(list.columnHeader('Travel date')).toHaveAttribute('aria-sort', 'descending');
  // Descending is the default direction, so the URL leaves it out.
  await expect(page).toHaveURL(new RegExp(`\\?guest=${tag}&sort=tourDate$`));
  expect(await list.guestsInOrder(Object.values(guests))).toEqual([guests.gamma, guests.alpha, guests.beta]);
  await page.reload();
  expect(await list.guestsInOrder(Object.values(guests))).toEqual([guests.gamma, guests.alpha, guests.beta]);

  // A status the requests do not have narrows the list to nothing; clearing shows them again.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Completed' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(list.count).toHaveText('No bookings');
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear', exact: true }).click();
  await expect(page).toHaveURL(/\/bookings$/);

  // Every row opens its booking.
  await list.open('/requests', `?guest=${encodeURIComponent(guests.beta)}`);
  await expect(list.rows).toHaveCount(1);
  await list.rows.first().getByRole('link', { name: betaReference }).click();
  await expect(page.getByRole('heading', { name: `Booking ${betaReference}` })).toBeVisible();
});

test('a junior agent sees only its own bookings and is refused the all-bookings page', async ({ page, browser }) => {
  const tag = uniqueGuestTag();
  const seniorContext = await browser.newContext();
  const senior = await seniorContext.newPage();
  await signInAs(senior, 'senior');
  const [slot] = await openSlots(senior, TOUR, 1);
  await createRequest(senior, slot!, `${tag} Senior`);
  await seniorContext.close();

  await signInAs(page, 'junior');
  const ownReference = await createRequest(page, slot!, `${tag} Junior`);
  const list = new BookingListPage(page);
  for (const path of ['/my-bookings', '/requests'] as const) {
    await list.open(path, `?guest=${tag}`);
    await expect(list.rows).toHaveCount(1);
    await expect(list.rows.first()).toContainText(ownReference);
    await expect(list.rows.first()).toContainText(`${tag} Junior`);
    // A junior sees no NET rates and no agent filter.
    await expect(page.getByRole('columnheader', { name: 'NET' })).toHaveCount(0);
    await expect(page.getByLabel('Agent', { exact: true })).toHaveCount(0);
  }

  for (const query of ['', `?guest=${tag}`]) {
    await page.goto(`/bookings${query}`);
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByText('403')).toBeVisible();
  }
});

test('an agency never sees another agency’s bookings, by reference, guest, agent or direct URL', async ({ page, browser }) => {
  const tag = uniqueGuestTag();
  const desertRose = await browser.newContext();
  const owner = await desertRose.newPage();
  await signInAs(owner, 'senior');
  const [slot] = await openSlots(owner, TOUR, 1);
  const reference = await createRequest(owner, slot!, `${tag} Private`);
  const ownerList = new BookingListPage(owner);
  await ownerList.open('/bookings', `?reference=${reference}`);
  await expect(ownerList.rows).toHaveCount(1);
  const agentId = await owner.getByLabel('Agent', { exact: true }).locator('option:not([value=""])').first().getAttribute('value');
  expect(agentId).toMatch(/^[0-9a-f-]{36}$/);
  await desertRose.close();

  const signIn = new SignInPage(page);
  await signIn.open();
  await signIn.signIn('senior@gulfhorizons.test');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // Another agency's booking is not found, like one that does not exist (with a way back).
  const response = await page.goto(`/my-bookings/${reference}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
  // It names the reference asked for, and keeps it in the search by reference.
  await expect(page.getByTestId('booking-not-found-text')).toContainText(`no booking ${reference} among`);
  await expect(page.getByRole('search', { name: 'Find booking' }).getByLabel('Booking reference')).toHaveValue(reference);

  const list = new BookingListPage(page);
  for (const path of ['/bookings', '/my-bookings', '/requests'] as const) {
    for (const query of [`?reference=${reference}`, `?guest=${tag}`, `?agent=${agentId}`]) {
      await list.open(path, query);
      await expect(list.count, `${path}${query}`).toHaveText('No bookings');
      await expect(list.rows).toHaveCount(0);
    }
    await list.open(path);
    await expect(page.getByText(reference)).toHaveCount(0);
  }
});
