import { z } from 'zod';
import { NotFound } from '@/server/errors';
import { getFileStorage } from '@/server/files/storage';
import { loadAgencyFileForStaff } from '@/server/files/uploads';
import { PRIVATE_HEADERS, runRoute } from '@/server/http/run-route';

/** An agency's uploaded document or payment slip, for staff with the agencies section; 404 for an unknown id. */
export const GET = runRoute({
  permission: 'ops:agencies',
  params: z.object({ id: z.uuid() }),
  run: async (_input, { principal, db, params }) => {
    const file = await loadAgencyFileForStaff(db, principal, params.id);
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
