import { deflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { bookings } from '@/server/db/schema';
import { bookGroupSheet, previewGroupSheet } from '@/server/group-booking/group-booking';
import { groupTemplateWorkbook } from '@/server/group-booking/group-sheets';
import { parseGroupSheet } from '@/server/group-booking/parse-sheet';
import { MAX_ZIP_ENTRIES } from '@/server/group-booking/sheet-file';
import { dubaiToday } from '@/shared/availability/rules';
import { GROUP_SHEET_COLUMNS, GROUP_SHEET_MAX_ROWS } from '@/shared/group-booking/sheet-rules';
import { addDays, agencyBalance, countBookings, findOffer, prepareSlot, principalFor, slotStock } from '../support/booking-fixtures';
import { rejection } from '../support/rejection';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Group booking from a spreadsheet (docs/bookings.md): the file checked at the edge, its rows
// previewed against the catalogue and stock, booked one transaction per row through the checkout's
// placement, and never twice — the same file again, or sent several times at once.

const onPostgres = Boolean(process.env.DATABASE_URL);
const now = new Date();
const today = dubaiToday(now);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 8, demoData: { today: now } });
});
afterAll(() => database.dispose());

type Row = Partial<Record<(typeof GROUP_SHEET_COLUMNS)[number]['key'], string | number>>;
const HEADER = GROUP_SHEET_COLUMNS.map((column) => column.key);

async function xlsx(rows: Row[], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Guests');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(HEADER.map((key) => row[key] ?? null));
  edit?.(sheet);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function file(bytes: Uint8Array, name = 'group.xlsx'): File {
  return new File([bytes as BlobPart], name);
}

function guest(offerId: string, date: string, time: string, index: number, extra: Row = {}): Row {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return {
    offer_id: offerId,
    date,
    time,
    adults: 1,
    guest_name: `Guest ${letters[index % 26]}${letters[Math.floor(index / 26) % 26]}`,
    guest_phone: '+971 50 123 4567',
    guest_email: `guest${index}@example.test`,
    ...extra,
  };
}

/** Rows of one adult each on a roomy slot `daysAhead`, two more than the agency's balance (Palm Coast: no credit) pays for. */
async function rowsPastTheFunds(email: string, daysAhead: number) {
  const { db } = database;
  const agent = await principalFor(db, email);
  const offer = await findOffer(db, 'shared');
  const date = addDays(today, daysAhead);
  const slot = await prepareSlot(db, offer.id, date, { left: 50 });
  const balance = await agencyBalance(db, agent.agencyId);
  const affordable = Math.floor(balance / offer.pricePerAdult!);
  const rows = Array.from({ length: affordable + 2 }, (_, index) => guest(offer.id, date, slot.startTime, index));
  return { agent, offer, balance, affordable, rows };
}

/** A zip of the given entries (name → data, deflated), with sizes as declared (a liar's may differ). */
function zip(entries: { name: string; data: Buffer; declaredSize?: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.data.byteLength;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.byteLength, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.byteLength + compressed.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

describe('reading a group booking file', () => {
  it('reads the xlsx template filled in, with dates and times typed as Excel values', async () => {
    const bytes = await xlsx([guest('11111111-1111-4111-8111-111111111111', '2027-01-05', '10:00', 0)], (sheet) => {
      sheet.getCell('B2').value = new Date(Date.UTC(2027, 0, 6));
      sheet.getCell('C2').value = new Date(Date.UTC(1899, 11, 30, 9, 30));
    });
    const rows = await parseGroupSheet(bytes);
    expect(rows).toEqual([
      {
        row: 2,
        cells: expect.objectContaining({ offer_id: '11111111-1111-4111-8111-111111111111', date: '2027-01-06', time: '09:30', adults: '1', children: '', guest_name: 'Guest aa' }),
      },
    ]);
  });

  it('reads the template this portal hands out, and its headers in either language', async () => {
    const template = await groupTemplateWorkbook(database.db, 'ru');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Гости', 'Предложения', 'Как заполнять']);
    const offersSheet = workbook.worksheets[1]!;
    expect(offersSheet.actualRowCount).toBeGreaterThan(1);
    const guests = workbook.worksheets[0]!;
    guests.addRow(['a0000000-0000-4000-8000-000000000000', '2027-01-05', '', '2', '', '', 'Иван Петров', '+7 900 000 00 00', 'ivan@example.test']);
    const rows = await parseGroupSheet(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cells).toMatchObject({ adults: '2', guest_name: 'Иван Петров', guest_email: 'ivan@example.test' });
  });

  it('reads a CSV saved by a Russian Excel: UTF-8 with its byte order mark, semicolons, quoted fields', async () => {
    const csv = '\uFEFFID предложения;Дата (ГГГГ-ММ-ДД);Время начала;Взрослые;Имя главного гостя;Телефон главного гостя;E-mail главного гостя;Примечания\r\n' + 'abc;31.12.2026;9:30;2;Анна Иванова;+7 900 000 00 00;anna@example.test;"Окно; ""вид"" на море\r\nвторая строка"\r\n';
    const rows = await parseGroupSheet(new TextEncoder().encode(csv));
    expect(rows).toEqual([
      { row: 2, cells: expect.objectContaining({ offer_id: 'abc', date: '31.12.2026', time: '9:30', adults: '2', guest_name: 'Анна Иванова', notes: 'Окно; "вид" на море\r\nвторая строка' }) },
    ]);
  });
});

describe('a file refused whole, with its reason', () => {
  const cases: [string, () => Promise<Uint8Array> | Uint8Array, string][] = [
    ['an empty file', () => new Uint8Array(), 'groupBooking.file.empty'],
    ['a header and no rows', () => xlsx([]), 'groupBooking.file.noRows'],
    ['a formula in an xlsx cell', () => xlsx([guest('x', '2027-01-05', '', 0)], (sheet) => (sheet.getCell('D2').value = { formula: '1+1', result: 2 } as ExcelJS.CellFormulaValue)), 'groupBooking.file.formula'],
    ['a formula on another sheet', () => xlsx([guest('x', '2027-01-05', '', 0)], (sheet) => (sheet.workbook.addWorksheet('Other').getCell('A1').value = { formula: 'HYPERLINK("http://x.test")' } as ExcelJS.CellFormulaValue)), 'groupBooking.file.formula'],
    ['a formula in a CSV cell, even quoted', () => new TextEncoder().encode(`${HEADER.join(',')}\nx,2027-01-05,,"=2+3",Guest,+971501234567,a@example.test\n`), 'groupBooking.file.formula'],
    ['10,000 rows of xlsx', () => xlsx(Array.from({ length: 10_000 }, (_, index) => guest('x', '2027-01-05', '', index))), 'groupBooking.file.tooManyRows'],
    ['10,000 rows of CSV', () => new TextEncoder().encode(`${HEADER.join(',')}\n${'x,2027-01-05,,1,Guest,+971501234567,a@example.test\n'.repeat(10_000)}`), 'groupBooking.file.tooManyRows'],
    ['a CSV in Windows-1251', () => new Uint8Array([...new TextEncoder().encode('offer_id,date,guest_name\nx,2027-01-05,'), 0xc8, 0xe2, 0xe0, 0xed, 0x0a]), 'groupBooking.file.encoding'],
    ['a CSV in UTF-16', () => new Uint8Array([0xff, 0xfe, 0x6f, 0x00, 0x66, 0x00]), 'groupBooking.file.encoding'],
    ['a zip bomb (100 MB of zeros in 100 KB)', () => zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(100 * 1024 * 1024) }]), 'groupBooking.file.zipBomb'],
    ['a zip that lies about its sizes', () => zip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(40 * 1024 * 1024), declaredSize: 1000 }]), 'groupBooking.file.zipBomb'],
    ['a zip of too many entries', () => zip(Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, index) => ({ name: `f${index}`, data: Buffer.from('x') }))), 'groupBooking.file.zipBomb'],
    ['a zip that is no workbook', () => zip([{ name: 'hello.txt', data: Buffer.from('hello') }]), 'groupBooking.file.damaged'],
    ['a PNG renamed .csv', () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'groupBooking.file.unsupported'],
    ['an Excel 97 file', () => new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'groupBooking.file.oldExcel'],
    ['a file without the required columns', () => new TextEncoder().encode('name,phone\nAnna,+971501234567\n'), 'groupBooking.file.missingColumns'],
  ];
  it.each(cases)('%s', async (_name, make, code) => {
    const error = await rejection(parseGroupSheet(await make()));
    expect(error.code).toBe(code);
    expect(error.field).toBe('file');
  });

  it('and books nothing from it', async () => {
    const { db } = database;
    const agent = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const before = await countBookings(db, agent.agencyId);
    const bytes = await xlsx([guest(offer.id, addDays(today, 12), '', 0)], (sheet) => (sheet.getCell('F2').value = { formula: '0*1', result: 0 } as ExcelJS.CellFormulaValue));
    expect((await rejection(bookGroupSheet(db, agent, file(bytes), 'en'))).code).toBe('groupBooking.file.formula');
    expect(await countBookings(db, agent.agencyId)).toBe(before);
  });

  it('names its row limit', () => {
    expect(GROUP_SHEET_MAX_ROWS).toBe(500);
  });
});

describe('the preview of the rows', () => {
  it('marks each row valid or gives its reasons, each row against the stock the rows above it leave', async () => {
    const { db } = database;
    const agent = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(today, 14);
    const slot = await prepareSlot(db, offer.id, date, { left: 3 });
    const [d, m, y] = [date.slice(8, 10), date.slice(5, 7), date.slice(0, 4)];
    const bytes = await xlsx([
      guest(offer.id, date, slot.startTime, 0, { adults: 2 }),
      guest(offer.id, `${d}.${m}.${y}`, slot.startTime, 1),
      guest(offer.id, date, slot.startTime, 2),
      guest('a0000000-0000-4000-8000-000000000000', date, slot.startTime, 3),
      guest(offer.id, addDays(today, -1), slot.startTime, 4),
      guest(offer.id, date, slot.startTime, 5, { guest_email: 'not an e-mail', guest_name: 'R2-D2' }),
      guest(offer.id, date, slot.startTime, 0, { adults: 2 }),
    ]);
    const before = await countBookings(db, agent.agencyId);

    const preview = await previewGroupSheet(db, agent, file(bytes), 'en');

    expect(preview.rows.map((row) => [row.row, row.errors])).toEqual([
      [2, []],
      [3, []],
      // Rows 2 and 3 take the slot's 3 seats: the booking of row 4 would find none.
      [4, ['Adults: No more available stock, max 0. Please contact admin.']],
      [5, [expect.stringMatching(/./)]],
      [6, [expect.stringContaining('Date')]],
      [7, [expect.stringMatching(/^Lead guest name/), expect.stringMatching(/^Lead guest e-mail/)]],
      [8, ['Same booking as row 2: change it or delete one of them.']],
    ]);
    expect(preview.rows[0]!.tour).toContain('—');
    expect(preview.rows[0]!.netTotalMinor).toBe(2 * offer.pricePerAdult!);
    expect(await countBookings(db, agent.agencyId)).toBe(before);
    expect((await slotStock(db, slot.id))?.left).toBe(3);
  });

  it('spends the funds row by row: the rows the balance no longer covers say so, as their booking will', async () => {
    const { db } = database;
    const { agent, balance, affordable, rows } = await rowsPastTheFunds('admin@palmcoast.test', 20);

    const preview = await previewGroupSheet(db, agent, file(await xlsx(rows)), 'en');
    expect(preview.rows.filter((row) => row.errors.length === 0)).toHaveLength(affordable);
    expect(preview.rows.slice(affordable).map((row) => row.errors)).toEqual([
      ['Your available balance is insufficient. Please Top Up on the My Balance Page.'],
      ['Your available balance is insufficient. Please Top Up on the My Balance Page.'],
    ]);
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance);
  });

  it('shows a junior agent no NET', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(today, 15);
    const slot = await prepareSlot(db, offer.id, date, { left: 5 });
    const preview = await previewGroupSheet(db, junior, file(await xlsx([guest(offer.id, date, slot.startTime, 0)])), 'ru');
    expect(preview.rows[0]).toMatchObject({ errors: [], netTotalMinor: null, publishedTotalMinor: expect.any(Number) });
  });
});

describe('booking the rows', () => {
  it('books the valid rows from the balance, reports the others, and answers a result sheet', async () => {
    const { db } = database;
    const agent = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(today, 16);
    const slot = await prepareSlot(db, offer.id, date, { left: 20 });
    const rows = Array.from({ length: 6 }, (_, index) => guest(offer.id, date, slot.startTime, index));
    rows[4] = { ...rows[4], offer_id: 'not-an-offer' };
    const bookingsBefore = await countBookings(db, agent.agencyId);
    const balanceBefore = await agencyBalance(db, agent.agencyId);

    const outcome = await bookGroupSheet(db, agent, file(await xlsx(rows)), 'en');

    expect(outcome.rows.map((row) => row.outcome)).toEqual(['booked', 'booked', 'booked', 'booked', 'skipped', 'booked']);
    expect(outcome.rows[4]!.errors).toEqual([expect.stringMatching(/^Offer ID: /)]);
    expect(await countBookings(db, agent.agencyId)).toBe(bookingsBefore + 5);
    expect((await slotStock(db, slot.id))?.left).toBe(15);
    expect(await agencyBalance(db, agent.agencyId)).toBe(balanceBefore - 5 * offer.pricePerAdult!);
    const made = await db.select().from(bookings).where(eq(bookings.reference, outcome.rows[0]!.reference!));
    expect(made[0]).toMatchObject({ status: 'completed', paymentMethod: 'balance', guestName: 'Guest aa', agentId: agent.userId });

    const result = new ExcelJS.Workbook();
    await result.xlsx.load(Buffer.from(outcome.resultSheet.base64, 'base64') as unknown as ExcelJS.Buffer);
    const sheet = result.worksheets[0]!;
    expect(sheet.getRow(1).getCell(15).value).toBe('Reference');
    expect(sheet.getRow(2).getCell(15).value).toBe(outcome.rows[0]!.reference);
    expect(sheet.getRow(6).getCell(14).value).toBe('Not booked (invalid)');
    expect(String(sheet.getRow(6).getCell(16).value)).toMatch(/^Offer ID: /);
  });

  it('books each row once when the same file comes again, or a corrected one', async () => {
    const { db } = database;
    const agent = await principalFor(db, 'senior@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(today, 17);
    const slot = await prepareSlot(db, offer.id, date, { left: 20 });
    const rows = Array.from({ length: 3 }, (_, index) => guest(offer.id, date, slot.startTime, index));
    const bytes = await xlsx([...rows, { ...guest(offer.id, date, slot.startTime, 3), adults: 'two' }]);
    const first = await bookGroupSheet(db, agent, file(bytes), 'en');
    const bookingsAfterFirst = await countBookings(db, agent.agencyId);
    const balanceAfterFirst = await agencyBalance(db, agent.agencyId);

    const again = await bookGroupSheet(db, agent, file(bytes), 'en');
    const corrected = await bookGroupSheet(db, agent, file(await xlsx([...rows, guest(offer.id, date, slot.startTime, 3)])), 'en');

    expect(again.rows.map((row) => row.outcome)).toEqual(['alreadyBooked', 'alreadyBooked', 'alreadyBooked', 'skipped']);
    expect(again.rows.map((row) => row.reference)).toEqual(first.rows.map((row) => row.reference));
    expect(corrected.rows.map((row) => row.outcome)).toEqual(['alreadyBooked', 'alreadyBooked', 'alreadyBooked', 'booked']);
    expect(await countBookings(db, agent.agencyId)).toBe(bookingsAfterFirst + 1);
    expect(await agencyBalance(db, agent.agencyId)).toBe(balanceAfterFirst - offer.pricePerAdult!);
    expect((await slotStock(db, slot.id))?.left).toBe(16);
  });

  it('previews the same file again as bookable: its rows answer their bookings and take no seats or money again', async () => {
    const { db } = database;
    const agent = await principalFor(db, 'admin@desertrose.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(today, 21);
    const slot = await prepareSlot(db, offer.id, date, { left: 2 });
    const bytes = await xlsx(Array.from({ length: 2 }, (_, index) => guest(offer.id, date, slot.startTime, index)));
    expect((await bookGroupSheet(db, agent, file(bytes), 'en')).rows.map((row) => row.outcome)).toEqual(['booked', 'booked']);
    expect((await slotStock(db, slot.id))?.left).toBe(0);

    const again = await previewGroupSheet(db, agent, file(bytes), 'en');
    expect(again.rows.map((row) => row.errors)).toEqual([[], []]);
  });

  it('reports the rows the funds and credit no longer cover, and books the ones before', async () => {
    const { db } = database;
    const { agent, offer, balance, affordable, rows } = await rowsPastTheFunds('senior@palmcoast.test', 18);
    const outcome = await bookGroupSheet(db, agent, file(await xlsx(rows)), 'en');
    expect(outcome.rows.filter((row) => row.outcome === 'booked')).toHaveLength(affordable);
    expect(outcome.rows.at(-1)).toMatchObject({ outcome: 'failed', reference: null, errors: [expect.stringMatching(/./)] });
    expect(await agencyBalance(db, agent.agencyId)).toBe(balance - affordable * offer.pricePerAdult!);
  });

  it.runIf(onPostgres)('books each row once when the same file is sent several times at once (PostgreSQL)', async () => {
    const { db } = database;
    const agent = await principalFor(db, 'admin@gulfhorizons.test');
    const offer = await findOffer(db, 'shared');
    const date = addDays(today, 19);
    const slot = await prepareSlot(db, offer.id, date, { left: 30 });
    const bytes = await xlsx(Array.from({ length: 5 }, (_, index) => guest(offer.id, date, slot.startTime, index)));
    const bookingsBefore = await countBookings(db, agent.agencyId);
    const balanceBefore = await agencyBalance(db, agent.agencyId);

    const outcomes = await Promise.all(Array.from({ length: 4 }, () => bookGroupSheet(db, agent, file(bytes), 'en')));

    for (const outcome of outcomes) expect(outcome.rows.map((row) => row.reference)).toEqual(outcomes[0]!.rows.map((row) => row.reference));
    expect(outcomes.flatMap((outcome) => outcome.rows).filter((row) => row.outcome === 'booked')).toHaveLength(5);
    expect(await countBookings(db, agent.agencyId)).toBe(bookingsBefore + 5);
    expect(await agencyBalance(db, agent.agencyId)).toBe(balanceBefore - 5 * offer.pricePerAdult!);
    expect((await slotStock(db, slot.id))?.left).toBe(25);
  });
});
