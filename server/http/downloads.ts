import 'server-only';
import { PRIVATE_HEADERS } from './run-route';

/** A PDF as an attachment, private and never cached. */
export function pdfResponse(download: { filename: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(download.pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      'content-type': 'application/pdf',
      'content-length': String(download.pdf.length),
      'content-disposition': `attachment; filename="${download.filename}"`,
    },
  });
}
