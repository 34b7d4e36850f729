import { z } from 'zod';
import { DOCUMENT_KINDS, type DocumentKind } from '@/server/documents/document-kinds';
import { renderBookingDocument } from '@/server/documents/document-downloads';
import { PDF, referenceParam } from '@/server/http/api-schemas';
import { pdfResponse } from '@/server/http/downloads';
import { runRoute } from '@/server/http/run-route';

/** Spec §2 "Booking confirmation": a booking's voucher, tickets or invoice as a PDF download. */
export const GET = runRoute({
  permission: null,
  apiScope: 'bookings',
  params: z.object({ id: referenceParam, document: z.enum(DOCUMENT_KINDS as [DocumentKind, ...DocumentKind[]]) }),
  // The tickets' issue a link was made for: an earlier one than the booking's is void after an amendment (409).
  query: z.object({ issue: z.coerce.number().int().min(1).optional() }),
  doc: { tag: 'Bookings', summary: 'A booking’s voucher, tickets or invoice (PDF)', response: PDF, notFound: true },
  run: async ({ query }, { principal, db, params }) => pdfResponse(await renderBookingDocument(db, principal, params.id, params.document, query.issue)),
});
