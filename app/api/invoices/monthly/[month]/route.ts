import { z } from 'zod';
import { renderMonthlyInvoiceDownload } from '@/server/documents/document-downloads';
import { pdfResponse } from '@/server/http/downloads';
import { runRoute } from '@/server/http/run-route';

/** Spec §9: the agency's monthly tax invoice for `yyyy-MM`, from the 3rd of the next month, as a PDF (409 before). */
export const GET = runRoute({
  permission: 'balance:view',
  params: z.object({ month: z.string() }),
  run: async (_input, { principal, db, locale, params }) =>
    pdfResponse(await renderMonthlyInvoiceDownload(db, principal, params.month, locale, new Date())),
});
