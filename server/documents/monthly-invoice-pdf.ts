// The agency's monthly tax invoice as a PDF: the operator's header and footer shared with the
// booking documents, the parties, one row per completed booking at NET, and the month's totals
// with the VAT they contain.
import 'server-only';
import { format } from 'date-fns';
import { dateLocale } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { formatMoney } from '@/shared/money/money';
import { AMOUNT_COLUMN, type Column, drawParties, drawRow, drawTotals, type PartyLabels, rowHeight, type TotalRow } from './invoice-parts';
import type { MonthlyInvoice } from './monthly-invoice';
import {
  COLOR,
  FONT,
  contentWidth,
  drawFields,
  drawHeader,
  drawSectionTitle,
  ensureSpace,
  formatTourDate,
  renderBookingPdf,
  type DocumentTranslator,
  type Pdf,
} from './pdf-layout';

const REFERENCE_COLUMN: Column = { width: 82, align: 'left' };
const DATE_COLUMN: Column = { width: 78, align: 'left' };
const ROW = { font: FONT.regular, size: 9 } as const;
const HEADER_ROW = { font: FONT.bold, fill: COLOR.tint, size: 9 } as const;

/** A month `yyyy-MM` as its name and year in `locale`, e.g. "October 2026", "октябрь 2026". */
export function formatInvoiceMonth(month: string, locale: Locale): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return format(new Date(year, monthNumber - 1, 1), 'LLLL yyyy', { locale: dateLocale(locale) });
}

export function renderMonthlyInvoicePdf(invoice: MonthlyInvoice): Promise<Buffer> {
  const { locale } = invoice;
  const heading = { locale, reference: invoice.number, seller: invoice.seller };
  return renderBookingPdf(heading, 'monthlyInvoice', (pdf, t) => {
    drawHeader(pdf, heading, t('monthlyInvoice.title'), formatInvoiceMonth(invoice.month, locale));
    drawFields(pdf, [
      { label: t('monthlyInvoice.number'), value: invoice.number },
      { label: t('monthlyInvoice.issueDate'), value: formatTourDate(invoice.issueDate, locale) },
      {
        label: t('monthlyInvoice.period'),
        value: t('monthlyInvoice.periodRange', { from: formatTourDate(invoice.periodStart, locale), to: formatTourDate(invoice.periodEnd, locale) }),
      },
      { label: t('monthlyInvoice.dueDate'), value: formatTourDate(invoice.dueDate, locale) },
    ]);
    drawParties(pdf, invoice, partyLabels(invoice, t));
    drawSectionTitle(pdf, t('monthlyInvoice.bookingsSection', { count: invoice.lines.length }));
    drawLines(pdf, invoice, t);
    drawInvoiceTotals(pdf, invoice, t);
    const note = `${t('monthlyInvoice.vatNote')}\n${t('monthlyInvoice.paymentTerms', { date: formatTourDate(invoice.dueDate, locale) })}`;
    pdf.moveDown(1.5);
    ensureSpace(pdf, 40);
    pdf.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(note, pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
  });
}

function partyLabels(invoice: MonthlyInvoice, t: DocumentTranslator): PartyLabels {
  return {
    seller: t('monthlyInvoice.seller'),
    billTo: t('monthlyInvoice.billTo'),
    vatNumber: t('monthlyInvoice.vatNumber', { number: invoice.seller.vatNumber }),
    licenceNumber: t('monthlyInvoice.licenceNumber', { number: invoice.seller.licenceNumber }),
    agencyTrn: invoice.agency.trn ? t('monthlyInvoice.agencyTrn', { number: invoice.agency.trn }) : null,
  };
}

/** Reference, booking day, the service (tour, option, guest, tour date) and the NET amount. */
function drawLines(pdf: Pdf, invoice: MonthlyInvoice, t: DocumentTranslator): void {
  const { locale } = invoice;
  if (invoice.lines.length === 0) {
    pdf.font(FONT.regular).fontSize(10).fillColor(COLOR.ink).text(t('monthlyInvoice.noBookings'), pdf.page.margins.left, pdf.y, { width: contentWidth(pdf) });
    return;
  }
  const serviceColumn: Column = { width: contentWidth(pdf) - REFERENCE_COLUMN.width - DATE_COLUMN.width - AMOUNT_COLUMN.width, align: 'left' };
  const columns = [REFERENCE_COLUMN, DATE_COLUMN, serviceColumn, AMOUNT_COLUMN];
  const header = [t('monthlyInvoice.reference'), t('monthlyInvoice.bookedOn'), t('monthlyInvoice.service'), t('monthlyInvoice.amount')];
  drawRow(pdf, columns, header, HEADER_ROW);
  for (const line of invoice.lines) {
    const service = t('monthlyInvoice.serviceLine', {
      tour: line.tourTitle,
      offer: line.offerName,
      guest: line.guestName,
      date: formatTourDate(line.tourDate, locale),
    });
    const cells = [line.reference, formatTourDate(line.bookedOn, locale), service, formatMoney(line.netTotalMinor, invoice.currency, locale)];
    // A row split by a page break would lose its header: repeat it on the new page.
    if (pdf.y + rowHeight(pdf, columns, cells, ROW) > pdf.page.maxY()) {
      pdf.addPage();
      drawRow(pdf, columns, header, HEADER_ROW);
    }
    drawRow(pdf, columns, cells, ROW);
  }
}

function drawInvoiceTotals(pdf: Pdf, invoice: MonthlyInvoice, t: DocumentTranslator): void {
  const money = (minor: number) => formatMoney(minor, invoice.currency, invoice.locale);
  const { totals } = invoice;
  const rows: TotalRow[] = [
    { label: t('monthlyInvoice.subtotal'), value: money(totals.excludingVatMinor) },
    { label: t('monthlyInvoice.vat'), value: money(totals.vatMinor) },
    { label: t('monthlyInvoice.total'), value: money(totals.totalMinor), strong: true },
    { label: t('monthlyInvoice.paid'), value: money(totals.paidMinor) },
    ...(totals.providerPaidMinor > 0 ? [{ label: t('monthlyInvoice.providerPaid'), value: money(totals.providerPaidMinor) }] : []),
    { label: t('monthlyInvoice.amountDue'), value: money(totals.dueMinor), strong: true },
  ];
  drawTotals(pdf, rows);
}
