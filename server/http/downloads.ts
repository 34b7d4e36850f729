import 'server-only';
import { NotFound } from '@/server/errors';
import { getFileStorage } from '@/server/files/storage';
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

/** An uploaded file's bytes from storage as a private attachment; NotFound when the bytes are gone. */
export async function storedFileResponse(file: { storageKey: string; contentType: string; sizeBytes: number; originalName: string }): Promise<Response> {
  const body = await getFileStorage().get(file.storageKey);
  if (!body) throw new NotFound();
  return new Response(body, {
    headers: {
      ...PRIVATE_HEADERS,
      'content-type': file.contentType,
      'content-length': String(file.sizeBytes),
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    },
  });
}
