// What an unconfirmed booking offers instead of a voucher, tickets and an invoice:
// what was asked for, for whom and when, why it is a request, and that it is neither a
// confirmation nor valid for travel, on every page. NET figures only for a reader who may see them.
import 'server-only';
import { formatMoney } from '@/shared/money/money';
import type { BookingDocument } from './booking-document';
import {
  cancelledStamp,
  COLOR,
  FONT,
  contentWidth,
  documentTranslator,
  drawFields,
  drawHeader,
  drawSectionTitle,
  ensureSpace,
  formatDubaiDate,
  formatDuration,
  formatStartTime,
  formatTourDate,
  renderBookingPdf,
  type DocumentTranslator,
  type Field,
  type PageStamp,
  type Pdf,
} from './pdf-layout';

const REQUEST_REASONS = ['noLiveAvailability', 'cutOffPassed', 'bookWithAgent', 'supplierUnavailable'] as const;
type RequestReason = (typeof REQUEST_REASONS)[number] | 'awaitingPayment';

/** Why the booking is not confirmed: the reason stored with a request, or a payment still to come. */
export function requestReasonOf(doc: Pick<BookingDocument, 'requestReason'>): RequestReason {
  return (REQUEST_REASONS as readonly string[]).includes(doc.requestReason ?? '') ? (doc.requestReason as RequestReason) : 'awaitingPayment';
}

export function renderRequestSummaryPdf(doc: BookingDocument): Promise<Buffer> {
  return renderBookingPdf(
    doc,
    'requestSummary',
    (pdf, t) => {
      drawHeader(pdf, doc, t('requestSummary.title'), doc.reference);
      drawNotValidBanner(pdf, t);
      drawFields(pdf, [
        { label: t('common.reference'), value: doc.reference },
        { label: t('common.status'), value: t(`common.statuses.${doc.status}`) },
        { label: t('requestSummary.requestedOn'), value: formatDubaiDate(doc.createdAt, doc.locale) },
        { label: t('requestSummary.whyRequest'), value: t(`requestSummary.reasons.${requestReasonOf(doc)}`) },
      ]);
      drawSectionTitle(pdf, t('requestSummary.requestedSection'));
      drawFields(pdf, requestedFields(doc, t));
      drawSectionTitle(pdf, t('requestSummary.guestSection'));
      drawFields(pdf, [
        { label: t('voucher.name'), value: doc.guest.name },
        { label: t('voucher.phone'), value: doc.guest.phone },
        { label: t('voucher.email'), value: doc.guest.email },
      ]);
      drawSectionTitle(pdf, t('requestSummary.priceSection'));
      drawFields(pdf, priceFields(doc, t));
      pdf.moveDown(1);
      ensureSpace(pdf, 30);
      pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(t('requestSummary.nextStep'), pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
    },
    cancelledStamp(doc) ?? notConfirmedStamp(doc),
  );
}

function notConfirmedStamp(doc: BookingDocument): PageStamp {
  const t = documentTranslator(doc.locale);
  return { text: t('requestSummary.stamp'), detail: t('requestSummary.stampDetail', { reference: doc.reference }) };
}

function drawNotValidBanner(pdf: Pdf, t: DocumentTranslator): void {
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  const top = pdf.y;
  const height = 34;
  pdf.roundedRect(left, top, width, height, 6).fill(COLOR.warning);
  pdf.font(FONT.bold).fontSize(11).fillColor(COLOR.ink).text(t('requestSummary.notValid'), left + 14, top + 11, { width: width - 28 });
  pdf.x = left;
  pdf.y = top + height + 10;
}

function requestedFields(doc: BookingDocument, t: DocumentTranslator): Field[] {
  const fields: Field[] = [
    { label: t('common.tour'), value: doc.tourTitle },
    { label: t('common.offer'), value: doc.offerName },
    { label: t('voucher.city'), value: doc.cityName },
    { label: t('common.date'), value: formatTourDate(doc.tourDate, doc.locale) },
    { label: t('common.startTime'), value: formatStartTime(doc.startTime, t) },
    { label: t('common.duration'), value: formatDuration(doc.durationMinutes, t) },
    { label: t('voucher.guests'), value: t('voucher.guestCounts', { adults: doc.adults, children: doc.children, infants: doc.infants }) },
  ];
  if (doc.pickUp.hotelName) {
    fields.push(
      { label: t('voucher.pickUpHotel'), value: doc.pickUp.room ? `${doc.pickUp.hotelName}, ${doc.pickUp.room}` : doc.pickUp.hotelName },
      { label: t('voucher.pickUpTime'), value: doc.pickUp.time ?? t('common.pickUpTimeLater') },
    );
  }
  if (doc.notes) fields.push({ label: t('voucher.notes'), value: doc.notes });
  return fields;
}

/** The published rate for everyone; the NET side (before and after the promo discount) only for a reader who may see it. */
function priceFields(doc: BookingDocument, t: DocumentTranslator): Field[] {
  const money = (minor: number) => formatMoney(minor, doc.currency, doc.locale);
  const netSubtotal = doc.netLines.reduce((sum, line) => sum + line.totalMinor, 0);
  return [
    { label: t('requestSummary.publishedRate'), value: money(doc.publishedTotalMinor) },
    ...(doc.promoCode ? [{ label: t('common.promoCode'), value: doc.promoCode }] : []),
    ...(doc.seesNet
      ? [
          ...(doc.discountMinor > 0
            ? [
                { label: t('requestSummary.netSubtotal'), value: money(netSubtotal) },
                { label: t('requestSummary.discount'), value: money(-doc.discountMinor) },
              ]
            : []),
          { label: t('requestSummary.netRate'), value: money(doc.netTotalMinor) },
        ]
      : []),
  ];
}
