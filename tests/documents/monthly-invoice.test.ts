import { eq, inArray } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import type { Principal } from '@/server/auth/principal';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { createBooking } from '@/server/bookings/create-booking';
import type { CheckoutInput } from '@/shared/bookings/checkout-schema';
import { bookings } from '@/server/db/schema';
import { includedVat } from '@/server/documents/invoice-pdf';
import { isInvoiceMonth, loadMonthlyInvoice, type MonthlyInvoice } from '@/server/documents/monthly-invoice';
import { renderMonthlyInvoicePdf } from '@/server/documents/monthly-invoice-pdf';
import { Forbidden } from '@/server/errors';
import { formatMoney } from '@/shared/money/money';
import { addDays, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// October 2026 in Asia/Dubai (UTC+4) runs from 2026-09-30T20:00Z to 2026-10-31T20:00Z; its tax
// invoice is issued on 3 November (from 2026-11-02T20:00Z) and falls due on 30 November.
const now = new Date('2026-11-21T08:00:00Z');
const today = '2026-11-21';
const tourDate = addDays(today, 10);
const MONTH = '2026-10';
const IN_OCTOBER = new Date('2026-10-14T09:00:00Z');

let database: TestDatabase;
let senior: Principal;
/** The Desert Rose bookings the October invoice must list, by reference. */
const invoiced: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  senior = await principalFor(db, 'senior@desertrose.test');
  const gulfSenior = await principalFor(db, 'senior@gulfhorizons.test');
  const shared = await findOffer(db, 'shared');
  const slot = await prepareSlot(db, shared.id, tourDate, { left: 50 });
  const onRequest = await findOffer(db, 'request');
  const book = async (principal: Principal, overrides: Partial<CheckoutInput>) => {
    const input = checkoutInput({ offerId: shared.id, date: tourDate, time: slot.startTime, ...overrides });
    return createBooking(db, principal, input, { locale: 'en', now });
  };
  const moveTo = (references: string[], createdAt: Date) => db.update(bookings).set({ createdAt }).where(inArray(bookings.reference, references));

  const fromBalance = await book(senior, { adults: 2, paymentMethod: 'balance' });
  const inCash = await book(senior, { adults: 1, children: 1, paymentMethod: 'cash' });
  // 00:30 on 1 October in Dubai is still 30 September in UTC.
  const firstMinute = await book(senior, { adults: 1, paymentMethod: 'balance' });
  // 00:30 on 1 November in Dubai is still 31 October in UTC: November's, not October's.
  const nextMonth = await book(senior, { adults: 1, paymentMethod: 'balance' });
  const cancelled = await book(senior, { adults: 3, paymentMethod: 'balance' });
  await cancelBooking(db, senior, cancelled.reference, now);
  const request = await book(senior, { offerId: onRequest.id, time: null, adults: Math.max(1, onRequest.minPeople), paymentMethod: 'request' });
  const otherAgency = await book(gulfSenior, { adults: 2, paymentMethod: 'cash' });

  for (const booked of [fromBalance, inCash, firstMinute, nextMonth, otherAgency]) expect(booked.status).toBe('completed');
  expect(request.status).toBe('quotation_request');

  invoiced.push(fromBalance.reference, inCash.reference, firstMinute.reference);
  await moveTo([fromBalance.reference, inCash.reference, cancelled.reference, request.reference, otherAgency.reference], IN_OCTOBER);
  await moveTo([firstMinute.reference], new Date('2026-09-30T20:30:00Z'));
  await moveTo([nextMonth.reference], new Date('2026-10-31T20:30:00Z'));
});
afterAll(() => database.dispose());

async function octoberInvoice(locale: 'en' | 'ru' = 'en'): Promise<MonthlyInvoice> {
  const invoice = await loadMonthlyInvoice(database.db, senior, MONTH, now, locale);
  if (!invoice) throw new Error('No October invoice');
  return invoice;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    // Wrapped lines and the no-break spaces of formatted money all become one space.
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

describe('the monthly tax invoice', () => {
  it("lists the month's completed bookings of the agency at NET, and totals them", async () => {
    const invoice = await octoberInvoice();
    const rows = await database.db
      .select({ reference: bookings.reference, net: bookings.netTotalMinor, paid: bookings.paidMinor })
      .from(bookings)
      .where(inArray(bookings.reference, invoiced));
    const total = rows.reduce((sum, row) => sum + row.net, 0);
    const paid = rows.reduce((sum, row) => sum + row.paid, 0);

    expect(invoice.lines.map((line) => line.reference).sort()).toEqual([...invoiced].sort());
    expect(invoice.totals).toEqual({
      totalMinor: total,
      vatMinor: includedVat(total),
      excludingVatMinor: total - includedVat(total),
      paidMinor: paid,
      providerPaidMinor: 0,
      dueMinor: total - paid,
    });
    expect(paid).toBeGreaterThan(0);
    expect(paid).toBeLessThan(total);
    expect(invoice).toMatchObject({
      number: 'INV-0D2B7A1C0001-2026-10',
      issueDate: '2026-11-03',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      dueDate: '2026-11-30',
      agency: { name: 'Desert Rose Travel' },
    });
    expect(invoice.lines[0]).toMatchObject({ bookedOn: '2026-10-01' });
  });

  it('leaves out cancelled bookings, requests and the next month', async () => {
    const listed = new Set((await octoberInvoice()).lines.map((line) => line.reference));
    const others = await database.db
      .select({ reference: bookings.reference, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.agencyId, senior.agencyId));
    const leftOut = others.filter((row) => !invoiced.includes(row.reference));
    expect(leftOut.map((row) => row.status).sort()).toEqual(['cancelled', 'completed', 'quotation_request']);
    for (const row of leftOut) expect(listed.has(row.reference)).toBe(false);
  });

  it("never shows another agency's bookings", async () => {
    const gulfAdmin = await principalFor(database.db, 'admin@gulfhorizons.test');
    const gulf = await loadMonthlyInvoice(database.db, gulfAdmin, MONTH, now);
    expect(gulf?.number).toMatch(/^INV-[0-9A-F]{12}-2026-10$/);
    expect(gulf?.number).not.toBe('INV-0D2B7A1C0001-2026-10');
    expect(gulf?.agency.name).toBe('Gulf Horizons Tours');
    expect(gulf?.lines).toHaveLength(1);
    for (const line of gulf?.lines ?? []) expect(invoiced).not.toContain(line.reference);
  });

  it('refuses a junior agent', async () => {
    const junior = await principalFor(database.db, 'junior@desertrose.test');
    await expect(loadMonthlyInvoice(database.db, junior, MONTH, now)).rejects.toBeInstanceOf(Forbidden);
  });

  it('is issued only from the 3rd of the next month, in Asia/Dubai', async () => {
    const { db } = database;
    expect(await loadMonthlyInvoice(db, senior, MONTH, new Date('2026-11-02T19:59:59Z'))).toBeNull();
    expect(await loadMonthlyInvoice(db, senior, MONTH, new Date('2026-11-02T20:00:00Z'))).not.toBeNull();
    expect(await loadMonthlyInvoice(db, senior, '2026-11', now)).toBeNull();
    expect(await loadMonthlyInvoice(db, senior, '2026-13', now)).toBeNull();
  });

  it('is not found for a month outside the calendar the portal keeps (/api/invoices/monthly/9999-12)', async () => {
    for (const month of ['9999-12', '0000-01', '1999-12', '2101-01']) {
      expect(isInvoiceMonth(month), month).toBe(false);
      expect(await loadMonthlyInvoice(database.db, senior, month, now), month).toBeNull();
    }
    expect(isInvoiceMonth('2000-01')).toBe(true);
    expect(isInvoiceMonth('2100-12')).toBe(true);
  });

  it.each([
    ['en', 'Monthly tax invoice', 'Total including VAT'],
    ['ru', 'Ежемесячный налоговый счёт-фактура', 'Итого с НДС'],
  ] as const)('renders in %s with the number, the agency and the total', async (locale, title, totalLabel) => {
    const invoice = await octoberInvoice(locale);
    const pdf = await renderMonthlyInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(title);
    expect(text).toContain('INV-0D2B7A1C0001-2026-10');
    expect(text).toContain('Desert Rose Travel');
    expect(text).toContain(totalLabel);
    expect(text).toContain(formatMoney(invoice.totals.totalMinor, 'AED', locale).replace(/\s+/g, ' '));
    for (const reference of invoiced) expect(text).toContain(reference);
  });

  it('renders a month without bookings', async () => {
    const admin = await principalFor(database.db, 'admin@palmcoast.test');
    const invoice = await loadMonthlyInvoice(database.db, admin, MONTH, now, 'ru');
    expect(invoice?.lines).toEqual([]);
    if (!invoice) throw new Error('No invoice');
    const text = await pdfText(await renderMonthlyInvoicePdf(invoice));
    expect(text).toContain('В этом периоде подтверждённых бронирований нет.');
  });
});
