import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { createBooking } from '@/server/bookings/create-booking';
import { listBookings } from '@/server/bookings/list-queries';
import { loadBookingDetail, loadBookingDocument } from '@/server/bookings/queries';
import { bookings, suppliers } from '@/server/db/schema';
import { renderTicketsPdf } from '@/server/documents/tickets-pdf';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { bookingExportResponse } from '@/server/exports/bookings-export';
import { listOpenRequests, loadRequest } from '@/server/ops/requests/request-queries';
import { requestFiltersSchema } from '@/server/ops/requests/request-schema';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import type { SupplierCode } from '@/shared/bookings/supplier-side';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { staffFor } from '../ops/ops-fixtures';

// The tour operator's side of a supplier-backed booking (its reference, status and entrance codes)
// as the booking page's loader, the voucher and tickets, the list and the xlsx show it. The
// booking flow writes those columns; here they are seeded on the row directly.

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z');
const CODES: SupplierCode[] = [
  { unitType: 'adult', code: 'ADULT-QR-0001', format: 'QRCODE' },
  { unitType: 'adult', code: 'ADULT-QR-0002', format: 'QRCODE' },
  { unitType: 'child', code: '4006381333931', format: 'CODE128' },
];
const references: Record<'supplier' | 'awaiting' | 'own' | 'request', string> = { supplier: '', awaiting: '', own: '', request: '' };

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  const senior = await principalFor(db, 'senior@desertrose.test');
  const offer = await findOffer(db, 'shared');
  const date = addDays('2026-11-21', 12);
  const slot = await prepareSlot(db, offer.id, date, { left: 50 });
  const book = (adults: number, children: number, locale: 'en' | 'ru') =>
    createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, adults, children }), { locale, now });
  const [supplier] = await db
    .insert(suppliers)
    .values({ name: 'Dune Operators', baseUrl: 'https://octo.dune.test/octo', apiKeySealed: 'sealed', apiKeyHint: 'abcd' })
    .returning({ id: suppliers.id });
  const supplierBooking = await book(2, 1, 'en');
  const awaiting = await book(1, 0, 'ru');
  const own = await book(1, 0, 'en');
  await db
    .update(bookings)
    .set({ supplierId: supplier!.id, supplierBookingUuid: crypto.randomUUID(), supplierReference: 'DUNE-48213', supplierStatus: 'confirmed', supplierTickets: CODES })
    .where(eq(bookings.reference, supplierBooking.reference));
  await db
    .update(bookings)
    .set({ supplierId: supplier!.id, supplierBookingUuid: crypto.randomUUID(), supplierStatus: 'awaiting_supplier' })
    .where(eq(bookings.reference, awaiting.reference));
  // The supplier refused: the booking became a quotation request for the operator.
  const request = await createBooking(db, senior, checkoutInput({ offerId: offer.id, date, time: slot.startTime, paymentMethod: 'request' }), { locale: 'en', now });
  await db
    .update(bookings)
    .set({ supplierId: supplier!.id, supplierBookingUuid: crypto.randomUUID(), supplierStatus: 'failed', supplierError: 'UNPROCESSABLE_ENTITY: sold out' })
    .where(eq(bookings.reference, request.reference));
  Object.assign(references, { supplier: supplierBooking.reference, awaiting: awaiting.reference, own: own.reference, request: request.reference });
});
afterAll(() => database.dispose());

async function parsePdf(pdf: Buffer): Promise<{ text: string; pages: string[]; imagesPerPage: number[] }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const images = await parser.getImage({ imageThreshold: 0, imageBuffer: false, imageDataUrl: false });
    return { text: text.text, pages: text.pages.map((page) => page.text), imagesPerPage: images.pages.map((page) => page.images.length) };
  } finally {
    await parser.destroy();
  }
}

describe('the supplier’s side of a booking', () => {
  it('reaches the booking page’s loader; our own inventory has none', async () => {
    const senior = await principalFor(database.db, 'senior@desertrose.test');
    expect((await loadBookingDetail(database.db, senior, references.supplier, now))?.supplier).toEqual({ reference: 'DUNE-48213', status: 'confirmed', codes: CODES });
    expect((await loadBookingDetail(database.db, senior, references.awaiting, now))?.supplier).toEqual({ reference: null, status: 'awaiting_supplier', codes: [] });
    expect((await loadBookingDetail(database.db, senior, references.own, now))?.supplier).toBeNull();
  });

  it('prints the supplier’s reference and codes on the voucher: QR codes drawn, other formats as text', async () => {
    const senior = await principalFor(database.db, 'senior@desertrose.test');
    const doc = await loadBookingDocument(database.db, senior, references.supplier);
    const { text, imagesPerPage } = await parsePdf(await renderVoucherPdf(doc!));
    expect(text).toContain('Supplier reference');
    expect(text).toContain('DUNE-48213');
    for (const code of CODES) expect(text).toContain(code.code);
    expect(text).toContain('CODE128');
    // Two QR codes (the two adults'); the child's CODE128 is printed as text.
    expect(imagesPerPage.reduce((sum, count) => sum + count, 0)).toBe(2);
  });

  it('admits each guest with their own supplier code on the tickets', async () => {
    const senior = await principalFor(database.db, 'senior@desertrose.test');
    const doc = await loadBookingDocument(database.db, senior, references.supplier);
    const { pages, imagesPerPage } = await parsePdf(await renderTicketsPdf({ ...doc!, status: 'completed' }));
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('ADULT-QR-0001');
    expect(pages[1]).toContain('ADULT-QR-0002');
    expect(pages[2]).toContain('4006381333931');
    for (const page of pages) expect(page).toContain('DUNE-48213');
    // QR codes for the adults; the child's barcode format is printed as its code and format.
    expect(imagesPerPage).toEqual([1, 1, 0]);
    expect(pages[2]).toContain('CODE128');
  });

  it('says in Russian where a booking stands at the supplier', async () => {
    const senior = await principalFor(database.db, 'senior@desertrose.test');
    const doc = await loadBookingDocument(database.db, senior, references.awaiting);
    const { text } = await parsePdf(await renderVoucherPdf(doc!));
    expect(text).toContain('Ждём подтверждения поставщика');
    expect(text).not.toContain('Номер у поставщика');
  });

  it('shows in the console’s requests queue and on the request', async () => {
    const operator = await staffFor(database.db, 'operator@traveldesk.test');
    const { rows } = await listOpenRequests(database.db, operator, requestFiltersSchema.parse({}));
    expect(rows.find((row) => row.reference === references.request)).toMatchObject({ supplierStatus: 'failed', supplierReference: null });
    expect(await loadRequest(database.db, operator, references.request)).toMatchObject({ supplierStatus: 'failed' });
  });

  it('shows on the list and in the xlsx, in both languages', async () => {
    const senior = await principalFor(database.db, 'senior@desertrose.test');
    const query = parseBookingListQuery(new URLSearchParams('onPage=100'));
    const { rows } = await listBookings(database.db, senior, 'all', query);
    const byReference = new Map(rows.map((row) => [row.reference, row]));
    expect(byReference.get(references.supplier)?.supplier?.reference).toBe('DUNE-48213');
    expect(byReference.get(references.awaiting)?.supplier?.status).toBe('awaiting_supplier');
    expect(byReference.get(references.own)?.supplier).toBeNull();

    for (const [locale, headers, awaiting] of [
      ['en', ['Supplier reference', 'Supplier status', 'Supplier codes'], 'Awaiting the supplier'],
      ['ru', ['Номер у поставщика', 'Статус у поставщика', 'Коды поставщика'], 'Ждём ответа поставщика'],
    ] as const) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await (await bookingExportResponse(database.db, senior, 'all', query, locale, now)).arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(-3)).toEqual(headers);
      const cells = new Map<string, unknown[]>();
      sheet.eachRow((row, index) => {
        if (index > 1) cells.set(String(row.getCell(1).value), (row.values as unknown[]).slice(header.length - 2));
      });
      expect(cells.get(references.supplier)).toEqual([
        'DUNE-48213',
        locale === 'en' ? 'Confirmed' : 'Подтверждено',
        'ADULT-QR-0001 (QRCODE), ADULT-QR-0002 (QRCODE), 4006381333931 (CODE128)',
      ]);
      expect(cells.get(references.awaiting)?.[1]).toBe(awaiting);
      expect(cells.get(references.own)?.filter((cell) => cell !== undefined && cell !== null)).toEqual([]);
    }
  });
});
