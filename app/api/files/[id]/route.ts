import { z } from 'zod';
import { requirePermission } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { loadAgencyFile, type StoredFile } from '@/server/files/uploads';
import { getFileStorage } from '@/server/files/storage';
import { domainErrorResponse, PRIVATE_HEADERS } from '@/server/http/api-errors';

const NOT_FOUND = () => Response.json({ message: 'Not found' }, { status: 404, headers: PRIVATE_HEADERS });

/** An uploaded file (licence, certificate, contract, payment slip), for users of its agency only. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!z.uuid().safeParse(id).success) return NOT_FOUND();
  let file: StoredFile;
  try {
    const principal = await requirePermission(null);
    file = await loadAgencyFile(await getDb(), principal.agencyId, id);
  } catch (error) {
    return domainErrorResponse(error, 'en');
  }
  const body = await getFileStorage().get(file.storageKey);
  if (!body) return NOT_FOUND();
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
