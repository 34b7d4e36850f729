import { z } from 'zod';
import { PUBLIC, RAW_BYTES, runRoute } from '@/server/http/run-route';
import { PROVIDER_IDS } from '@/server/payments/gateway';
import { receiveWebhook } from '@/server/checkout/settlement';

/**
 * Payment providers' webhooks: the raw body as sent, so the adapter verifies the
 * signature over exactly those bytes. 200 once settled (also for a replay); 422 for anything
 * forged, stale or not ours — nothing changes.
 */
export const POST = runRoute({
  permission: PUBLIC,
  params: z.object({ provider: z.enum(PROVIDER_IDS) }),
  body: { kind: 'raw', maxBytes: 64 * 1024, schema: RAW_BYTES },
  run: async ({ body }, { db, params, request }) => {
    const result = await receiveWebhook(db, params.provider, body, request.headers);
    return { received: true, status: result.status };
  },
});
