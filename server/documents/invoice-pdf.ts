// The tax invoice from the operator to the agency, at b2b (NET) prices. UAE VAT (5%) is included
// in every price, so the invoice states the VAT contained in the total rather than adding it.
import 'server-only';
import { formatMoney } from '@/shared/money/money';
import type { BookingDocument, BookingPayment, ChargeLine } from './booking-document';
import { paymentMethodName, providerName } from './payment-parts';
import { creditNoteNumber } from './document-kinds';
import { AMOUNT_COLUMN, type Column, drawBookingLine, drawParties, drawRow, drawTotals, type PartyLabels, type TotalRow } from './invoice-parts';
import {
  COLOR,
  FONT,
  contentWidth,
  drawFields,
  drawHeader,
  ensureSpace,
  formatDubaiDate,
  renderBookingPdf,
  type DocumentTranslator,
  type Pdf,
} from './pdf-layout';

const VAT_PERCENT = 5;

/** The VAT contained in a VAT-inclusive amount: total × 5/105, to the nearest fils. */
export function includedVat(totalMinor: number): number {
  return Math.round((totalMinor * VAT_PERCENT) / (100 + VAT_PERCENT));
}

const QUANTITY_COLUMN: Column = { width: 50, align: 'right' };

export function renderInvoicePdf(doc: BookingDocument): Promise<Buffer> {
  return renderBookingPdf(doc, 'invoice', (pdf, t) => {
    drawHeader(pdf, doc, t('invoice.title'), doc.reference);
    drawFields(pdf, [
      { label: t('invoice.number'), value: doc.reference },
      { label: t('invoice.issueDate'), value: formatDubaiDate(doc.createdAt, doc.locale) },
      // "Paid by card (Stripe, pi_…)": full width, so the provider's reference is never broken.
      ...(doc.payment ? [{ label: t('invoice.payment'), value: providerPaidLabel(doc, doc.payment, t) }] : []),
      ...(doc.pickUp.hotelName
        ? [{ label: t('invoice.pickUp'), value: t('invoice.pickUpAt', { hotel: doc.pickUp.hotelName, time: doc.pickUp.time ?? t('common.pickUpTimeLater') }) }]
        : []),
    ]);
    drawParties(pdf, doc, partyLabels(doc, t));
    drawBookingLine(pdf, doc, t, 'invoice.bookingFor');
    pdf.moveDown(0.8);
    drawLines(pdf, doc, t);
    drawInvoiceTotals(pdf, doc, t);
    if (doc.payment && (doc.payment.lines.length > 0 || doc.payment.currency !== doc.currency)) drawCharge(pdf, doc, doc.payment, t);
    if (doc.cancellation) drawCreditedBy(pdf, doc, doc.cancellation.cancelledAt, t);
    pdf.moveDown(1.5);
    const vatNote = doc.payment && doc.payment.currency !== doc.currency ? t('invoice.vatNoteCharged', { currency: doc.payment.currency }) : t('invoice.vatNote');
    pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(vatNote, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
  });
}

/** The invoice stays as issued; a cancelled booking's invoice names the credit note that reverses it. */
function drawCreditedBy(pdf: Pdf, doc: BookingDocument, cancelledAt: Date, t: DocumentTranslator): void {
  pdf.moveDown(1);
  ensureSpace(pdf, 30);
  const text = t('invoice.creditedBy', { date: formatDubaiDate(cancelledAt, doc.locale), number: creditNoteNumber(doc.reference) });
  pdf.font(FONT.bold).fontSize(10).fillColor(COLOR.stamp).text(text, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
}

function partyLabels(doc: BookingDocument, t: DocumentTranslator): PartyLabels {
  return {
    seller: t('invoice.seller'),
    billTo: t('invoice.billTo'),
    vatNumber: t('invoice.vatNumber', { number: doc.seller.vatNumber }),
    licenceNumber: t('invoice.licenceNumber', { number: doc.seller.licenceNumber }),
    agencyTrn: doc.agency.trn ? t('invoice.agencyTrn', { number: doc.agency.trn }) : null,
  };
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

function drawInvoiceTotals(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator): void {
  const money = (minor: number) => formatMoney(minor, doc.currency, doc.locale);
  const subtotal = doc.netLines.reduce((sum, line) => sum + line.totalMinor, 0);
  const rows: TotalRow[] = [
    { label: t('invoice.subtotal'), value: money(subtotal) },
    ...(doc.discountMinor > 0
      ? [{ label: doc.promoCode ? t('invoice.promoDiscount', { code: doc.promoCode }) : t('invoice.discount'), value: money(-doc.discountMinor) }]
      : []),
    { label: t('invoice.total'), value: money(doc.netTotalMinor), strong: true },
    { label: t('invoice.vatIncluded'), value: money(includedVat(doc.netTotalMinor)) },
    doc.payment ? providerPaidRow(doc, doc.payment, t) : { label: t('invoice.paid'), value: money(doc.paidMinor) },
    { label: t('invoice.balanceDue'), value: money(doc.netTotalMinor - doc.paidMinor), strong: true },
  ];
  drawTotals(pdf, rows);
}

/** "Paid by card (Stripe, pi_…)". */
function providerPaidLabel(doc: BookingDocument, payment: BookingPayment, t: DocumentTranslator): string {
  const provider = [providerName(payment, t), payment.providerReference].filter(Boolean).join(', ');
  return `${paymentMethodName(doc, t)} (${provider})`;
}

/** "Paid by card (Stripe)" and what the provider charged, in the currency it charged (fees and tax included). */
function providerPaidRow(doc: BookingDocument, payment: BookingPayment, t: DocumentTranslator): TotalRow {
  return { label: `${paymentMethodName(doc, t)} (${providerName(payment, t)})`, value: formatMoney(payment.totalMinor, payment.currency, doc.locale) };
}

/** The provider charge line by line (spec §9): the booking in the charge currency, the fees, the tax and the total charged. */
function drawCharge(pdf: Pdf, doc: BookingDocument, payment: BookingPayment, t: DocumentTranslator): void {
  const money = (minor: number) => formatMoney(minor, payment.currency, doc.locale);
  pdf.moveDown(1);
  ensureSpace(pdf, 40 + payment.lines.length * 20);
  pdf.font(FONT.bold).fontSize(10).fillColor(COLOR.ink).text(t('invoice.paymentSection', { currency: payment.currency }), pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
  const rows: TotalRow[] = payment.lines.map((line) => ({ label: chargeLineLabel(line, payment, t), value: money(line.amountMinor) }));
  rows.push({ label: t('invoice.chargeLines.charged'), value: money(payment.totalMinor), strong: true });
  drawTotals(pdf, rows);
  const charged = t('invoice.paymentNote', {
    provider: providerName(payment, t),
    date: payment.settledAt ? formatDubaiDate(payment.settledAt, doc.locale) : formatDubaiDate(doc.createdAt, doc.locale),
  });
  pdf.moveDown(0.5);
  pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(charged, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
}

function chargeLineLabel(line: ChargeLine, payment: BookingPayment, t: DocumentTranslator): string {
  switch (line.kind) {
    case 'subtotal':
      return t('invoice.chargeLines.subtotal', { currency: payment.currency });
    case 'conversionFee':
      return t('invoice.chargeLines.conversionFee', { percent: line.percent ?? 0 });
    case 'cardFee':
      return t('invoice.chargeLines.cardFee', { percent: line.percent ?? 0 });
    case 'fees':
      return t('invoice.chargeLines.fees');
    case 'tax':
      return line.percent === null ? t('invoice.chargeLines.tax') : t('invoice.chargeLines.taxPercent', { percent: line.percent });
  }
}
