import ExcelJS from 'exceljs';
import { createBooking } from '@/server/bookings/create-booking';
import { listBookings } from '@/server/bookings/list-queries';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { Forbidden } from '@/server/errors';
import { bookingExportResponse } from '@/server/exports/bookings-export';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z');
const query = (search: string) => parseBookingListQuery(new URLSearchParams(search));

async function sheetOf(response: Promise<Response>): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await (await response).arrayBuffer());
  const [sheet] = workbook.worksheets;
  if (!sheet) throw new Error('The workbook has no sheet');
  return sheet;
}

function headers(sheet: ExcelJS.Worksheet): unknown[] {
  return (sheet.getRow(1).values as unknown[]).slice(1);
}

function column(sheet: ExcelJS.Worksheet, index: number): unknown[] {
  return sheet.getColumn(index).values.slice(2);
}

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  const [senior, junior, other] = await Promise.all([
    principalFor(db, 'senior@desertrose.test'),
    principalFor(db, 'junior@desertrose.test'),
    principalFor(db, 'senior@gulfhorizons.test'),
  ]);
  const offer = await findOffer(db, 'shared');
  for (let day = 0; day < 6; day += 1) {
    const date = addDays('2026-11-21', 10 + day);
    const slot = await prepareSlot(db, offer.id, date, { left: 50 });
    const base = { offerId: offer.id, date, time: slot.startTime };
    // `now` moves on a minute per booking, so the booking dates differ and sort meaningfully.
    const at = (minutes: number) => ({ locale: 'en' as const, now: new Date(now.getTime() + (day * 3 + minutes) * 60_000) });
    await createBooking(db, senior, checkoutInput({ ...base, guestName: `Senior Guest ${day}`, adults: 1 + (day % 3), paymentMethod: day % 2 ? 'balance' : 'cash' }), at(0));
    await createBooking(db, junior, checkoutInput({ ...base, guestName: `Junior Guest ${day}` }), at(1));
    await createBooking(db, other, checkoutInput({ ...base, guestName: `Other Guest ${day}` }), at(2));
  }
});
afterAll(() => database.dispose());

describe('booking xlsx export', () => {
  it.each(['', 'guest=senior&sort=guestName&dir=asc', 'travelFrom=2026-12-02&travelTo=2026-12-04&sort=tourDate&dir=asc', 'status=completed&sort=publishedTotal'])(
    'exports exactly the rows of the filtered list, in its order (%s)',
    async (search) => {
      const { db } = database;
      const senior = await principalFor(db, 'senior@desertrose.test');
      const listed = await listBookings(db, senior, 'all', query(`${search}&onPage=100`));
      expect(listed.total).toBeGreaterThan(0);
      const sheet = await sheetOf(bookingExportResponse(db, senior, 'all', query(search), 'en', now));
      expect(column(sheet, 1)).toEqual(listed.rows.map((row) => row.reference));
    },
  );

  it('writes typed cells: Dubai booking time, travel date, counts, translated labels and AED amounts', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const response = await bookingExportResponse(db, senior, 'all', query('sort=reference&dir=asc'), 'en', now);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="bookings-2026-11-21.xlsx"');
    const sheet = await sheetOf(Promise.resolve(response));
    expect(headers(sheet)).toEqual([
      'Reference',
      'Booking date',
      'Travel date',
      'Start time',
      'Tour',
      'Ticket',
      'Guest',
      'Agent',
      'Adults',
      'Children',
      'Infants',
      'Status',
      'Payment method',
      'Published rate, AED',
      'NET rate, AED',
      'Widget',
      'Supplier reference',
      'Supplier status',
      'Supplier codes',
    ]);
    const [listed] = (await listBookings(db, senior, 'all', query('sort=reference&dir=asc'))).rows;
    if (!listed) throw new Error('No bookings');
    const cells = sheet.getRow(2);
    expect(cells.getCell(2).value).toEqual(new Date(listed.createdAt.getTime() + 4 * 3_600_000));
    expect(cells.getCell(3).value).toEqual(new Date(`${listed.tourDate}T00:00:00Z`));
    expect(cells.getCell(5).value).toBe(listed.tourTitle.en);
    expect(cells.getCell(9).value).toBe(listed.adults);
    expect(cells.getCell(12).value).toBe('Completed');
    expect(cells.getCell(14).value).toBe(listed.publishedTotalMinor / 100);
    expect(cells.getCell(14).numFmt).toBe('#,##0.00 "AED"');
    expect(cells.getCell(15).value).toBe((listed.netTotalMinor ?? 0) / 100);
  });

  it('leaves the NET column out for a junior, who exports only its own bookings', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    const sheet = await sheetOf(bookingExportResponse(db, junior, 'own', query(''), 'en', now));
    expect(headers(sheet)).toHaveLength(18);
    expect(headers(sheet)).not.toContain('NET rate, AED');
    expect(column(sheet, 7).every((guest) => String(guest).startsWith('Junior'))).toBe(true);
    expect(column(sheet, 1)).toHaveLength(6);
  });

  it('refuses the agency list to a junior before sending anything', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    expect(() => bookingExportResponse(db, junior, 'all', query(''), 'en', now)).toThrow(Forbidden);
  });

  it('fails before a response exists when the first read fails, so the client gets an error status, not a cut-off 200', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    // PostgreSQL has no year 0: the query itself fails. The URL's parser drops such a date; a
    // caller that builds the query by hand is not guarded by it.
    const broken = { ...query(''), travelFrom: '0000-01-01' };
    await expect(bookingExportResponse(db, senior, 'all', broken, 'en', now)).rejects.toThrow(/Failed query/);
    // Through the URL, the absurd date and the NUL are dropped, and the whole list exports.
    const sheet = await sheetOf(bookingExportResponse(db, senior, 'all', query('travelFrom=0000-01-01&guest=Senior%00'), 'en', now));
    expect(column(sheet, 1)).toHaveLength(12);
  });

  it('writes the sheet in Russian', async () => {
    const { db } = database;
    const senior = await principalFor(db, 'senior@desertrose.test');
    const sheet = await sheetOf(bookingExportResponse(db, senior, 'own', query('status=completed'), 'ru', now));
    expect(sheet.name).toBe('Бронирования');
    expect(headers(sheet)[0]).toBe('Номер');
    expect(new Set(column(sheet, 12))).toEqual(new Set(['Подтверждено']));
  });
});
