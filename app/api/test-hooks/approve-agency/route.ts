import { z } from 'zod';
import { approveAgencyOfAdmin } from '@/server/account/approve-agency';
import { runRoute, TEST_HOOK } from '@/server/http/run-route';

const approvalSchema = z.object({ email: z.email() });

/**
 * Stands in for the operator console (a later issue) in end-to-end tests: approves the agency an
 * admin registered, through the same server function as `npm run agency:approve`. A 404 unless
 * TEST_HOOKS=1.
 */
export const POST = runRoute({
  permission: TEST_HOOK,
  body: { kind: 'json', schema: approvalSchema, maxBytes: 4 * 1024 },
  run: async ({ body }, { db }) => approveAgencyOfAdmin(db, body.email),
});
