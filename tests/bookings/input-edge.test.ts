import crypto from 'node:crypto';
import type { Principal } from '@/server/auth/principal';
import { checkoutSchema } from '@/shared/bookings/checkout-schema';
import { createBooking } from '@/server/bookings/create-booking';
import { listBookings } from '@/server/bookings/list-queries';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { loadBookingDetail, loadBookingDocument } from '@/server/bookings/queries';
import type { Database } from '@/server/db/connection';
import { addDays, countBookings, DESERT_ROSE, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Hostile input: a NUL byte (which PostgreSQL refuses in text) or an absurd date in what
// an agent types or puts in a URL is refused at the edge, never sent to the database.

let database: TestDatabase;
let senior: Principal;
const now = new Date('2026-11-21T08:00:00Z');
const tourDate = addDays('2026-11-21', 10);
let form: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  senior = await principalFor(db, 'senior@desertrose.test');
  const offer = await findOffer(db, 'shared');
  const slot = await prepareSlot(db, offer.id, tourDate, { left: 50 });
  form = {
    offerId: offer.id,
    date: tourDate,
    time: slot.startTime ?? '',
    adults: '1',
    children: '0',
    infants: '0',
    guestName: 'Test Guest',
    guestPhone: '+971 50 000 0000',
    guestEmail: 'guest@example.test',
    guestEmailConfirm: 'guest@example.test',
    hotelId: '',
    room: '',
    notes: '',
    promoCode: '',
    paymentMethod: 'cash',
  };
});
afterAll(() => database.dispose());

/** What the checkout action and `POST /api/v1/b2b/bookings` do: parse the form, then book only what parsed. */
async function submitCheckout(values: Record<string, string>) {
  const parsed = checkoutSchema.safeParse({ ...form, idempotencyKey: crypto.randomUUID(), ...values });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { ok: false as const, fieldErrors };
  }
  return { ok: true as const, booked: await createBooking(database.db, senior, parsed.data, { locale: 'en', now }) };
}

describe('checkout input', () => {
  it.each([
    ['notes', 'Late pick-up\u0000please'],
    ['promoCode', 'WELCOME10\u0000'],
    ['room', '12\u00004'],
    ['guestName', 'Test\u0000Guest'],
  ])('refuses a NUL byte in %s with the field’s message, and books nothing', async (field, value) => {
    const before = await countBookings(database.db, DESERT_ROSE);
    const result = await submitCheckout({ [field]: value });
    expect(result).toEqual({ ok: false, fieldErrors: { [field]: 'errors.controlCharacters' } });
    expect(await countBookings(database.db, DESERT_ROSE)).toBe(before);
  });

  it('keeps line breaks and tabs in the notes, which an API client may send', async () => {
    const result = await submitCheckout({ notes: 'Line one\r\nLine two\twith a tab' });
    expect(result.ok).toBe(true);
  });

  it('refuses a travel date outside the calendar the portal sells', async () => {
    for (const date of ['9999-12-31', '0000-01-01', '2026-02-30']) {
      expect(await submitCheckout({ date })).toEqual({ ok: false, fieldErrors: { date: 'checkout.errors.date' } });
    }
  });
});

describe('booking list filters', () => {
  it.each([
    ['guest', 'Senior\u0000'],
    ['reference', 'TD-\u0000'],
    ['bookedFrom', '0000-01-01'],
    ['bookedTo', '9999-12-31'],
    ['travelFrom', '0000-01-01'],
    ['travelTo', '9999-12-31'],
  ])('drop a %s that carries a control character or an absurd date, and the list still answers', async (key, value) => {
    const query = parseBookingListQuery(new URLSearchParams({ [key]: value }));
    expect(query).not.toHaveProperty(key, expect.anything());
    const page = await listBookings(database.db, senior, 'all', query);
    expect(page.total).toBeGreaterThan(0);
  });

  it('keep a real date range', () => {
    expect(parseBookingListQuery({ travelFrom: '2026-12-01', travelTo: '2026-12-31' })).toMatchObject({ travelFrom: '2026-12-01', travelTo: '2026-12-31' });
  });
});

describe('booking references', () => {
  /** A database that fails the test if it is touched at all. */
  const untouchable = new Proxy({} as Database, {
    get(_target, property) {
      throw new Error(`the database was asked for ${String(property)}`);
    },
  });

  it.each(['TD-\u0000', 'TD-ABC\u00001234', '../../etc/passwd', 'td-abcdefg', 'TD-ABCDEF1', ''])(
    'that do not match the pattern are not found, without a query (%j)',
    async (reference) => {
      expect(await loadBookingDocument(untouchable, senior, reference)).toBeNull();
      expect(await loadBookingDetail(untouchable, senior, reference, now)).toBeNull();
    },
  );

  it('with a NUL byte are not found on the real database either', async () => {
    expect(await loadBookingDocument(database.db, senior, 'TD-\u0000')).toBeNull();
    expect(await loadBookingDetail(database.db, senior, 'TD-ABCD\u0000EF', now)).toBeNull();
  });
});
