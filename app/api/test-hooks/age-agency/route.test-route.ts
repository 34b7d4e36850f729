import { z } from 'zod';
import { ageAgencyByOneMonth } from '@/server/credit/age-agency';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { assertTestHooks } from '@/server/test-hooks/test-hook-guard';

const ageSchema = z.object({ email: z.email() });

/**
 * Stands in for the passing of time in end-to-end tests of the 30-day credit: an agency's ledger
 * and invoices move a month back (no console could or should do this). Only in test builds, and
 * there a 404 unless TEST_HOOKS=1.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'json', schema: ageSchema, maxBytes: 4 * 1024 },
  run: async ({ body }, { db }) => {
    assertTestHooks();
    return ageAgencyByOneMonth(db, body.email);
  },
});
