// The tax invoice from the operator to the agency, at b2b (NET) prices. UAE VAT (5%) is included
// in every price, so the invoice states the VAT contained in the total rather than adding it.
import 'server-only';
import { formatMoney } from '@/server/money/money';
import type { BookingDocument } from './booking-document';
import {
  COLOR,
  FONT,
  contentWidth,
  drawFields,
  drawHeader,
  ensureSpace,
  formatDubaiDate,
  formatTourDate,
  renderBookingPdf,
  type DocumentTranslator,
  type Pdf,
} from './pdf-layout';

const VAT_PERCENT = 5;

/** The VAT contained in a VAT-inclusive amount: total × 5/105, to the nearest fils. */
export function includedVat(totalMinor: number): number {
  return Math.round((totalMinor * VAT_PERCENT) / (100 + VAT_PERCENT));
}

type Column = { width: number; align: 'left' | 'right' };
const QUANTITY_COLUMN: Column = { width: 50, align: 'right' };
const AMOUNT_COLUMN: Column = { width: 100, align: 'right' };

export function renderInvoicePdf(doc: BookingDocument): Promise<Buffer> {
  return renderBookingPdf(doc, 'invoice', (pdf, t) => {
    drawHeader(pdf, doc, t('invoice.title'), doc.reference);
    drawFields(pdf, [
      { label: t('invoice.number'), value: doc.reference },
      { label: t('invoice.issueDate'), value: formatDubaiDate(doc.createdAt, doc.locale) },
    ]);
    drawParties(pdf, doc, t);
    drawBookingLine(pdf, doc, t);
    drawLines(pdf, doc, t);
    drawTotals(pdf, doc, t);
    pdf.moveDown(1.5);
    pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(t('invoice.vatNote'), pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
  });
}

/** Seller on the left, the agency billed on the right. */
function drawParties(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator): void {
  const { seller, agency } = doc;
  const left = pdf.page.margins.left;
  const columnWidth = (contentWidth(pdf) - 24) / 2;
  pdf.moveDown(1);
  ensureSpace(pdf, 110);
  const top = pdf.y;
  drawParty(pdf, left, top, columnWidth, t('invoice.seller'), seller.legalName, [
    seller.address,
    t('invoice.vatNumber', { number: seller.vatNumber }),
    t('invoice.licenceNumber', { number: seller.licenceNumber }),
    `${seller.phone} · ${seller.email}`,
  ]);
  const sellerBottom = pdf.y;
  drawParty(pdf, left + columnWidth + 24, top, columnWidth, t('invoice.billTo'), agency.name, [
    agency.address,
    agency.trn ? t('invoice.agencyTrn', { number: agency.trn }) : null,
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

function drawBookingLine(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator): void {
  const line = t('invoice.bookingFor', {
    reference: doc.reference,
    guest: doc.guest.name,
    tour: doc.tourTitle,
    offer: doc.offerName,
    date: formatTourDate(doc.tourDate, doc.locale),
  });
  pdf.moveDown(0.5);
  pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink).text(line, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
  pdf.moveDown(0.8);
}

/** Description, quantity, unit price and amount; the description takes the remaining width. */
function drawLines(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator): void {
  const money = (minor: number) => formatMoney(minor, doc.currency, doc.locale);
  const descriptionColumn: Column = { width: contentWidth(pdf) - QUANTITY_COLUMN.width - 2 * AMOUNT_COLUMN.width, align: 'left' };
  const columns = [descriptionColumn, QUANTITY_COLUMN, AMOUNT_COLUMN, AMOUNT_COLUMN];
  drawRow(pdf, columns, [t('invoice.description'), t('invoice.quantity'), t('invoice.unitPrice'), t('invoice.lineTotal')], {
    font: FONT.bold,
    fill: COLOR.tint,
  });
  for (const line of doc.netLines) {
    drawRow(pdf, columns, [line.description, String(line.quantity), money(line.unitMinor), money(line.totalMinor)], { font: FONT.regular });
  }
}

function drawRow(pdf: Pdf, columns: readonly Column[], cells: readonly string[], style: { font: string; fill?: string }): void {
  const padding = 6;
  pdf.font(style.font).fontSize(9.5);
  const height =
    Math.max(...cells.map((cell, index) => pdf.heightOfString(cell, { width: (columns[index]?.width ?? 0) - 2 * padding }))) + 2 * padding;
  ensureSpace(pdf, height);
  const left = pdf.page.margins.left;
  const top = pdf.y;
  if (style.fill) pdf.rect(left, top, contentWidth(pdf), height).fill(style.fill);
  pdf.moveTo(left, top + height).lineTo(left + contentWidth(pdf), top + height).lineWidth(0.5).stroke(COLOR.rule);
  let x = left;
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    pdf.fillColor(COLOR.ink).text(cell, x + padding, top + padding, { width: column.width - 2 * padding, align: column.align });
    x += column.width;
  });
  pdf.x = left;
  pdf.y = top + height;
}

function drawTotals(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator): void {
  const money = (minor: number) => formatMoney(minor, doc.currency, doc.locale);
  const subtotal = doc.netLines.reduce((sum, line) => sum + line.totalMinor, 0);
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: t('invoice.subtotal'), value: money(subtotal) },
    ...(doc.discountMinor > 0 ? [{ label: t('invoice.discount'), value: money(-doc.discountMinor) }] : []),
    { label: t('invoice.total'), value: money(doc.netTotalMinor), strong: true },
    { label: t('invoice.vatIncluded'), value: money(includedVat(doc.netTotalMinor)) },
    { label: t('invoice.paid'), value: money(doc.paidMinor) },
    { label: t('invoice.balanceDue'), value: money(doc.netTotalMinor - doc.paidMinor), strong: true },
  ];
  const width = contentWidth(pdf);
  const labelX = pdf.page.margins.left + width / 2;
  const labelWidth = width / 2 - AMOUNT_COLUMN.width;
  pdf.moveDown(0.6);
  ensureSpace(pdf, rows.length * 18);
  for (const row of rows) {
    const top = pdf.y;
    pdf.font(row.strong ? FONT.bold : FONT.regular).fontSize(row.strong ? 11 : 9.5).fillColor(COLOR.ink);
    pdf.text(row.label, labelX, top, { width: labelWidth });
    pdf.text(row.value, labelX + labelWidth, top, { width: AMOUNT_COLUMN.width - 6, align: 'right' });
    pdf.y += 4;
  }
  pdf.x = pdf.page.margins.left;
}
