import { z } from 'zod';
import { NotFound } from '@/server/errors';
import { getFileStorage } from '@/server/files/storage';
import { PRIVATE_HEADERS, runRoute } from '@/server/http/run-route';
import { loadDepositSlip } from '@/server/ops/money/money-queries';

/** A deposit notice's payment slip, for staff with the money section; 404 for any other file. */
export const GET = runRoute({
  permission: 'ops:money',
  params: z.object({ id: z.uuid() }),
  run: async (_input, { principal, db, params }) => {
    const file = await loadDepositSlip(db, principal, params.id);
    if (!file) throw new NotFound();
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
