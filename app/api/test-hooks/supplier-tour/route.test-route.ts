import { z } from 'zod';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { assertTestHooks } from '@/server/test-hooks/test-hook-guard';
import { seedSupplierTour } from '@/tests/support/supplier-tour';

const supplierSchema = z.object({ url: z.url(), apiKey: z.string().min(1).max(200) });

/**
 * Puts a supplier-backed tour in the catalogue for the supplier booking e2e: the spec's own local
 * OCTO supplier (its URL and key), stored with the key sealed, and a published tour selling one of
 * its options. The console's import and publish are another spec's subject. Only in test builds,
 * and there a 404 unless TEST_HOOKS=1.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'json', schema: supplierSchema, maxBytes: 4 * 1024 },
  run: async ({ body }, { db }) => {
    assertTestHooks();
    return seedSupplierTour(db, body);
  },
});
