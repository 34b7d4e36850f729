import 'server-only';
import { revalidateTag, unstable_cache } from 'next/cache';

// A cached read that says which process computed it, and its tag's expiry: the test of the shared
// cache across two `next start` processes (tests/cache/two-processes.test.ts) reads it through
// one process and expires it through the other. Imported only by a test-only route.

export const CACHE_PROBE_TAG = 'test-hooks:cache-probe';

export type CacheProbe = { pid: number; computedAt: number };

export const readCacheProbe = unstable_cache(async (): Promise<CacheProbe> => ({ pid: process.pid, computedAt: Date.now() }), ['test-hooks-cache-probe'], {
  tags: [CACHE_PROBE_TAG],
  revalidate: 3600,
});

export function expireCacheProbe(): void {
  revalidateTag(CACHE_PROBE_TAG, { expire: 0 });
}
