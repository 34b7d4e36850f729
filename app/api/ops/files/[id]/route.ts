import { z } from 'zod';
import { loadAgencyFileForStaff } from '@/server/files/uploads';
import { storedFileResponse } from '@/server/http/downloads';
import { runRoute } from '@/server/http/run-route';

/** An agency's uploaded document or payment slip, for staff with the agencies section; 404 for an unknown id. */
export const GET = runRoute({
  permission: 'ops:agencies',
  params: z.object({ id: z.uuid() }),
  run: async (_input, { principal, db, params }) => {
    return storedFileResponse(await loadAgencyFileForStaff(db, principal, params.id));
  },
});
