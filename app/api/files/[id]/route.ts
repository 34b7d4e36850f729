import { z } from 'zod';
import { loadVisibleFile } from '@/server/files/uploads';
import { storedFileResponse } from '@/server/http/downloads';
import { runRoute } from '@/server/http/run-route';

/**
 * An uploaded file (licence, certificate, contract, payment slip), for users of its agency whose
 * role may see files of its purpose; 404 for anyone else.
 */
export const GET = runRoute({
  permission: null,
  params: z.object({ id: z.uuid() }),
  run: async (_input, { principal, db, params }) => {
    return storedFileResponse(await loadVisibleFile(db, principal, params.id));
  },
});
