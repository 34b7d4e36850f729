import { createBooking } from '@/server/bookings/create-booking';
import { loadBookingListData } from '@/server/checkout/booking-list-data';
import { loadCommissionListData } from '@/server/commissions/list-data';
import { seedDemoData } from '@/server/db/seed';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { forgetPayments, setUpPayments } from '../payments/payment-fixtures';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Pages load, components render: the list pages' loaders return plain data for their components,
// and ask only what the page will show.

vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'localhost:3000' }), cookies: async () => ({ get: () => undefined }) }));
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages } = await import('@/messages/areas');
  const messages = await loadMessages('en');
  return { getTranslations: async (namespace?: string) => createTranslator({ locale: 'en', messages, namespace: namespace as never, timeZone: 'Asia/Dubai' }) };
});

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z');
const query = (search: string) => parseBookingListQuery(new URLSearchParams(search));
const place = { variant: 'main' as const, locale: 'en' as const };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await seedDemoData(db, { today: now });
  setUpPayments(db);
  const [senior, junior] = await Promise.all([principalFor(db, 'senior@desertrose.test'), principalFor(db, 'junior@desertrose.test')]);
  const offer = await findOffer(db, 'shared');
  const date = addDays('2026-11-21', 12);
  const slot = await prepareSlot(db, offer.id, date, { left: 20 });
  const base = { offerId: offer.id, date, time: slot.startTime };
  await createBooking(db, senior, checkoutInput({ ...base, guestName: 'Balance Guest', paymentMethod: 'balance' }), { locale: 'en', now });
  await createBooking(db, junior, checkoutInput({ ...base, guestName: 'Card Guest', paymentMethod: 'card' }), { locale: 'en', now });
});
afterAll(async () => {
  forgetPayments();
  await database.dispose();
});

describe('list page loaders', () => {
  it('load the rows, the filters’ choices, and Pay now only for a page with a booking that needs payment', async () => {
    const { db } = database;
    const [senior, junior] = await Promise.all([principalFor(db, 'senior@desertrose.test'), principalFor(db, 'junior@desertrose.test')]);

    const all = await loadBookingListData(db, senior, 'all', query(''), place);
    expect(all.invertedRanges).toEqual([]);
    expect(all.list?.rows.map((row) => [row.guestName, row.status]).sort()).toEqual([
      ['Balance Guest', 'completed'],
      ['Card Guest', 'payment_required'],
    ]);
    expect(all.tours.length).toBeGreaterThan(0);
    expect(all.agents?.map((agent) => agent.id)).toEqual(expect.arrayContaining([senior.userId, junior.userId]));
    expect(all.payNow?.options.length).toBeGreaterThan(0);
    expect(all.payNow?.labels.pay).toBeTruthy();

    // The senior's own list has no booking to pay: no Pay now, and no agent filter off the agency-wide list.
    const own = await loadBookingListData(db, senior, 'own', query(''), place);
    expect(own.list?.rows.map((row) => row.guestName)).toEqual(['Balance Guest']);
    expect(own.payNow).toBeNull();
    expect(own.agents).toBeNull();
  });

  it('ask no list for an inverted date range', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const inverted = await loadBookingListData(db, senior, 'all', query('travelFrom=2026-12-10&travelTo=2026-12-01'), place);
    expect(inverted.invertedRanges).toEqual(['travel']);
    expect(inverted.list).toBeNull();
    expect(inverted.payNow).toBeNull();

    const commissions = await loadCommissionListData(db, senior, query('travelFrom=2026-12-10&travelTo=2026-12-01'));
    expect(commissions).toMatchObject({ inverted: true, list: null });
    expect(commissions.widgetMargins).toBeDefined();
    const listed = await loadCommissionListData(db, senior, query(''));
    expect(listed.inverted).toBe(false);
    expect(listed.list?.rows.map((row) => row.guestName)).toEqual(['Balance Guest']);
  });
});
