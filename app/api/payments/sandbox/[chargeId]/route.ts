import { z } from 'zod';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { sandboxEnabled } from '@/server/payments/gateways';
import { payWithSandboxCard } from '@/server/payments/providers/sandbox/sandbox-charges';
import { NotFound } from '@/server/errors';

/**
 * The sandbox's test-mode API (as providers have one): pays a sandbox charge with a test card
 * without its hosted page, for API integrators and the benchmark. The charge id is the capability,
 * as on the hosted page; absent when the sandbox is off.
 */
export const POST = runRoute({
  permission: PUBLIC,
  params: z.object({ chargeId: z.string().regex(/^sbx_ch_[0-9a-f]{24}$/) }),
  body: { kind: 'json', maxBytes: 1024, schema: z.object({ cardNumber: z.string().max(30) }) },
  run: async ({ body }, { db, params }) => {
    if (!sandboxEnabled()) throw new NotFound();
    return payWithSandboxCard(db, params.chargeId, body.cardNumber);
  },
});
