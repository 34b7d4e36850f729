import { getBookingDocument } from '@/server/bookings/queries';
import type { BookingDocument } from '@/server/documents/booking-document';
import { renderInvoicePdf } from '@/server/documents/invoice-pdf';
import type { DocumentKind } from '@/server/documents/pdf-layout';
import { renderTicketsPdf } from '@/server/documents/tickets-pdf';
import { renderVoucherPdf } from '@/server/documents/voucher-pdf';
import { NotFound, Unauthorized } from '@/server/errors';

const PRIVATE = { 'cache-control': 'private, no-store' };

const RENDERERS: Record<DocumentKind, (doc: BookingDocument) => Promise<Buffer>> = {
  voucher: renderVoucherPdf,
  tickets: renderTicketsPdf,
  invoice: renderInvoicePdf,
};

function isDocumentKind(value: string): value is DocumentKind {
  return Object.hasOwn(RENDERERS, value);
}

/** Spec §2 "Booking confirmation": a booking's voucher, tickets or invoice as a PDF download. */
export async function GET(_request: Request, { params }: { params: Promise<{ reference: string; document: string }> }) {
  const { reference, document } = await params;
  if (!isDocumentKind(document)) return Response.json({ message: 'Not found' }, { status: 404, headers: PRIVATE });
  let booking: BookingDocument;
  try {
    booking = await getBookingDocument(reference);
  } catch (error) {
    if (error instanceof Unauthorized) return Response.json({ message: 'Unauthorized' }, { status: 401, headers: PRIVATE });
    if (error instanceof NotFound) return Response.json({ message: 'Not found' }, { status: 404, headers: PRIVATE });
    throw error;
  }
  const pdf = await RENDERERS[document](booking);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE,
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      // The stored reference, not the URL's spelling, names the file.
      'content-disposition': `attachment; filename="${document}-${booking.reference}.pdf"`,
    },
  });
}
