// The module next.config's `cacheHandler` names: Node imports it itself, outside Next's bundles.
// With REDIS_URL, Next's data and page cache is shared through Redis (shared-cache.mjs,
// docs/caching.md); without it, or while `next build` runs, Next keeps its own default handler.
// Next makes a handler per request, so the cache itself is one per process.
import fs from 'node:fs';
import path from 'node:path';
import { NextFileSystemCache } from '../platform/next-file-system-cache.mjs';
import { processRedis, redisKeyPrefix, redisUrl } from '../redis/redis-connection.mjs';
import { SharedCache } from './shared-cache.mjs';

const PROCESS_CACHE = Symbol.for('traveldesk.shared-cache');
const NEXT_DEFAULT_MEMORY_BYTES = 50 * 1024 * 1024;

/** The build's id: entries of another build are never read. */
function buildId(serverDistDir) {
  try {
    return fs.readFileSync(path.join(serverDistDir ?? '', '..', 'BUILD_ID'), 'utf8').trim() || 'unknown';
  } catch {
    return 'development';
  }
}

/** @param {{ serverDistDir?: string, maxMemoryCacheSize?: number }} ctx @returns {SharedCache} */
function processCache(ctx) {
  const holder = /** @type {Record<symbol, SharedCache | undefined>} */ (/** @type {unknown} */ (globalThis));
  holder[PROCESS_CACHE] ??= new SharedCache({
    redis: processRedis(),
    buildId: buildId(ctx.serverDistDir),
    keyPrefix: redisKeyPrefix(),
    maxMemoryBytes: ctx.maxMemoryCacheSize || NEXT_DEFAULT_MEMORY_BYTES,
  });
  return holder[PROCESS_CACHE];
}

/** Next's CacheHandler interface (`get`, `set`, `revalidateTag`, `resetRequestCache`) over the process's SharedCache. */
export class SharedCacheHandler {
  #cache;

  constructor(/** @type {{ serverDistDir?: string, maxMemoryCacheSize?: number }} */ ctx) {
    this.#cache = processCache(ctx);
  }

  get(/** @type {string} */ key, /** @type {object} */ ctx) {
    return this.#cache.get(key, ctx);
  }

  set(/** @type {string} */ key, /** @type {never} */ value, /** @type {object} */ ctx) {
    return this.#cache.set(key, value, ctx);
  }

  revalidateTag(/** @type {string | string[]} */ tags) {
    return this.#cache.revalidateTag(tags);
  }

  resetRequestCache() {}
}

const shared = redisUrl() !== undefined && process.env.NEXT_PHASE !== 'phase-production-build';

export default shared ? SharedCacheHandler : NextFileSystemCache;
