// The credit note a cancellation issues against the booking's invoice (issue 17 §1): what was paid,
// what the cancellation policy refunds, the processing fee kept from it, what went back to the
// balance and what was not refunded. At NET (b2b) prices, like the invoice it credits.
import 'server-only';
import { formatMoney } from '@/server/shared/money/money';
import type { BookingCancellation, BookingDocument } from './booking-document';
import { creditNoteNumber } from './document-kinds';
import { drawBookingLine, drawParties, drawTotals, type PartyLabels, type TotalRow } from './invoice-parts';
import {
  COLOR,
  FONT,
  contentWidth,
  drawFields,
  drawHeader,
  formatDubaiDate,
  renderBookingPdf,
  type DocumentTranslator,
} from './pdf-layout';

export type CreditNoteFigures = {
  invoiceTotalMinor: number;
  paidMinor: number;
  percent: number;
  /** The policy tier's share of what was paid. */
  grossRefundMinor: number;
  feeMinor: number;
  /** Back to the balance: the tier's share less the fee. */
  refundMinor: number;
  /** What the tier does not refund. Refund + fee + not refunded = paid, to the fils. */
  notRefundedMinor: number;
};

/** The credit note's figures from what the cancellation stored; nothing is recomputed from rates. */
export function creditNoteFigures(doc: Pick<BookingDocument, 'netTotalMinor' | 'paidMinor'>, cancellation: BookingCancellation): CreditNoteFigures {
  const grossRefundMinor = cancellation.refundMinor + cancellation.feeMinor;
  return {
    invoiceTotalMinor: doc.netTotalMinor,
    paidMinor: doc.paidMinor,
    percent: cancellation.percent,
    grossRefundMinor,
    feeMinor: cancellation.feeMinor,
    refundMinor: cancellation.refundMinor,
    notRefundedMinor: doc.paidMinor - grossRefundMinor,
  };
}

export async function renderCreditNotePdf(doc: BookingDocument): Promise<Buffer> {
  const { cancellation } = doc;
  if (!cancellation) throw new Error(`Booking ${doc.reference} is not cancelled: it has no credit note`);
  const figures = creditNoteFigures(doc, cancellation);
  const number = creditNoteNumber(doc.reference);
  return renderBookingPdf(doc, 'creditNote', (pdf, t) => {
    const money = (minor: number) => formatMoney(minor, doc.currency, doc.locale);
    drawHeader(pdf, doc, t('creditNote.title'), number);
    drawFields(pdf, [
      { label: t('creditNote.number'), value: number },
      { label: t('creditNote.issueDate'), value: formatDubaiDate(cancellation.cancelledAt, doc.locale) },
      { label: t('creditNote.invoiceNumber'), value: `${doc.reference} (${formatDubaiDate(doc.createdAt, doc.locale)})` },
    ]);
    drawParties(pdf, doc, partyLabels(doc, t));
    const left = pdf.page.margins.left;
    drawBookingLine(pdf, doc, t, 'creditNote.bookingFor');
    pdf.moveDown(0.3);
    pdf.text(t('creditNote.policyTier', { percent: figures.percent }), left, pdf.y, { width: contentWidth(pdf) });
    const rows: TotalRow[] = [
      { label: t('creditNote.invoiceTotal'), value: money(figures.invoiceTotalMinor) },
      { label: t('creditNote.paid'), value: money(figures.paidMinor) },
      { label: t('creditNote.grossRefund', { percent: figures.percent }), value: money(figures.grossRefundMinor) },
      { label: t('creditNote.fee'), value: money(-figures.feeMinor) },
      { label: t('creditNote.refund'), value: money(figures.refundMinor), strong: true },
      { label: t('creditNote.notRefunded'), value: money(figures.notRefundedMinor) },
    ];
    drawTotals(pdf, rows);
    pdf.moveDown(1.5);
    pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(t('creditNote.note', { reference: doc.reference }), left, pdf.y, { width: contentWidth(pdf) });
  });
}

function partyLabels(doc: BookingDocument, t: DocumentTranslator): PartyLabels {
  return {
    seller: t('creditNote.seller'),
    billTo: t('creditNote.billTo'),
    vatNumber: t('creditNote.vatNumber', { number: doc.seller.vatNumber }),
    licenceNumber: t('creditNote.licenceNumber', { number: doc.seller.licenceNumber }),
    agencyTrn: doc.agency.trn ? t('creditNote.agencyTrn', { number: doc.agency.trn }) : null,
  };
}
