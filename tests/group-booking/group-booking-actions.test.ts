import ExcelJS from 'exceljs';
import { GET as templateRoute } from '@/app/api/group-booking/template/route';
import { bookGroupSheetAction, previewGroupSheetAction } from '@/server/group-booking/group-booking-actions';
import { dubaiToday } from '@/shared/availability/rules';
import { addDays, countBookings, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { agentRequest, serveRoutesFrom, session } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The group booking page's entry points as the browser calls them: the two actions (through
// runAction: who may call, the file field, a refusal as the file's message) and the template
// download (through runRoute).

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

const now = new Date();
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  serveRoutesFrom(database);
});
afterAll(() => database.dispose());
afterEach(() => {
  session.principal = null;
});

function sheetForm(bytes: Uint8Array, name = 'group.xlsx'): FormData {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], name));
  return form;
}

async function guestsWorkbook(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Guests');
  sheet.addRow(['Offer ID', 'Date (YYYY-MM-DD)', 'Start time (HH:MM)', 'Adults', 'Lead guest name', 'Lead guest phone', 'Lead guest e-mail']);
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('the preview and book actions', () => {
  it('refuse a visitor before reading the file', async () => {
    const result = await previewGroupSheetAction(null, sheetForm(new Uint8Array([1])));
    expect(result).toMatchObject({ ok: false, status: 401 });
  });

  it('answer a refused file as the file field’s message, and book nothing', async () => {
    const { db } = database;
    session.principal = await principalFor(db, 'junior@desertrose.test');
    const before = await countBookings(db, session.principal.agencyId);
    const csv = new TextEncoder().encode('offer_id,date,adults,guest_name,guest_phone,guest_email\nx,2030-01-01,"=HYPERLINK(""http://evil.test"")",Anna,+971501234567,a@example.test\n');
    const result = await bookGroupSheetAction(null, sheetForm(csv, 'group.csv'));
    expect(result).toMatchObject({ ok: false, status: 422, code: 'groupBooking.file.formula' });
    expect(!result.ok && result.fieldErrors.file).toMatch(/^The file contains a formula \(cell C2\)/);
    expect(await countBookings(db, session.principal.agencyId)).toBe(before);

    const missing = await previewGroupSheetAction(null, new FormData());
    expect(missing).toMatchObject({ ok: false, status: 422, fieldErrors: { file: 'Choose an xlsx or CSV file.' } });
  });

  it('preview, then book the valid rows with their references', async () => {
    const { db } = database;
    session.principal = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(dubaiToday(now), 21);
    const slot = await prepareSlot(db, offer.id, date, { left: 10 });
    const bytes = await guestsWorkbook([
      [offer.id, date, slot.startTime, 2, 'Anna Smith', '+971501234567', 'anna@example.test'],
      [offer.id, date, slot.startTime, 20, 'Omar Ali', '+971501234568', 'omar@example.test'],
    ]);

    const preview = await previewGroupSheetAction(null, sheetForm(bytes));
    expect(preview.ok && preview.data.rows.map((row) => row.errors)).toEqual([[], ['Adults: No more available stock, max 10. Please contact admin.']]);

    const booked = await bookGroupSheetAction(null, sheetForm(bytes));
    expect(booked.ok && booked.data.rows.map((row) => row.outcome)).toEqual(['booked', 'failed']);
    expect(booked.ok && booked.data.resultSheet.fileName).toBe('group-result.xlsx');
  });
});

describe('the template download', () => {
  it('is an xlsx in the agent’s language for an agent who may book, and refused to a visitor', async () => {
    const { db } = database;
    expect((await templateRoute(agentRequest('/api/group-booking/template?locale=ru'))).status).toBe(401);
    session.principal = await principalFor(db, 'junior@desertrose.test');
    const response = await templateRoute(agentRequest('/api/group-booking/template?locale=ru'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="group-booking-template-ru.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).text).toBe('ID предложения*');
  });
});
