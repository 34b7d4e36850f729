import 'server-only';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { loadBookingDocument } from '@/server/bookings/queries';
import type { Database } from '@/server/db/connection';
import { Conflict, Forbidden, type MessageValues, NotFound } from '@/server/errors';
import type { BookingDocument } from './booking-document';
import { renderCreditNotePdf } from './credit-note-pdf';
import { DOCUMENT_PERMISSIONS, type DocumentKind, type DocumentRefusal, documentFilename, documentRefusal, isVoidTicketIssue } from './document-kinds';
import { renderInvoicePdf } from './invoice-pdf';
import { isInvoiceMonth, isMonthlyInvoiceAvailable, loadMonthlyInvoice, monthlyInvoiceIssueDate } from './monthly-invoice';
import { formatInvoiceMonth, renderMonthlyInvoicePdf } from './monthly-invoice-pdf';
import { formatTourDate } from './pdf-layout';
import { renderRequestSummaryPdf } from './request-summary-pdf';
import { renderTicketsPdf } from './tickets-pdf';
import { renderVoucherPdf } from './voucher-pdf';

/** A rendered PDF and the name it is downloaded under. */
export type PdfDownload = { filename: string; pdf: Buffer };

const RENDERERS: Record<DocumentKind, (doc: BookingDocument) => Promise<Buffer>> = {
  voucher: renderVoucherPdf,
  tickets: renderTicketsPdf,
  invoice: renderInvoicePdf,
  'credit-note': renderCreditNotePdf,
  'request-summary': renderRequestSummaryPdf,
};

/** A document the booking's state does not offer (tickets of a cancelled booking, a voucher of a request): a 409 that says why. */
export class DocumentNotOffered extends Conflict {
  constructor(readonly reason: DocumentRefusal) {
    super(`bookingDocuments.refused.${reason}`);
  }
}

/**
 * Spec §2 "Booking confirmation": one of a booking's documents, for whoever may see
 * the booking and the document, when the booking's state offers it (`documentRefusal`).
 */
export async function renderBookingDocument(db: Database, principal: Principal, reference: string, kind: DocumentKind, issue?: number): Promise<PdfDownload> {
  if (!memberCan(principal, DOCUMENT_PERMISSIONS[kind])) throw new Forbidden();
  const document = await loadBookingDocument(db, principal, reference);
  if (!document) throw new NotFound();
  const refusal = documentRefusal(kind, document);
  if (refusal) throw new DocumentNotOffered(refusal);
  if (isVoidTicketIssue(kind, issue, document.documentIssue ?? 1)) throw new DocumentNotOffered('ticketsVoid');
  // The stored reference, not the URL's spelling, names the file.
  return { filename: documentFilename(kind, document.reference), pdf: await RENDERERS[kind](document) };
}

/** Asked for before the 3rd of the next month: a 409 that says from when it can be downloaded. */
export class InvoiceNotYetIssued extends Conflict {
  constructor(readonly values: MessageValues) {
    super('balance.summary.taxInvoiceNotYet');
  }
}

/** Spec §9: the agency's monthly tax invoice for `yyyy-MM`, from the 3rd of the next month. */
export async function renderMonthlyInvoiceDownload(db: Database, principal: Principal, month: string, locale: Locale, now: Date): Promise<PdfDownload> {
  if (!memberCan(principal, 'balance:view')) throw new Forbidden();
  if (!isInvoiceMonth(month)) throw new NotFound();
  if (!isMonthlyInvoiceAvailable(month, now)) {
    throw new InvoiceNotYetIssued({ month: formatInvoiceMonth(month, locale), date: formatTourDate(monthlyInvoiceIssueDate(month), locale) });
  }
  const invoice = await loadMonthlyInvoice(db, principal, month, now, locale);
  if (!invoice) throw new NotFound();
  return { filename: `tax-invoice-${invoice.month}.pdf`, pdf: await renderMonthlyInvoicePdf(invoice) };
}
