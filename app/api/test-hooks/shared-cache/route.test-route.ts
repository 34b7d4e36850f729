import { PUBLIC, runRoute } from '@/server/http/run-route';
import { expireCacheProbe, readCacheProbe } from '@/server/test-hooks/cache-probe';
import { assertTestHooks } from '@/server/test-hooks/test-hook-guard';

/** The cached probe: which process computed it and when. Only in test builds, a 404 unless TEST_HOOKS=1. */
export const GET = runRoute({
  permission: PUBLIC,
  run: async () => {
    assertTestHooks();
    return readCacheProbe();
  },
});

/** Expires the probe's tag, as a catalogue change expires a tour's. */
export const POST = runRoute({
  permission: PUBLIC,
  run: async () => {
    assertTestHooks();
    expireCacheProbe();
    return { expired: true };
  },
});
