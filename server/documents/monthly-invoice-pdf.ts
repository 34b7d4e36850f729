// The agency's monthly tax invoice as a PDF: the operator's header and footer shared with the
// booking documents, the parties, one row per completed booking at NET, and the month's totals
// with the VAT they contain.
import 'server-only';
import { format } from 'date-fns';
import { dateLocale } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { formatMoney } from '@/server/money/money';
import type { MonthlyInvoice } from './monthly-invoice';
import {
  COLOR,
  FONT,
  contentWidth,
  drawFields,
  drawHeader,
  drawSectionTitle,
  ensureSpace,
  formatTourDate,
  renderBookingPdf,
  type DocumentTranslator,
  type Pdf,
} from './pdf-layout';

type Column = { width: number; align: 'left' | 'right' };
const REFERENCE_COLUMN: Column = { width: 82, align: 'left' };
const DATE_COLUMN: Column = { width: 78, align: 'left' };
const AMOUNT_COLUMN: Column = { width: 100, align: 'right' };
const CELL_PADDING = 6;

/** A month `yyyy-MM` as its name and year in `locale`, e.g. "October 2026", "октябрь 2026". */
export function formatInvoiceMonth(month: string, locale: Locale): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return format(new Date(year, monthNumber - 1, 1), 'LLLL yyyy', { locale: dateLocale(locale) });
}

export function renderMonthlyInvoicePdf(invoice: MonthlyInvoice): Promise<Buffer> {
  const { locale } = invoice;
  const heading = { locale, reference: invoice.number, seller: invoice.seller };
  return renderBookingPdf(heading, 'monthlyInvoice', (pdf, t) => {
    drawHeader(pdf, heading, t('monthlyInvoice.title'), formatInvoiceMonth(invoice.month, locale));
    drawFields(pdf, [
      { label: t('monthlyInvoice.number'), value: invoice.number },
      { label: t('monthlyInvoice.issueDate'), value: formatTourDate(invoice.issueDate, locale) },
      {
        label: t('monthlyInvoice.period'),
        value: t('monthlyInvoice.periodRange', { from: formatTourDate(invoice.periodStart, locale), to: formatTourDate(invoice.periodEnd, locale) }),
      },
      { label: t('monthlyInvoice.dueDate'), value: formatTourDate(invoice.dueDate, locale) },
    ]);
    drawParties(pdf, invoice, t);
    drawSectionTitle(pdf, t('monthlyInvoice.bookingsSection', { count: invoice.lines.length }));
    drawLines(pdf, invoice, t);
    drawTotals(pdf, invoice, t);
    const note = `${t('monthlyInvoice.vatNote')}\n${t('monthlyInvoice.paymentTerms', { date: formatTourDate(invoice.dueDate, locale) })}`;
    pdf.moveDown(1.5);
    ensureSpace(pdf, 40);
    pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(note, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
  });
}

/** Seller on the left, the agency billed on the right. */
function drawParties(pdf: Pdf, invoice: MonthlyInvoice, t: DocumentTranslator): void {
  const { seller, agency } = invoice;
  const left = pdf.page.margins.left;
  const columnWidth = (contentWidth(pdf) - 24) / 2;
  pdf.moveDown(1);
  ensureSpace(pdf, 110);
  const top = pdf.y;
  drawParty(pdf, left, top, columnWidth, t('monthlyInvoice.seller'), seller.legalName, [
    seller.address,
    t('monthlyInvoice.vatNumber', { number: seller.vatNumber }),
    t('monthlyInvoice.licenceNumber', { number: seller.licenceNumber }),
    `${seller.phone} · ${seller.email}`,
  ]);
  const sellerBottom = pdf.y;
  drawParty(pdf, left + columnWidth + 24, top, columnWidth, t('monthlyInvoice.billTo'), agency.name, [
    agency.address,
    agency.trn ? t('monthlyInvoice.agencyTrn', { number: agency.trn }) : null,
  ]);
  pdf.x = left;
  pdf.y = Math.max(sellerBottom, pdf.y) + 8;
}

function drawParty(pdf: Pdf, x: number, top: number, width: number, heading: string, name: string, lines: (string | null)[]): void {
  pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted).text(heading, x, top, { width });
  pdf.font(FONT.bold).fontSize(11).fillColor(COLOR.ink).text(name, x, pdf.y + 2, { width });
  pdf.font(FONT.regular).fontSize(9);
  for (const line of lines) {
    if (line) pdf.text(line, x, pdf.y + 1, { width });
  }
}

/** Reference, booking day, the service (tour, option, guest, tour date) and the NET amount. */
function drawLines(pdf: Pdf, invoice: MonthlyInvoice, t: DocumentTranslator): void {
  const { locale } = invoice;
  if (invoice.lines.length === 0) {
    pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink).text(t('monthlyInvoice.noBookings'), pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
    return;
  }
  const serviceColumn: Column = { width: contentWidth(pdf) - REFERENCE_COLUMN.width - DATE_COLUMN.width - AMOUNT_COLUMN.width, align: 'left' };
  const columns = [REFERENCE_COLUMN, DATE_COLUMN, serviceColumn, AMOUNT_COLUMN];
  const header = [t('monthlyInvoice.reference'), t('monthlyInvoice.bookedOn'), t('monthlyInvoice.service'), t('monthlyInvoice.amount')];
  drawRow(pdf, columns, header, { font: FONT.bold, fill: COLOR.tint });
  for (const line of invoice.lines) {
    const service = t('monthlyInvoice.serviceLine', {
      tour: line.tourTitle,
      offer: line.offerName,
      guest: line.guestName,
      date: formatTourDate(line.tourDate, locale),
    });
    const cells = [line.reference, formatTourDate(line.bookedOn, locale), service, formatMoney(line.netTotalMinor, invoice.currency, locale)];
    // A row split by a page break would lose its header: repeat it on the new page.
    if (pdf.y + rowHeight(pdf, columns, cells, FONT.regular) > pdf.page.maxY()) {
      pdf.addPage();
      drawRow(pdf, columns, header, { font: FONT.bold, fill: COLOR.tint });
    }
    drawRow(pdf, columns, cells, { font: FONT.regular });
  }
}

function rowHeight(pdf: Pdf, columns: readonly Column[], cells: readonly string[], font: string): number {
  pdf.font(font).fontSize(9);
  const heights = cells.map((cell, index) => pdf.heightOfString(cell, { width: (columns[index]?.width ?? 0) - 2 * CELL_PADDING }));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawRow(pdf: Pdf, columns: readonly Column[], cells: readonly string[], style: { font: string; fill?: string }): void {
  const height = rowHeight(pdf, columns, cells, style.font);
  ensureSpace(pdf, height);
  const left = pdf.page.margins.left;
  const top = pdf.y;
  if (style.fill) pdf.rect(left, top, contentWidth(pdf), height).fill(style.fill);
  pdf.moveTo(left, top + height).lineTo(left + contentWidth(pdf), top + height).lineWidth(0.5).stroke(COLOR.rule);
  pdf.font(style.font).fontSize(9);
  let x = left;
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    pdf.fillColor(COLOR.ink).text(cell, x + CELL_PADDING, top + CELL_PADDING, { width: column.width - 2 * CELL_PADDING, align: column.align });
    x += column.width;
  });
  pdf.x = left;
  pdf.y = top + height;
}

function drawTotals(pdf: Pdf, invoice: MonthlyInvoice, t: DocumentTranslator): void {
  const money = (minor: number) => formatMoney(minor, invoice.currency, invoice.locale);
  const { totals } = invoice;
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: t('monthlyInvoice.subtotal'), value: money(totals.excludingVatMinor) },
    { label: t('monthlyInvoice.vat'), value: money(totals.vatMinor) },
    { label: t('monthlyInvoice.total'), value: money(totals.totalMinor), strong: true },
    { label: t('monthlyInvoice.paid'), value: money(totals.paidMinor) },
    { label: t('monthlyInvoice.amountDue'), value: money(totals.dueMinor), strong: true },
  ];
  const width = contentWidth(pdf);
  const labelX = pdf.page.margins.left + width / 2;
  const labelWidth = width / 2 - AMOUNT_COLUMN.width;
  pdf.moveDown(0.8);
  ensureSpace(pdf, rows.length * 20);
  for (const row of rows) {
    const top = pdf.y;
    pdf.font(row.strong ? FONT.bold : FONT.regular).fontSize(row.strong ? 11 : 9.5).fillColor(COLOR.ink);
    pdf.text(row.label, labelX, top, { width: labelWidth });
    const labelBottom = pdf.y;
    pdf.text(row.value, labelX + labelWidth, top, { width: AMOUNT_COLUMN.width - CELL_PADDING, align: 'right' });
    pdf.y = Math.max(labelBottom, pdf.y) + 4;
  }
  pdf.x = pdf.page.margins.left;
}
