import { z } from 'zod';
import { NotFound } from '@/server/errors';
import { getFileStorage } from '@/server/files/storage';
import { loadVisibleFile } from '@/server/files/uploads';
import { PRIVATE_HEADERS, runRoute } from '@/server/http/run-route';

/**
 * An uploaded file (licence, certificate, contract, payment slip), for users of its agency whose
 * role may see files of its purpose; 404 for anyone else.
 */
export const GET = runRoute({
  permission: null,
  params: z.object({ id: z.uuid() }),
  run: async (_input, { principal, db, params }) => {
    const file = await loadVisibleFile(db, principal, params.id);
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
  },
});
