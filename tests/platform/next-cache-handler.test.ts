import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';

// Guards of docs/platform-workarounds.md row 12 and of what the shared cache handler relies on in
// Next's incremental cache (server/shared-cache/): each fails when an upgrade changes it.

const require = createRequire(import.meta.url);
const source = (file: string) => readFileSync(require.resolve(file), 'utf8');
const incrementalCache = () => source('next/dist/server/lib/incremental-cache/index.js');

async function handlerModule(env: Record<string, string | undefined>) {
  vi.resetModules();
  const saved = { REDIS_URL: process.env.REDIS_URL, NEXT_PHASE: process.env.NEXT_PHASE };
  Object.assign(process.env, env);
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
  try {
    return await import('@/server/shared-cache/cache-handler.mjs');
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe("the portal's cache handler module (next.config `cacheHandler`)", () => {
  it("is Next's own default handler without REDIS_URL, and while `next build` runs", async () => {
    const nextDefault = (require('next/dist/server/lib/incremental-cache/file-system-cache.js') as { default: unknown }).default;
    expect((await handlerModule({ REDIS_URL: undefined })).default).toBe(nextDefault);
    expect((await handlerModule({ REDIS_URL: 'redis://127.0.0.1:1', NEXT_PHASE: 'phase-production-build' })).default).toBe(nextDefault);
    const shared = await handlerModule({ REDIS_URL: 'redis://127.0.0.1:1', NEXT_PHASE: undefined });
    expect(shared.default).toBe(shared.SharedCacheHandler);
  });

  it('drift: that class is the one Next uses when no handler is configured', () => {
    expect(incrementalCache()).toMatch(/if \(fs && serverDistDir\) \{[\s\S]*?CurCacheHandler = _filesystemcache\.default;/);
    expect(incrementalCache()).toContain('require("./file-system-cache")');
  });

  it('drift: Next constructs the handler per request with the context the shared cache reads', () => {
    const cache = incrementalCache();
    expect(cache).toMatch(/this\.cacheHandler = new CurCacheHandler\(\{\s*dev,\s*fs,\s*flushToDisk,\s*serverDistDir,\s*revalidatedTags,\s*maxMemoryCacheSize,/);
    // Immediate expiry reaches the handler (revalidateTag(tag, { expire: 0 }) and updateTag).
    expect(cache).toMatch(/async revalidateTag\(tags, durations\) \{[\s\S]*?this\.cacheHandler\) == null \? void 0 : _this_cacheHandler\.revalidateTag\(tags, durations\);/);
    // A custom handler's entry is trusted as it comes back: Next's own tag check reads the
    // in-process manifest that only its default handler writes, so the shared cache checks tags itself.
    expect(source('next/dist/server/lib/incremental-cache/tags-manifest.external.js')).toContain('const tagsManifest = new Map();');
    // The stored lifetime is used when the handler returns it (else a page rendered by another
    // process would be stale after one second).
    expect(cache).toMatch(/if \(cacheData == null \? void 0 : cacheData\.cacheControl\) \{\s*cacheControl = cacheData\.cacheControl;/);
    // Next imports the configured file itself, outside its bundles (so it is plain JavaScript).
    expect(source('next/dist/server/next-server.js')).toMatch(/CacheHandler = \(0, _interopdefault\.interopDefault\)\(await dynamicImportEsmDefault\(\(0, _formatdynamicimportpath\.formatDynamicImportPath\)\(this\.distDir, cacheHandler\)\)\);/);
  });
});
