// One page per guest ticket — adults, then children, then infants — each with a QR code of the
// booking reference, which the entrance scans to find the booking.
import 'server-only';
import QRCode from 'qrcode';
import { codeForGuest, isQrCode, type SupplierCode } from '@/shared/bookings/supplier-side';
import type { BookingDocument } from './booking-document';
import { paymentMethodName } from './payment-parts';
import {
  COLOR,
  FONT,
  contentWidth,
  drawFields,
  drawHeader,
  formatStartTime,
  formatTourDate,
  renderBookingPdf,
  type DocumentTranslator,
  type Pdf,
} from './pdf-layout';

export type TicketType = 'adult' | 'child' | 'infant';
export type GuestTicket = { type: TicketType; index: number; count: number };

const QR_SIZE = 150;
const CARD_HEIGHT = 250;
const CARD_PADDING = 18;

/** The tickets of a booking in print order: every adult, then every child, then every infant. */
export function guestTickets(doc: Pick<BookingDocument, 'adults' | 'children' | 'infants'>): GuestTicket[] {
  const counts: [TicketType, number][] = [
    ['adult', doc.adults],
    ['child', doc.children],
    ['infant', doc.infants],
  ];
  return counts.flatMap(([type, count]) => Array.from({ length: count }, (_, offset) => ({ type, index: offset + 1, count })));
}

export async function renderTicketsPdf(doc: BookingDocument): Promise<Buffer> {
  // A QR code admits the guest: none is ever drawn for a booking that is not confirmed or was cancelled.
  if (doc.status !== 'completed') throw new Error(`Booking ${doc.reference} is ${doc.status}: it has no tickets`);
  // A data URL, unlike a buffer, lets pdfkit embed the image once and reuse it on every page.
  const qrCode = await qrImage(doc.reference);
  // A supplier-backed booking admits its guests with the supplier's codes, not our reference: each
  // guest's page carries the code issued for them (or the booking's own code) as the supplier
  // issued it — a QR code for `QRCODE`, the code in large type for the formats we do not draw.
  const supplierCodes = doc.supplier?.codes ?? [];
  const images = new Map<string, string>();
  for (const code of supplierCodes) if (isQrCode(code) && !images.has(code.code)) images.set(code.code, await qrImage(code.code));
  return renderBookingPdf(doc, 'tickets', (pdf, t) => {
    guestTickets(doc).forEach((ticket, position) => {
      if (position > 0) pdf.addPage();
      const supplierCode = supplierCodes.length > 0 ? codeForGuest(supplierCodes, ticket.type, ticket.index) : null;
      drawTicketPage(pdf, doc, ticket, doc.guestNames?.[position] || doc.guest.name, supplierCode ? { code: supplierCode, image: images.get(supplierCode.code) ?? null } : { code: null, image: qrCode }, t);
    });
  });
}

function qrImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, scale: 8 });
}

/** What admits the guest: our reference's QR code, or the supplier's code (drawn as QR when it is one). */
type Admission = { code: SupplierCode | null; image: string | null };

function drawTicketPage(pdf: Pdf, doc: BookingDocument, ticket: GuestTicket, guestName: string, admission: Admission, t: DocumentTranslator): void {
  const ticketLabel = t('tickets.ticketOf', { type: ticket.type, index: ticket.index, count: ticket.count });
  drawHeader(pdf, doc, t('tickets.title'), doc.reference);
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  const top = pdf.y;
  pdf.roundedRect(left, top, width, CARD_HEIGHT, 10).lineWidth(1).stroke(COLOR.brand);

  const qrX = left + width - CARD_PADDING - QR_SIZE;
  const shownCode = admission.code?.code ?? doc.reference;
  if (admission.image) {
    pdf.image(admission.image, qrX, top + CARD_PADDING, { width: QR_SIZE, height: QR_SIZE });
    pdf.font(FONT.bold).fontSize(12).fillColor(COLOR.ink).text(shownCode, qrX, top + CARD_PADDING + QR_SIZE + 8, { width: QR_SIZE, align: 'center' });
  } else {
    // A barcode format we do not draw: the code large enough to type in, with its format.
    pdf.font(FONT.bold).fontSize(fittingSize(pdf, shownCode, QR_SIZE)).fillColor(COLOR.ink).text(shownCode, qrX, top + CARD_PADDING + 50, { width: QR_SIZE, align: 'center' });
    pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(admission.code?.format ?? '', qrX, pdf.y + 4, { width: QR_SIZE, align: 'center' });
  }

  const textX = left + CARD_PADDING;
  const textWidth = qrX - textX - CARD_PADDING;
  pdf.font(FONT.bold).fontSize(16).fillColor(COLOR.brand).text(ticketLabel, textX, top + CARD_PADDING, { width: textWidth });
  pdf.moveDown(0.6);
  drawFields(
    pdf,
    [
      { label: t('common.reference'), value: doc.reference },
      ...(doc.supplier?.reference ? [{ label: t('common.supplierReference'), value: doc.supplier.reference }] : []),
      // Each guest's own name on their ticket (set by an amendment), else the lead guest's.
      { label: t('common.guestName'), value: guestName },
      { label: t('common.tour'), value: doc.tourTitle },
      { label: t('common.offer'), value: doc.offerName },
      { label: t('common.date'), value: formatTourDate(doc.tourDate, doc.locale) },
      { label: t('common.startTime'), value: formatStartTime(doc.startTime, t) },
      { label: t('tickets.payment'), value: paymentMethodName(doc, t) },
      // Re-issued by an amendment: the issue printed, so a ticket of an earlier one reads as void.
      ...((doc.documentIssue ?? 1) > 1 ? [{ label: t('tickets.issue'), value: String(doc.documentIssue) }] : []),
    ],
    { left: textX, width: textWidth, labelWidth: 100 },
  );

  const hint = admission.code ? t('tickets.supplierScanHint') : t('tickets.scanHint');
  pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(hint, left, top + CARD_HEIGHT + 14, { width });
}

/** The largest size up to 16 points at which `text` fits `width` on one line (long codes shrink). */
function fittingSize(pdf: Pdf, text: string, width: number): number {
  const atOnePoint = pdf.font(FONT.bold).fontSize(1).widthOfString(text);
  return Math.max(6, Math.min(16, Math.floor((width / atOnePoint) * 10) / 10));
}
