import { createBooking } from '@/server/bookings/create-booking';
import { listBookings, streamBookingRows } from '@/server/bookings/list-queries';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { Forbidden } from '@/server/errors';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z');
const options = { locale: 'en' as const, now };
const query = (search: string) => parseBookingListQuery(new URLSearchParams(search));

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  const [senior, junior, other] = await Promise.all([
    principalFor(db, 'senior@desertrose.test'),
    principalFor(db, 'junior@desertrose.test'),
    principalFor(db, 'senior@gulfhorizons.test'),
  ]);
  const offer = await findOffer(db, 'shared');
  const request = await findOffer(db, 'request');
  for (let day = 0; day < 9; day += 1) {
    const date = addDays('2026-11-21', 10 + day);
    const slot = await prepareSlot(db, offer.id, date, { left: 50 });
    const base = { offerId: offer.id, date, time: slot.startTime };
    await createBooking(db, senior, checkoutInput({ ...base, guestName: `Senior Guest ${day}` }), options);
    await createBooking(db, junior, checkoutInput({ ...base, guestName: `Junior Guest ${day}` }), options);
    await createBooking(db, other, checkoutInput({ ...base, guestName: `Other Guest ${day}` }), options);
  }
  await createBooking(db, junior, checkoutInput({ offerId: request.id, date: '2026-12-15', adults: Math.max(1, request.minPeople), paymentMethod: 'request', guestName: 'Request Guest' }), options);
});
afterAll(() => database.dispose());

describe('booking lists', () => {
  it('scope rows to the agency, and to the agent for a junior or for "my bookings"', async () => {
    const { db } = database;
    const [senior, junior] = await Promise.all([principalFor(db, 'senior@desertrose.test'), principalFor(db, 'junior@desertrose.test')]);
    const all = await listBookings(db, senior, 'all', query('onPage=100'));
    expect(all.total).toBe(19);
    expect(all.rows.every((row) => !row.guestName.startsWith('Other'))).toBe(true);
    expect((await listBookings(db, senior, 'own', query(''))).total).toBe(9);
    expect((await listBookings(db, junior, 'own', query(''))).total).toBe(10);
    await expect(listBookings(db, junior, 'all', query(''))).rejects.toBeInstanceOf(Forbidden);
  });

  it('lists quotation requests, a junior only its own', async () => {
    const { db } = database;
    const [senior, other] = await Promise.all([principalFor(db, 'senior@desertrose.test'), principalFor(db, 'senior@gulfhorizons.test')]);
    expect((await listBookings(db, senior, 'requests', query(''))).rows.map((row) => row.guestName)).toEqual(['Request Guest']);
    expect((await listBookings(db, other, 'requests', query(''))).total).toBe(0);
  });

  it('filter by guest, travel dates and status, and page in a stable order', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    expect((await listBookings(db, senior, 'all', query('guest=junior%20guest'))).total).toBe(9);
    expect((await listBookings(db, senior, 'all', query('travelFrom=2026-12-01&travelTo=2026-12-02'))).total).toBe(4);
    expect((await listBookings(db, senior, 'all', query('status=quotation_request'))).total).toBe(1);
    const first = await listBookings(db, senior, 'all', query('sort=tourDate&dir=asc&onPage=10'));
    const second = await listBookings(db, senior, 'all', query('sort=tourDate&dir=asc&onPage=10&page=2'));
    const references = [...first.rows, ...second.rows].map((row) => row.reference);
    expect(new Set(references).size).toBe(19);
    expect(first.rows[0]?.tourDate).toBe('2026-12-01');
  });

  it('hide NET totals from a junior', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    const { rows } = await listBookings(db, junior, 'own', query(''));
    expect(rows.every((row) => row.netTotalMinor === null)).toBe(true);
  });

  it.each(['createdAt', 'tourDate', 'guestName', 'publishedTotal', 'reference'])('stream every row of the list in its order (sorted by %s)', async (sort) => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    for (const dir of ['asc', 'desc']) {
      const listed = await listBookings(db, senior, 'all', query(`sort=${sort}&dir=${dir}&onPage=100`));
      const streamed = [];
      for await (const batch of streamBookingRows(db, senior, 'all', query(`sort=${sort}&dir=${dir}`), 4)) streamed.push(...batch);
      expect(streamed.map((row) => row.reference)).toEqual(listed.rows.map((row) => row.reference));
    }
  });
});
