import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';

export type ListPath = '/bookings' | '/my-bookings' | '/requests';

/** A name no other test (or run) uses: letters only, as guest names must be. */
export function uniqueGuestTag(): string {
  return `Lst${randomUUID()
    .replace(/[^0-9a-f]/g, '')
    .slice(0, 10)
    .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;
}

export type Slot = { offerId: string; date: string; time: string };

/** Open departures of a tour's first offer on distinct days of the next two months, as the picker sees them. */
export async function openSlots(page: Page, tourSlug: string, days: number): Promise<Slot[]> {
  await page.goto(`/tour/${tourSlug}`);
  const offerId = await page.getByTestId('offer').first().getAttribute('data-offer-id');
  expect(offerId).toBeTruthy();
  const from = new Date(Date.now() + 2 * 86_400_000);
  const to = new Date(from.getTime() + 60 * 86_400_000);
  const response = await page.request.get(`/api/v1/b2b/availability/ByOffer?id=${offerId}&from=${isoDate(from)}&to=${isoDate(to)}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { days: { date: string; slots: { time: string; pastCutOff: boolean }[] }[] };
  const slots = body.days
    .map((day) => ({ date: day.date, slot: day.slots.find((slot) => !slot.pastCutOff) }))
    .filter((day): day is { date: string; slot: { time: string; pastCutOff: boolean } } => day.slot !== undefined)
    .map((day) => ({ offerId: offerId!, date: day.date, time: day.slot.time }));
  expect(slots.length).toBeGreaterThanOrEqual(days);
  // Spread over the range, so travel dates differ clearly.
  const step = Math.floor(slots.length / days);
  return Array.from({ length: days }, (_, index) => slots[index * step]!);
}

/**
 * Books through spec §7's POST /b2b/bookings as the signed-in agent of `page`: a quotation
 * request, which holds no stock and costs no balance, so parallel specs are not disturbed.
 */
export async function createRequest(page: Page, slot: Slot, guestName: string): Promise<string> {
  return postBooking(page, slot, guestName, 'request');
}

/** A confirmed cash booking (no balance taken) through spec §7's POST /b2b/bookings, as the signed-in agent. */
export async function createCashBooking(page: Page, slot: Slot, guestName: string): Promise<string> {
  return postBooking(page, slot, guestName, 'cash');
}

async function postBooking(page: Page, slot: Slot, guestName: string, paymentMethod: 'request' | 'cash'): Promise<string> {
  const response = await page.request.post('/api/v1/b2b/bookings', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      offerId: slot.offerId,
      date: slot.date,
      time: slot.time,
      adults: 1,
      guestName,
      guestPhone: '+971 50 123 4567',
      guestEmail: 'lists.guest@example.test',
      guestEmailConfirm: 'lists.guest@example.test',
      paymentMethod,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  return reference;
}

/** A booking list page (/bookings, /my-bookings, /requests), as an agent uses it. */
export class BookingListPage {
  readonly rows: Locator;
  readonly count: Locator;

  constructor(private readonly page: Page) {
    this.rows = page.getByTestId('booking-row');
    this.count = page.getByTestId('booking-count');
  }

  async open(path: ListPath, query = '') {
    await this.page.goto(`${path}${query}`);
    await expect(this.page.getByRole('form', { name: 'Filters' })).toBeVisible();
  }

  async filterByGuest(guest: string) {
    await this.page.getByLabel('Guest name', { exact: true }).fill(guest);
    await this.page.getByRole('button', { name: 'Apply' }).click();
    // Anchored at the value's end: "Tag" must not match the previous "Tag Beta" before navigating.
    await expect(this.page).toHaveURL(new RegExp(`[?&]guest=${encodeURIComponent(guest).replace(/%20/g, '(\\+|%20)')}(&|$)`));
  }

  async sortBy(column: string) {
    await this.page.getByRole('columnheader', { name: column }).getByRole('link').click();
  }

  columnHeader(column: string): Locator {
    return this.page.getByRole('columnheader', { name: column });
  }

  /** The rows' guests, in the list's order, as the given names that occur in them. */
  async guestsInOrder(names: string[]): Promise<string[]> {
    const texts = await this.rows.allInnerTexts();
    return texts.map((text) => names.find((name) => text.includes(name)) ?? '?');
  }
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
