// The credit note a cancellation issues against the booking's invoice: what was paid,
// what the cancellation policy refunds, the processing fee kept from it, what went back to the
// balance — or, for a card, crypto or SBP booking, to the payment through its provider, with the
// refund's state — and what was not refunded. At NET (b2b) prices, like the
// invoice it credits.
import 'server-only';
import { formatMoney } from '@/shared/money/money';
import type { BookingCancellation, BookingDocument, BookingPayment } from './booking-document';
import { creditNoteNumber } from './document-kinds';
import { drawBookingLine, drawParties, drawTotals, type PartyLabels, type TotalRow } from './invoice-parts';
import { paymentMethodName, providerName } from './payment-parts';
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
    const { payment } = doc;
    // Paid through a provider, the refund goes back to the card (or wallet, or SBP), not to the balance.
    const rows: TotalRow[] = [
      { label: t('creditNote.invoiceTotal'), value: money(figures.invoiceTotalMinor) },
      { label: payment ? paymentMethodName(doc, t) : t('creditNote.paid'), value: money(figures.paidMinor) },
      { label: t('creditNote.grossRefund', { percent: figures.percent }), value: money(figures.grossRefundMinor) },
      { label: t('creditNote.fee'), value: money(-figures.feeMinor) },
      { label: payment ? t('creditNote.refundTo', { method: payment.method }) : t('creditNote.refund'), value: money(figures.refundMinor), strong: true },
      { label: t('creditNote.notRefunded'), value: money(figures.notRefundedMinor) },
    ];
    drawTotals(pdf, rows);
    if (payment) drawProviderRefunds(pdf, doc, payment, t);
    pdf.moveDown(1.5);
    const note = payment ? t('creditNote.providerNote', { reference: doc.reference, currency: payment.currency }) : t('creditNote.note', { reference: doc.reference });
    pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(note, left, pdf.y, { width: contentWidth(pdf) });
  });
}

/**
 * Each refund through the payment's provider, in the currency it was charged in, and its state:
 * pending until the provider has taken it (a refused one is retried and stays pending), then refunded.
 */
function drawProviderRefunds(pdf: Pdf, doc: BookingDocument, payment: BookingPayment, t: DocumentTranslator): void {
  if (doc.providerRefunds.length === 0) return;
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  const provider = providerName(payment, t);
  pdf.moveDown(1);
  ensureSpace(pdf, 30 + doc.providerRefunds.length * 30);
  pdf.font(FONT.bold).fontSize(10).fillColor(COLOR.ink).text(t('creditNote.providerRefundSection'), left, pdf.y, { width });
  for (const refund of doc.providerRefunds) {
    const amount = formatMoney(refund.amountMinor, refund.currency, doc.locale);
    const line = t('creditNote.providerRefund', { refundTo: t('creditNote.refundTo', { method: payment.method }), provider, amount });
    const status = t('creditNote.refundStatus', {
      status: refund.status,
      provider,
      date: refund.settledAt ? formatDubaiDate(refund.settledAt, doc.locale) : '',
    });
    pdf.moveDown(0.3);
    pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink).text(`${line}. ${status}`, left, pdf.y, { width });
  }
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
