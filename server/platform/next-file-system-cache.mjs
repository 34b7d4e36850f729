// Next's own cache handler (memory in front of `.next/`), the one Next uses when no
// `cacheHandler` is configured. The portal configures one (server/shared-cache/cache-handler.mjs)
// so that a deployment can share the cache through Redis at run time; without REDIS_URL that module
// hands Next this very class, so the single-process default is unchanged. Next does not export it
// publicly: docs/platform-workarounds.md, row 12.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @type {new (ctx: object) => object} */
export const NextFileSystemCache = require('next/dist/server/lib/incremental-cache/file-system-cache.js').default;
