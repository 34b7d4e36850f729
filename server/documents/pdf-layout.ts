// What the voucher, tickets and invoice share: fonts, palette, the operator's header and footer,
// labelled rows, and the texts of messages/documents in the booking's language.
import 'server-only';
import path from 'node:path';
import { parseISO } from 'date-fns';
import { createTranslator } from 'next-intl';
import PDFDocument from 'pdfkit';
import { showsDemoLabel } from '@/server/settings/deployment-mode';
import { dubaiToday } from '@/shared/availability/rules';
import { formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import en from '@/messages/documents/en.json';
import ru from '@/messages/documents/ru.json';
import appEn from '@/messages/en.json';
import appRu from '@/messages/ru.json';
import type { PolicyTranslate } from '@/shared/bookings/offer-terms';
import type { BookingDocument } from './booking-document';

export type Pdf = PDFKit.PDFDocument;

type DocumentMessages = typeof en;
const DOCUMENT_MESSAGES: Record<Locale, DocumentMessages> = { en, ru };
const APP_MESSAGES = { en: appEn, ru: appRu } satisfies Record<Locale, unknown>;

export function documentTranslator(locale: Locale) {
  return createTranslator({ locale, messages: DOCUMENT_MESSAGES[locale] });
}
export type DocumentTranslator = ReturnType<typeof documentTranslator>;

// DejaVu covers Latin and Cyrillic, and pdfkit embeds it with a ToUnicode map, so the text of
// both languages can be searched and extracted. The files are read from the app's node_modules
// at run time (`next start` and vitest run in the project directory); pdfkit itself is a server
// external package, so Next does not bundle it.
const FONT_DIRECTORY = path.join(process.cwd(), 'node_modules', 'dejavu-fonts-ttf', 'ttf');
const REGULAR_FONT_FILE = path.join(FONT_DIRECTORY, 'DejaVuSans.ttf');
const BOLD_FONT_FILE = path.join(FONT_DIRECTORY, 'DejaVuSans-Bold.ttf');

export const FONT = { regular: 'regular', bold: 'bold' } as const;

export const COLOR = {
  brand: '#2637AA',
  accent: '#F5B82E',
  ink: '#141A33',
  muted: '#5B6275',
  rule: '#D5D9E6',
  tint: '#EEF1FB',
  warning: '#FFF4D6',
  stamp: '#C62828',
} as const;

const PAGE_MARGINS = { top: 48, bottom: 72, left: 48, right: 48 };
const LABEL_WIDTH = 150;
const COLUMN_GAP = 12;

/** What the header, the footer and the file's title need; a booking document is one. */
export type DocumentHeading = Pick<BookingDocument, 'locale' | 'reference' | 'seller' | 'brand'>;

/** The documents with a title of their own in messages/documents: a booking's, or the agency's monthly tax invoice. */
export type DocumentTitle = 'voucher' | 'tickets' | 'invoice' | 'creditNote' | 'requestSummary' | 'monthlyInvoice';

/** Words set diagonally across every page (CANCELLED on a cancelled booking's voucher), with a line under them. */
export type PageStamp = { text: string; detail: string };

/**
 * Renders one document: opens an A4 PDF titled in the document's language, lets `draw` fill the
 * pages, adds the operator's footer to every page and returns the file.
 */
export async function renderBookingPdf(
  doc: DocumentHeading,
  kind: DocumentTitle,
  draw: (pdf: Pdf, t: DocumentTranslator) => void | Promise<void>,
  stamp?: PageStamp,
): Promise<Buffer> {
  const t = documentTranslator(doc.locale);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: PAGE_MARGINS,
    // Passing our font here keeps pdfkit from loading its built-in Helvetica at all.
    font: REGULAR_FONT_FILE,
    bufferPages: true,
    lang: doc.locale,
    displayTitle: true,
    info: { Title: `${t(`${kind}.title`)} ${doc.reference}`, Author: doc.seller.legalName },
  });
  pdf.registerFont(FONT.regular, REGULAR_FONT_FILE);
  pdf.registerFont(FONT.bold, BOLD_FONT_FILE);
  await draw(pdf, t);
  drawFooters(pdf, doc, t);
  if (stamp) drawStamps(pdf, stamp);
  return finish(pdf);
}

function finish(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.end();
  });
}

export function contentWidth(pdf: Pdf): number {
  return pdf.page.width - pdf.page.margins.left - pdf.page.margins.right;
}

/** Starts a new page when fewer than `height` points are left above the footer. */
export function ensureSpace(pdf: Pdf, height: number): void {
  if (pdf.y + height > pdf.page.maxY()) pdf.addPage();
}

/** The operator's mark (public/brand/traveldesk-mark.svg), drawn as vectors. */
function drawLogoMark(pdf: Pdf, x: number, y: number, size: number): void {
  pdf.save().translate(x, y).scale(size / 36);
  pdf.roundedRect(0, 0, 36, 36, 10).fill(COLOR.brand);
  pdf.path('M9 24c4-9 10-13 18-14-5 3-8 7-9 14').lineWidth(3).lineCap('round').stroke('#FFFFFF');
  pdf.circle(26, 11, 3).fill(COLOR.accent);
  pdf.restore();
}

/** The seller's mark at the header's left; answers where its name starts. */
function drawSellerMark(pdf: Pdf, doc: DocumentHeading, left: number, top: number): number {
  if (!doc.brand) {
    drawLogoMark(pdf, left, top, 36);
    return left + 46;
  }
  if (!doc.brand.logo) return left;
  try {
    pdf.image(doc.brand.logo, left, top, { fit: [72, 36] });
  } catch (error) {
    // A logo pdfkit cannot read (an uploaded PNG flavour it lacks) must not cost the guest the voucher: the name stands alone.
    console.warn('[documents] brand logo not drawn', error);
    return left;
  }
  return left + 82;
}

/** Logo and operator name on the left, the document's title and a subtitle on the right. */
export function drawHeader(pdf: Pdf, doc: DocumentHeading, title: string, subtitle: string): void {
  const left = pdf.page.margins.left;
  const top = pdf.page.margins.top;
  const width = contentWidth(pdf);
  // A guest's copy carries the agency's logo, or its name alone, never our mark (./white-label.ts).
  const nameX = drawSellerMark(pdf, doc, left, top);
  pdf.font(FONT.bold).fontSize(12).fillColor(COLOR.ink).text(doc.seller.legalName, nameX, top + 4, { width: width / 2 - (nameX - left) });
  pdf.font(FONT.regular).fontSize(8).fillColor(COLOR.muted).text(doc.seller.phone, nameX, pdf.y + 1, { width: width / 2 - (nameX - left) });
  pdf.font(FONT.bold).fontSize(fittingFontSize(pdf, title, width / 2, 20)).fillColor(COLOR.brand);
  pdf.text(title, left + width / 2, top, { width: width / 2, align: 'right' });
  pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink).text(subtitle, left + width / 2, pdf.y + 2, { width: width / 2, align: 'right' });
  const ruleY = top + 52;
  pdf.moveTo(left, ruleY).lineTo(left + width, ruleY).lineWidth(1).stroke(COLOR.rule);
  pdf.x = left;
  pdf.y = ruleY + 16;
}

/** The largest size up to `maxSize` at which `text` fits on one line in the current font. */
function fittingFontSize(pdf: Pdf, text: string, width: number, maxSize: number): number {
  const widthAtOnePoint = pdf.fontSize(1).widthOfString(text);
  return Math.min(maxSize, Math.floor((width / widthAtOnePoint) * 10) / 10);
}

export function drawSectionTitle(pdf: Pdf, title: string): void {
  ensureSpace(pdf, 48);
  const left = pdf.page.margins.left;
  pdf.moveDown(0.6);
  pdf.font(FONT.bold).fontSize(11).fillColor(COLOR.brand).text(title, left, pdf.y, { width: contentWidth(pdf) });
  const ruleY = pdf.y + 2;
  pdf.moveTo(left, ruleY).lineTo(left + contentWidth(pdf), ruleY).lineWidth(0.5).stroke(COLOR.rule);
  pdf.y = ruleY + 6;
}

export type Field = { label: string; value: string };

type FieldsBox = { left?: number; width?: number; labelWidth?: number };

/** Label and value side by side, one row per field, the value wrapping in its own column. */
export function drawFields(pdf: Pdf, fields: readonly Field[], box: FieldsBox = {}): void {
  const { left = pdf.page.margins.left, width = contentWidth(pdf), labelWidth = LABEL_WIDTH } = box;
  const valueX = left + labelWidth + COLUMN_GAP;
  const valueWidth = width - labelWidth - COLUMN_GAP;
  for (const { label, value } of fields) {
    ensureSpace(pdf, pdf.font(FONT.bold).fontSize(10).heightOfString(value, { width: valueWidth }));
    const top = pdf.y;
    // Label before value, so that extracted text and screen readers read them in that order.
    pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(label, left, top + 1, { width: labelWidth });
    const labelBottom = pdf.y;
    pdf.font(FONT.bold).fontSize(10).fillColor(COLOR.ink).text(value, valueX, top, { width: valueWidth });
    pdf.x = left;
    pdf.y = Math.max(labelBottom, pdf.y) + 5;
  }
}

function drawFooters(pdf: Pdf, doc: DocumentHeading, t: DocumentTranslator): void {
  const { seller } = doc;
  // The agency's contacts as its widget gives them: a part it left empty is left out.
  const footer = doc.brand
    ? [seller.legalName, seller.address, seller.phone && t('common.phone', { phone: seller.phone }), seller.email].filter(Boolean).join(' · ')
    : t('common.footer', { legalName: seller.legalName, address: seller.address, phone: seller.phone, email: seller.email });
  const { start, count } = pdf.bufferedPageRange();
  const demo = showsDemoLabel();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    const { left, bottom } = pdf.page.margins;
    const width = contentWidth(pdf);
    const top = pdf.page.height - bottom + 16;
    // Text inside the bottom margin would otherwise make pdfkit open a new page.
    pdf.page.margins.bottom = 0;
    pdf.moveTo(left, top - 8).lineTo(left + width, top - 8).lineWidth(0.5).stroke(COLOR.rule);
    pdf.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
    pdf.text(footer, left, top, { width: width - 90 });
    pdf.text(t('common.pageOf', { page: index - start + 1, pages: count }), left + width - 80, top, { width: 80, align: 'right' });
    // The demo (or staging with the sandbox) says so on every page: no document of it is a real one.
    if (demo) pdf.font(FONT.bold).fontSize(8).fillColor(COLOR.stamp).text(t('common.demo'), left, top + 30, { width, align: 'center' });
    pdf.page.margins.bottom = bottom;
  }
}

/** CANCELLED across every page of a cancelled booking's documents, with the day it was cancelled. */
export function cancelledStamp(doc: Pick<BookingDocument, 'cancellation' | 'locale' | 'reference'>): PageStamp | undefined {
  if (!doc.cancellation) return undefined;
  const t = documentTranslator(doc.locale);
  return { text: t('common.cancelledStamp'), detail: t('common.cancelledOn', { date: formatDubaiDate(doc.cancellation.cancelledAt, doc.locale), reference: doc.reference }) };
}

/**
 * The stamp over every page, after the content so nothing covers it: a framed word across the
 * page's diagonal, in red, transparent enough to leave the page readable.
 */
function drawStamps(pdf: Pdf, stamp: PageStamp): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    pdf.switchToPage(index);
    const { width, height } = pdf.page;
    const angle = (-Math.atan2(height, width) * 180) / Math.PI;
    const boxWidth = Math.min(width, height) * 0.95;
    const boxHeight = 120;
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.save().translate(width / 2, height / 2).rotate(angle).opacity(0.4);
    pdf.roundedRect(-boxWidth / 2, -boxHeight / 2, boxWidth, boxHeight, 10).lineWidth(4).stroke(COLOR.stamp);
    pdf.font(FONT.bold).fontSize(fittingFontSize(pdf, stamp.text, boxWidth - 40, 56)).fillColor(COLOR.stamp);
    pdf.text(stamp.text, -boxWidth / 2, -boxHeight / 2 + 10, { width: boxWidth, align: 'center', lineBreak: false });
    pdf.font(FONT.bold).fontSize(fittingFontSize(pdf, stamp.detail, boxWidth - 40, 14)).fillColor(COLOR.stamp);
    pdf.text(stamp.detail, -boxWidth / 2, boxHeight / 2 - 28, { width: boxWidth, align: 'center', lineBreak: false });
    pdf.restore();
    pdf.page.margins.bottom = bottom;
  }
}

/** A tour date (`yyyy-MM-dd`) as 'dd MMM, yy' (spec §9). */
export function formatTourDate(isoDate: string, locale: Locale): string {
  return formatDisplayDate(parseISO(isoDate), locale);
}

/** The day an instant falls on in Asia/Dubai, as 'dd MMM, yy'. */
export function formatDubaiDate(instant: Date, locale: Locale): string {
  return formatTourDate(dubaiToday(instant), locale);
}

export function formatStartTime(startTime: string | null, t: DocumentTranslator): string {
  return startTime ?? t('common.noStartTime');
}

export function formatDuration(totalMinutes: number, t: DocumentTranslator): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return t('common.durationMinutes', { minutes });
  if (minutes === 0) return t('common.durationHours', { hours });
  return t('common.durationHoursMinutes', { hours, minutes });
}

/**
 * The offer-terms helpers' lookup over the app's `cancellationPolicy` messages, in the document's
 * language: the voucher words a policy exactly as the tour page and the checkout do.
 */
export function policyTranslator(locale: Locale): PolicyTranslate {
  const t = createTranslator({ locale, messages: APP_MESSAGES[locale], namespace: 'cancellationPolicy' });
  // describePolicy builds its keys (`window.${line.window}`) at run time; the namespace holds them all.
  return t as unknown as PolicyTranslate;
}
