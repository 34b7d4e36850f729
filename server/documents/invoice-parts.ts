// What the booking invoice and the monthly tax invoice draw alike: the two parties, table rows and
// the totals block. The texts come in already translated, so both documents keep their own wording.
import 'server-only';
import type { BookingDocument } from './booking-document';
import { COLOR, FONT, contentWidth, type DocumentTranslator, ensureSpace, formatTourDate, type Pdf } from './pdf-layout';

export type Column = { width: number; align: 'left' | 'right' };
export const AMOUNT_COLUMN: Column = { width: 100, align: 'right' };
const CELL_PADDING = 6;

export type Parties = Pick<BookingDocument, 'seller' | 'agency'>;
export type PartyLabels = { seller: string; billTo: string; vatNumber: string; licenceNumber: string; agencyTrn: string | null };

/** Seller on the left, the agency billed on the right. */
export function drawParties(pdf: Pdf, { seller, agency }: Parties, labels: PartyLabels): void {
  const left = pdf.page.margins.left;
  const columnWidth = (contentWidth(pdf) - 24) / 2;
  pdf.moveDown(1);
  ensureSpace(pdf, 110);
  const top = pdf.y;
  drawParty(pdf, left, top, columnWidth, labels.seller, seller.legalName, [seller.address, labels.vatNumber, labels.licenceNumber, `${seller.phone} · ${seller.email}`]);
  const sellerBottom = pdf.y;
  drawParty(pdf, left + columnWidth + 24, top, columnWidth, labels.billTo, agency.name, [agency.address, labels.agencyTrn]);
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

export type RowStyle = { font: string; fill?: string; size?: number };

export function rowHeight(pdf: Pdf, columns: readonly Column[], cells: readonly string[], style: RowStyle): number {
  pdf.font(style.font).fontSize(style.size ?? 9.5);
  const heights = cells.map((cell, index) => pdf.heightOfString(cell, { width: (columns[index]?.width ?? 0) - 2 * CELL_PADDING }));
  return Math.max(...heights) + 2 * CELL_PADDING;
}

export function drawRow(pdf: Pdf, columns: readonly Column[], cells: readonly string[], style: RowStyle): void {
  const height = rowHeight(pdf, columns, cells, style);
  ensureSpace(pdf, height);
  const left = pdf.page.margins.left;
  const top = pdf.y;
  if (style.fill) pdf.rect(left, top, contentWidth(pdf), height).fill(style.fill);
  pdf.moveTo(left, top + height).lineTo(left + contentWidth(pdf), top + height).lineWidth(0.5).stroke(COLOR.rule);
  pdf.font(style.font).fontSize(style.size ?? 9.5);
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

export type TotalRow = { label: string; value: string; strong?: boolean };

/** Labels and amounts in the right half, the strong ones larger. */
export function drawTotals(pdf: Pdf, rows: readonly TotalRow[]): void {
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

/** The sentence naming the booking an invoice or a credit note is for (`key` picks which). */
export function drawBookingLine(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator, key: 'invoice.bookingFor' | 'creditNote.bookingFor'): void {
  const line = t(key, {
    reference: doc.reference,
    guest: doc.guest.name,
    tour: doc.tourTitle,
    offer: doc.offerName,
    date: formatTourDate(doc.tourDate, doc.locale),
  });
  pdf.moveDown(0.5);
  pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink).text(line, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
}
