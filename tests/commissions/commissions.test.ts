import { cancelBooking } from '@/server/bookings/cancel-booking';
import { createBooking } from '@/server/bookings/create-booking';
import ExcelJS from 'exceljs';
import { listCommissions } from '@/server/commissions/queries';
import { commissionExportResponse } from '@/server/exports/commissions-export';
import { Forbidden } from '@/server/errors';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z');
const options = { locale: 'en' as const, now };

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
});
afterAll(() => database.dispose());

describe('commissions', () => {
  it('list the completed bookings of the agency with total sales and the agency’s share, and total them', async () => {
    const { db } = database;
    const [senior, junior, other] = await Promise.all([
      principalFor(db, 'senior@desertrose.test'),
      principalFor(db, 'junior@desertrose.test'),
      principalFor(db, 'senior@gulfhorizons.test'),
    ]);
    const offer = await findOffer(db, 'shared');
    const date = addDays('2026-11-21', 12);
    const slot = await prepareSlot(db, offer.id, date, { left: 40 });
    const base = { offerId: offer.id, date, time: slot.startTime };
    await createBooking(db, senior, checkoutInput({ ...base, adults: 2, paymentMethod: 'balance' }), options);
    await createBooking(db, junior, checkoutInput({ ...base, adults: 1, paymentMethod: 'cash' }), options);
    const cancelled = await createBooking(db, senior, checkoutInput({ ...base, adults: 1 }), options);
    await cancelBooking(db, senior, cancelled.reference, now);
    await createBooking(db, senior, checkoutInput({ ...base, paymentMethod: 'request' }), options);
    await createBooking(db, other, checkoutInput({ ...base }), options);

    const page = await listCommissions(db, senior, { page: 1, onPage: 25 });
    const margin = offer.recPricePerAdult! - offer.pricePerAdult!;
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.agencyReceivableMinor).sort()).toEqual([margin, 2 * margin].sort());
    expect(page.totals).toEqual({ salesMinor: 3 * offer.recPricePerAdult!, receivableMinor: 3 * margin });
    await expect(listCommissions(db, junior, { page: 1, onPage: 25 })).rejects.toBeInstanceOf(Forbidden);
    expect((await listCommissions(db, other, { page: 1, onPage: 25 })).total).toBe(1);

    const response = await commissionExportResponse(db, senior, { page: 1, onPage: 25 }, 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const exported = sheet.getSheetValues().slice(2).map((row) => (row as ExcelJS.CellValue[])[1]);
    expect(exported).toEqual(page.rows.map((row) => row.reference));
    expect(sheet.getCell('G2').value).toBe(page.rows[0]!.agencyReceivableMinor / 100);
    expect(() => commissionExportResponse(db, junior, { page: 1, onPage: 25 }, 'en')).toThrow(Forbidden);
  });
});
