import { z } from 'zod';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { assertTestHooks } from '@/server/test-hooks/test-hook-guard';
import { seedTelemetry } from '@/tests/support/telemetry-seed';

/**
 * Puts a known week of telemetry (errors, Web Vitals, the funnel, slow spans, a recorded session)
 * into the collector's tables for the console's telemetry e2e: the embedded database belongs to
 * the server process, so the spec cannot write it itself. The collector and the SDK that fill the
 * tables for real are other specs' subject. Only in test builds, and there a 404 unless TEST_HOOKS=1.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'json', schema: z.object({}).strict(), maxBytes: 1024 },
  run: async (_input, { db }) => {
    assertTestHooks();
    return seedTelemetry(db);
  },
});
