import { requirePermission } from '@/server/auth/principal';
import { getBookingDocument } from '@/server/bookings/queries';
import type { BookingDocument } from '@/server/documents/booking-document';
import { DOCUMENT_PERMISSIONS, type DocumentKind, isDocumentKind } from '@/server/documents/document-kinds';
import { renderInvoicePdf } from '@/server/documents/invoice-pdf';
import { renderTicketsPdf } from '@/server/documents/tickets-pdf';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { domainErrorResponse, PRIVATE_HEADERS } from '@/server/http/api-errors';

const RENDERERS: Record<DocumentKind, (doc: BookingDocument) => Promise<Buffer>> = {
  voucher: renderVoucherPdf,
  tickets: renderTicketsPdf,
  invoice: renderInvoicePdf,
};

/** Spec §2 "Booking confirmation": a booking's voucher, tickets or invoice as a PDF download. */
export async function GET(_request: Request, { params }: { params: Promise<{ reference: string; document: string }> }) {
  const { reference, document } = await params;
  if (!isDocumentKind(document)) return Response.json({ message: 'Not found' }, { status: 404, headers: PRIVATE_HEADERS });
  let booking: BookingDocument;
  try {
    await requirePermission(DOCUMENT_PERMISSIONS[document]);
    booking = await getBookingDocument(reference);
  } catch (error) {
    return domainErrorResponse(error, 'en');
  }
  const pdf = await RENDERERS[document](booking);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      // The stored reference, not the URL's spelling, names the file.
      'content-disposition': `attachment; filename="${document}-${booking.reference}.pdf"`,
    },
  });
}
