import { z } from 'zod';
import { type DocumentKind, isDocumentKind } from '@/server/documents/document-kinds';
import { renderBookingDocument } from '@/server/documents/document-downloads';
import { pdfResponse } from '@/server/http/downloads';
import { runRoute } from '@/server/http/run-route';

const documentKind = z.custom<DocumentKind>((value) => typeof value === 'string' && isDocumentKind(value));

/** Spec §2 "Booking confirmation": a booking's voucher, tickets or invoice as a PDF download. */
export const GET = runRoute({
  permission: null,
  apiScope: 'bookings',
  params: z.object({ reference: z.string(), document: documentKind }),
  run: async (_input, { principal, db, params }) => pdfResponse(await renderBookingDocument(db, principal, params.reference, params.document)),
});
