import { z } from 'zod';
import { NotFound } from '@/server/errors';
import { PRIVATE_HEADERS, runRoute } from '@/server/http/run-route';
import { returnFromProvider } from '@/server/checkout/settlement';

/** A payment's state for the result page's polling; an open one is settled with its provider first. */
export const GET = runRoute({
  permission: null,
  apiScope: 'book',
  params: z.object({ paymentId: z.uuid() }),
  run: async (_input, { principal, db, params }) => {
    const result = await returnFromProvider(db, principal, params.paymentId);
    if (!result) throw new NotFound();
    return Response.json(result, { headers: PRIVATE_HEADERS });
  },
});
