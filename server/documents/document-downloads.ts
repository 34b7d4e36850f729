import 'server-only';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { can } from '@/server/shared/auth/permissions';
import { loadBookingDocument } from '@/server/bookings/queries';
import type { Database } from '@/server/db/connection';
import { Conflict, Forbidden, type MessageValues, NotFound } from '@/server/errors';
import type { BookingDocument } from './booking-document';
import { DOCUMENT_PERMISSIONS, type DocumentKind } from './document-kinds';
import { renderInvoicePdf } from './invoice-pdf';
import { isInvoiceMonth, isMonthlyInvoiceAvailable, loadMonthlyInvoice, monthlyInvoiceIssueDate } from './monthly-invoice';
import { formatInvoiceMonth, renderMonthlyInvoicePdf } from './monthly-invoice-pdf';
import { formatTourDate } from './pdf-layout';
import { renderTicketsPdf } from './tickets-pdf';
import { renderVoucherPdf } from './voucher-pdf';

/** A rendered PDF and the name it is downloaded under. */
export type PdfDownload = { filename: string; pdf: Buffer };

const RENDERERS: Record<DocumentKind, (doc: BookingDocument) => Promise<Buffer>> = {
  voucher: renderVoucherPdf,
  tickets: renderTicketsPdf,
  invoice: renderInvoicePdf,
};

/** Spec §2 "Booking confirmation": a booking's voucher, tickets or invoice, for whoever may see both. */
export async function renderBookingDocument(db: Database, principal: Principal, reference: string, kind: DocumentKind): Promise<PdfDownload> {
  if (!can(principal.role, DOCUMENT_PERMISSIONS[kind])) throw new Forbidden();
  const document = await loadBookingDocument(db, principal, reference);
  if (!document) throw new NotFound();
  // The stored reference, not the URL's spelling, names the file.
  return { filename: `${kind}-${document.reference}.pdf`, pdf: await RENDERERS[kind](document) };
}

/** Asked for before the 3rd of the next month: a 409 that says from when it can be downloaded. */
export class InvoiceNotYetIssued extends Conflict {
  constructor(readonly values: MessageValues) {
    super('balance.summary.taxInvoiceNotYet');
  }
}

/** Spec §9: the agency's monthly tax invoice for `yyyy-MM`, from the 3rd of the next month. */
export async function renderMonthlyInvoiceDownload(db: Database, principal: Principal, month: string, locale: Locale, now: Date): Promise<PdfDownload> {
  if (!can(principal.role, 'balance:view')) throw new Forbidden();
  if (!isInvoiceMonth(month)) throw new NotFound();
  if (!isMonthlyInvoiceAvailable(month, now)) {
    throw new InvoiceNotYetIssued({ month: formatInvoiceMonth(month, locale), date: formatTourDate(monthlyInvoiceIssueDate(month), locale) });
  }
  const invoice = await loadMonthlyInvoice(db, principal, month, now, locale);
  if (!invoice) throw new NotFound();
  return { filename: `tax-invoice-${invoice.month}.pdf`, pdf: await renderMonthlyInvoicePdf(invoice) };
}
