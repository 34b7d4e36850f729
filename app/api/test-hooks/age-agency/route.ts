import { z } from 'zod';
import { runRoute, TEST_HOOK } from '@/server/http/run-route';
import { ageAgencyByOneMonth } from '@/server/credit/age-agency';

const ageSchema = z.object({ email: z.email() });

/**
 * Stands in for the passing of time in end-to-end tests of the 30-day credit: an agency's ledger
 * and invoices move a month back (no console could or should do this). A 404 unless TEST_HOOKS=1.
 */
export const POST = runRoute({
  permission: TEST_HOOK,
  body: { kind: 'json', schema: ageSchema, maxBytes: 4 * 1024 },
  run: async ({ body }, { db }) => ageAgencyByOneMonth(db, body.email),
});
