// One page per guest ticket — adults, then children, then infants — each with a QR code of the
// booking reference, which the entrance scans to find the booking.
import 'server-only';
import QRCode from 'qrcode';
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
  const qrCode = await QRCode.toDataURL(doc.reference, { errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  return renderBookingPdf(doc, 'tickets', (pdf, t) => {
    guestTickets(doc).forEach((ticket, position) => {
      if (position > 0) pdf.addPage();
      drawTicketPage(pdf, doc, ticket, qrCode, t);
    });
  });
}

function drawTicketPage(pdf: Pdf, doc: BookingDocument, ticket: GuestTicket, qrCode: string, t: DocumentTranslator): void {
  const ticketLabel = t('tickets.ticketOf', { type: ticket.type, index: ticket.index, count: ticket.count });
  drawHeader(pdf, doc, t('tickets.title'), doc.reference);
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  const top = pdf.y;
  pdf.roundedRect(left, top, width, CARD_HEIGHT, 10).lineWidth(1).stroke(COLOR.brand);

  const qrX = left + width - CARD_PADDING - QR_SIZE;
  pdf.image(qrCode, qrX, top + CARD_PADDING, { width: QR_SIZE, height: QR_SIZE });
  pdf.font(FONT.bold).fontSize(12).fillColor(COLOR.ink).text(doc.reference, qrX, top + CARD_PADDING + QR_SIZE + 8, { width: QR_SIZE, align: 'center' });

  const textX = left + CARD_PADDING;
  const textWidth = qrX - textX - CARD_PADDING;
  pdf.font(FONT.bold).fontSize(16).fillColor(COLOR.brand).text(ticketLabel, textX, top + CARD_PADDING, { width: textWidth });
  pdf.moveDown(0.6);
  drawFields(
    pdf,
    [
      { label: t('common.reference'), value: doc.reference },
      { label: t('common.guestName'), value: doc.guest.name },
      { label: t('common.tour'), value: doc.tourTitle },
      { label: t('common.offer'), value: doc.offerName },
      { label: t('common.date'), value: formatTourDate(doc.tourDate, doc.locale) },
      { label: t('common.startTime'), value: formatStartTime(doc.startTime, t) },
      { label: t('tickets.payment'), value: paymentMethodName(doc, t) },
    ],
    { left: textX, width: textWidth, labelWidth: 100 },
  );

  pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(t('tickets.scanHint'), left, top + CARD_HEIGHT + 14, { width });
}
