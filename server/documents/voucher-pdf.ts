// The voucher the guest shows on the day: what was booked, for whom, the pick-up, the cash to
// collect and the cancellation terms. The guest sees it, so it never shows the agency's b2b (NET)
// price nor the promo discount (a NET figure). A cancelled booking's voucher is stamped CANCELLED
// on every page and says it is not valid for travel.
import 'server-only';
import QRCode from 'qrcode';
import { isQrCode, type SupplierCode, type SupplierSide } from '@/shared/bookings/supplier-side';
import { describePolicy } from '@/shared/bookings/offer-terms';
import { formatMoney } from '@/shared/money/money';
import type { BookingDocument } from './booking-document';
import { paymentLine } from './payment-parts';
import {
  COLOR,
  FONT,
  cancelledStamp,
  contentWidth,
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
  type Pdf,
  policyTranslator,
} from './pdf-layout';

export async function renderVoucherPdf(doc: BookingDocument): Promise<Buffer> {
  // The supplier's QR codes are drawn from data URLs made before the (synchronous) layout.
  const supplier = doc.supplier ? await withQrImages(doc.supplier) : null;
  return renderBookingPdf(
    doc,
    'voucher',
    (pdf, t) => {
      drawHeader(pdf, doc, t('voucher.title'), doc.reference);
      drawReferenceBand(pdf, doc, t);
      drawSectionTitle(pdf, t('voucher.guestSection'));
      drawFields(pdf, guestFields(doc, t));
      drawSectionTitle(pdf, t('voucher.tourSection'));
      drawFields(pdf, tourFields(doc, t));
      if (supplier) {
        drawSectionTitle(pdf, t('voucher.supplierSection'));
        drawSupplier(pdf, supplier, t);
      }
      if (hasPickUp(doc)) {
        drawSectionTitle(pdf, t('voucher.pickUpSection'));
        drawFields(pdf, pickUpFields(doc, t));
      }
      if (doc.notes) {
        drawSectionTitle(pdf, t('voucher.notes'));
        drawNotes(pdf, doc.notes);
      }
      drawSectionTitle(pdf, t('voucher.bookedBySection'));
      drawFields(pdf, bookedByFields(doc, t));
      drawSectionTitle(pdf, t('voucher.policySection'));
      drawPolicy(pdf, doc);
      if (doc.cancellation) {
        drawCancelledNotice(pdf, doc, doc.cancellation.cancelledAt, t);
      } else {
        if (doc.collectionMinor > 0) drawCashToCollect(pdf, doc, t);
        drawOperatorContact(pdf, doc, t);
      }
    },
    cancelledStamp(doc),
  );
}

/** The reference large enough to read out over the phone, beside the booking's status. */
function drawReferenceBand(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator): void {
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  const top = pdf.y;
  const height = 54;
  pdf.roundedRect(left, top, width, height, 6).fill(COLOR.tint);
  pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
  pdf.text(t('common.reference'), left + 14, top + 10, { width: width / 2 });
  pdf.text(t('common.status'), left + width / 2, top + 10, { width: width / 2 - 14, align: 'right' });
  pdf.font(FONT.bold).fontSize(18).fillColor(COLOR.ink).text(doc.reference, left + 14, top + 24, { width: width / 2 });
  pdf.fontSize(12).text(t(`voucher.statuses.${doc.status}`), left + width / 2, top + 28, { width: width / 2 - 14, align: 'right' });
  pdf.x = left;
  pdf.y = top + height + 4;
}

function guestFields(doc: BookingDocument, t: DocumentTranslator): Field[] {
  return [
    { label: t('voucher.name'), value: doc.guest.name },
    { label: t('voucher.phone'), value: doc.guest.phone },
    { label: t('voucher.email'), value: doc.guest.email },
  ];
}

function tourFields(doc: BookingDocument, t: DocumentTranslator): Field[] {
  return [
    { label: t('common.tour'), value: doc.tourTitle },
    { label: t('common.offer'), value: doc.offerName },
    { label: t('voucher.city'), value: doc.cityName },
    { label: t('common.date'), value: formatTourDate(doc.tourDate, doc.locale) },
    { label: t('common.startTime'), value: formatStartTime(doc.startTime, t) },
    { label: t('common.duration'), value: formatDuration(doc.durationMinutes, t) },
    {
      label: t('voucher.guests'),
      value: t('voucher.guestCounts', { adults: doc.adults, children: doc.children, infants: doc.infants }),
    },
  ];
}

function hasPickUp(doc: BookingDocument): boolean {
  const { hotelName, room, time } = doc.pickUp;
  return Boolean(hotelName || room || time);
}

function pickUpFields(doc: BookingDocument, t: DocumentTranslator): Field[] {
  const notSet = t('common.notSet');
  return [
    { label: t('voucher.pickUpHotel'), value: doc.pickUp.hotelName ?? notSet },
    { label: t('voucher.pickUpRoom'), value: doc.pickUp.room ?? notSet },
    // A hotel without a pick-up time yet: the driver's time follows, it is not "not specified".
    { label: t('voucher.pickUpTime'), value: doc.pickUp.time ?? (doc.pickUp.hotelName ? t('common.pickUpTimeLater') : notSet) },
  ];
}

function bookedByFields(doc: BookingDocument, t: DocumentTranslator): Field[] {
  return [
    { label: t('voucher.agency'), value: doc.agency.name },
    // A guest's copy names the agency only: who at the agency booked is the agency's business.
    ...(doc.brand ? [] : [{ label: t('voucher.agent'), value: doc.agentName }]),
    // "Paid by card · Stripe pi_…": how it was paid, and the provider's reference to trace it.
    { label: t('voucher.paymentMethod'), value: paymentLine(doc, t) },
    ...(doc.promoCode ? [{ label: t('common.promoCode'), value: doc.promoCode }] : []),
  ];
}

/** The refund terms the booking was sold under, worded as on the tour page, and the processing fee. */
function drawPolicy(pdf: Pdf, doc: BookingDocument): void {
  const policy = policyTranslator(doc.locale);
  const lines = describePolicy(doc.cancellationPolicy, policy);
  if (doc.cancellationPolicy.kind === 'tiers' && doc.processingFeePercent > 0) lines.push(policy('feeNote', { percent: doc.processingFeePercent }));
  const left = pdf.page.margins.left;
  pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink);
  for (const line of lines) {
    ensureSpace(pdf, 16);
    pdf.text(line, left, pdf.y, { width: contentWidth(pdf) });
    pdf.moveDown(0.2);
  }
}

/** In place of the cash to collect and the operator's "show this voucher": the booking no longer stands. */
function drawCancelledNotice(pdf: Pdf, doc: BookingDocument, cancelledAt: Date, t: DocumentTranslator): void {
  pdf.moveDown(1.2);
  ensureSpace(pdf, 40);
  pdf.font(FONT.bold).fontSize(11).fillColor(COLOR.stamp);
  pdf.text(t('voucher.cancelledNotice', { date: formatDubaiDate(cancelledAt, doc.locale) }), pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
}

function drawNotes(pdf: Pdf, notes: string): void {
  pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink).text(notes, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
}

/** Cash on tour: the driver or the entrance collects this from the guest. */
function drawCashToCollect(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator): void {
  const height = 44;
  pdf.moveDown(0.8);
  ensureSpace(pdf, height);
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  const top = pdf.y;
  pdf.roundedRect(left, top, width, height, 6).fill(COLOR.warning);
  pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink).text(t('voucher.collectInCash'), left + 14, top + 16, { width: width * 0.6 });
  pdf.font(FONT.bold).fontSize(16).text(formatMoney(doc.collectionMinor, doc.currency, doc.locale), left + width * 0.6, top + 13, {
    width: width * 0.4 - 14,
    align: 'right',
  });
  pdf.x = left;
  pdf.y = top + height;
}

function drawOperatorContact(pdf: Pdf, doc: BookingDocument, t: DocumentTranslator): void {
  pdf.moveDown(1.2);
  ensureSpace(pdf, 40);
  const left = pdf.page.margins.left;
  const width = contentWidth(pdf);
  const contact = doc.brand
    ? t('voucher.agencyContact', { name: doc.brand.name, contact: doc.brand.phone || doc.brand.email })
    : t('voucher.operatorContact', { phone: doc.seller.phone });
  pdf.font(FONT.bold).fontSize(10).fillColor(COLOR.brand).text(contact, left, pdf.y, { width });
  pdf.moveDown(0.3);
  pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(t('voucher.presentVoucher'), left, pdf.y, { width });
}

type PrintedCode = SupplierCode & { qr: string | null };

async function withQrImages(supplier: SupplierSide): Promise<{ side: SupplierSide; codes: PrintedCode[] }> {
  const codes = await Promise.all(
    supplier.codes.map(async (code) => ({
      ...code,
      qr: isQrCode(code) ? await QRCode.toDataURL(code.code, { errorCorrectionLevel: 'M', margin: 2, scale: 6 }) : null,
    })),
  );
  return { side: supplier, codes };
}

const VOUCHER_QR_SIZE = 96;

/**
 * The tour operator's side: its reference (what its staff look the booking up by), where the
 * booking stands with it, and the codes it issued — QR codes drawn, other formats (barcodes we do
 * not draw) printed as text for the entrance to type in.
 */
function drawSupplier(pdf: Pdf, supplier: { side: SupplierSide; codes: PrintedCode[] }, t: DocumentTranslator): void {
  const { side, codes } = supplier;
  const fields: Field[] = [];
  if (side.reference) fields.push({ label: t('common.supplierReference'), value: side.reference });
  if (side.status) fields.push({ label: t('common.supplierStatus'), value: t(`common.supplierStatuses.${side.status}`) });
  for (const code of codes.filter((candidate) => candidate.qr === null)) {
    fields.push({ label: t('common.supplierCode', { unit: code.unitType ?? 'booking' }), value: `${code.code} (${code.format})` });
  }
  drawFields(pdf, fields);
  const qrCodes = codes.filter((code) => code.qr !== null);
  if (qrCodes.length === 0) return;
  const left = pdf.page.margins.left;
  const perRow = Math.max(1, Math.floor(contentWidth(pdf) / (VOUCHER_QR_SIZE + 24)));
  for (let start = 0; start < qrCodes.length; start += perRow) {
    ensureSpace(pdf, VOUCHER_QR_SIZE + 40);
    const top = pdf.y + 4;
    qrCodes.slice(start, start + perRow).forEach((code, column) => {
      const x = left + column * (VOUCHER_QR_SIZE + 24);
      pdf.image(code.qr ?? '', x, top, { width: VOUCHER_QR_SIZE, height: VOUCHER_QR_SIZE });
      pdf.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted).text(t('common.supplierCode', { unit: code.unitType ?? 'booking' }), x, top + VOUCHER_QR_SIZE + 2, { width: VOUCHER_QR_SIZE, align: 'center' });
      pdf.font(FONT.bold).fontSize(8).fillColor(COLOR.ink).text(code.code, x, pdf.y, { width: VOUCHER_QR_SIZE, align: 'center' });
    });
    pdf.x = left;
    pdf.y = top + VOUCHER_QR_SIZE + 34;
  }
  pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(t('voucher.supplierCodesHint'), left, pdf.y, { width: contentWidth(pdf) });
}
