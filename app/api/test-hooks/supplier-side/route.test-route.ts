import { z } from 'zod';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { setSupplierSide } from '@/server/test-hooks/supplier-side-hook';
import { assertTestHooks } from '@/server/test-hooks/test-hook-guard';
import { SUPPLIER_BOOKING_STATUSES } from '@/shared/bookings/supplier-side';

const sideSchema = z.object({
  reference: z.string().min(1).max(32),
  supplierReference: z.string().max(100).nullable(),
  supplierStatus: z.enum(SUPPLIER_BOOKING_STATUSES),
  tickets: z.array(z.object({ unitType: z.string().nullable(), code: z.string().min(1).max(200), format: z.string().min(1).max(20) })).max(50),
});

/**
 * Gives a booking a side at a supplier (reference, status, codes) for the end-to-end tests of the
 * booking page, as the supplier booking flow would write it. Only in test builds, and there a 404
 * unless TEST_HOOKS=1.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'json', schema: sideSchema, maxBytes: 16 * 1024 },
  run: async ({ body }, { db }) => {
    assertTestHooks();
    return setSupplierSide(db, body);
  },
});
