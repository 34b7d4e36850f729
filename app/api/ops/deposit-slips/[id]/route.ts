import { z } from 'zod';
import { NotFound } from '@/server/errors';
import { storedFileResponse } from '@/server/http/downloads';
import { runRoute } from '@/server/http/run-route';
import { loadDepositSlip } from '@/server/ops/money/money-queries';

/** A deposit notice's payment slip, for staff with the money section; 404 for any other file. */
export const GET = runRoute({
  permission: 'ops:money',
  params: z.object({ id: z.uuid() }),
  run: async (_input, { principal, db, params }) => {
    const file = await loadDepositSlip(db, principal, params.id);
    if (!file) throw new NotFound();
    return storedFileResponse(file);
  },
});
