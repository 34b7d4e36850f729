// Next's data and page cache (ISR pages, `unstable_cache` reads) shared by every server process
// through Redis, with this process's memory in front of it and in its place while Redis is away.
// docs/caching.md explains the design; Next calls it through `cache-handler.mjs`.
//
// - Entries are keyed by build id: a new deploy never serves the pages of the old build.
// - Tag expiry is shared and build-independent: `revalidateTag` writes the tag's time to one Redis
//   hash (and bumps a version counter); every read first asks the version (one small GET per
//   batch of reads, sent after the read began) and re-reads the hash when it moved, so a price
//   changed through one process is on every process's pages on the next request, also while an
//   old and a new build run side by side.
// - A page hit returns the very object this process holds (the same HTML string), which the
//   encoded-page cache (server/platform/encoded-page-cache.ts) relies on.
// - Redis down or slow: reads and writes fall back to this process's memory and its own tag
//   times without waiting (bounded by server/redis/redis-connection.mjs); tags expired meanwhile
//   are written when Redis is back, and this process's memory is dropped then (Redis may have
//   restarted empty, losing tag times its entries were checked against).
import { decodeEntry, encodeEntry } from './entry-codec.mjs';
import { LocalEntries } from './local-entries.mjs';

const NEXT_CACHE_TAGS_HEADER = 'x-next-cache-tags';
/** Longest a Redis entry lives (an old build's entries go with it). */
const MAX_TTL_SECONDS = 7 * 24 * 3600;
const DEFAULT_TTL_SECONDS = 24 * 3600;

// Tag times only move forward, whoever writes last; the version counts the writes.
// ARGV: tag, time, tag, time…
const WRITE_TAG_TIMES = `
for i = 1, #ARGV, 2 do
  local current = tonumber(redis.call('HGET', KEYS[1], ARGV[i]) or '0')
  if tonumber(ARGV[i + 1]) > current then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
return redis.call('INCR', KEYS[2])`;

/**
 * @typedef {import('./shared-cache.d.mts').SharedCacheOptions} SharedCacheOptions
 * @typedef {import('./shared-cache.d.mts').HandlerValue} HandlerValue
 * @typedef {import('./local-entries.mjs').LocalEntry} LocalEntry
 */

export class SharedCache {
  #redis;
  #entryPrefix;
  #tagsKey;
  #versionKey;
  #local;
  /** tag → when it was last expired (ms), as far as this process knows. */
  #tagTimes = new Map();
  /** Tag times not written to Redis yet (it was away): written when it is back. */
  #pendingTags = new Map();
  /** The tag version whose hash `#tagTimes` holds. */
  #knownVersion = null;
  /** Reads waiting for the version GET that has not been sent yet. */
  #versionBatch = null;
  #now;

  /** @param {SharedCacheOptions} options */
  constructor({ redis, buildId, keyPrefix = 'traveldesk:', maxMemoryBytes = 50 * 1024 * 1024, now = Date.now }) {
    this.#redis = redis;
    this.#entryPrefix = `${keyPrefix}next-cache:${buildId}:`;
    this.#tagsKey = `${keyPrefix}next-cache-tags`;
    this.#versionKey = `${keyPrefix}next-cache-tags-version`;
    this.#local = new LocalEntries(maxMemoryBytes);
    this.#now = now;
    redis?.onRecovered(() => void this.#recover());
  }

  /**
   * @param {string} key
   * @param {{ kind?: string, tags?: string[], softTags?: string[] }} [ctx]
   * @returns {Promise<HandlerValue | null>}
   */
  async get(key, ctx = {}) {
    const shared = this.#redis?.available === true;
    const held = this.#local.get(key);
    const [fetched] = await Promise.all([!held && shared ? this.#readRemote(key) : null, shared ? this.#refreshTagTimes() : null]);
    const askedTags = ctx.kind === 'FETCH' ? [...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : [];
    if (!held) return this.#adopt(key, fetched, askedTags);
    if (!this.#expired(held, askedTags)) return held.handlerValue;
    this.#local.delete(key);
    // Expired here: another process may have rendered it anew since.
    return shared ? this.#adopt(key, await this.#readRemote(key), askedTags) : null;
  }

  /** @param {string} key @param {LocalEntry | null} entry @param {string[]} askedTags */
  #adopt(key, entry, askedTags) {
    if (!entry || this.#expired(entry, askedTags)) return null;
    this.#local.set(key, entry);
    return entry.handlerValue;
  }

  /**
   * @param {string} key
   * @param {HandlerValue['value']} value
   * @param {{ fetchCache?: boolean, tags?: string[], revalidate?: number | false, cacheControl?: { revalidate: number | false, expire?: number } }} [ctx]
   */
  async set(key, value, ctx = {}) {
    const cacheControl = ctx.fetchCache ? undefined : ctx.cacheControl;
    /** @type {HandlerValue} */
    const handlerValue = { lastModified: this.#now(), value, ...(cacheControl ? { cacheControl } : {}) };
    const tags = entryTags(value, ctx);
    const encoded = encodeEntry({ ...handlerValue, tags });
    this.#local.set(key, { handlerValue, tags, size: encoded.length });
    if (!this.#redis?.available) return;
    try {
      await this.#redis.run((client) => client.set(this.#entryPrefix + key, encoded, { EX: ttlSeconds(value, ctx, cacheControl) }));
    } catch {
      // This process still holds it; the next process to miss renders its own.
    }
  }

  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    const list = typeof tags === 'string' ? [tags] : [...tags];
    if (list.length === 0) return;
    // Every expiry is immediate: `revalidateTag(tag, 'max')` (serve stale once) is not used by the
    // portal, and a price is never served stale (docs/caching.md).
    const at = this.#now();
    for (const tag of list) {
      this.#rememberTagTime(tag, at);
      this.#pendingTags.set(tag, Math.max(at, this.#pendingTags.get(tag) ?? 0));
    }
    await this.#writePendingTags();
  }

  resetRequestCache() {}

  async #readRemote(key) {
    try {
      const stored = await this.#redis.run((client) => client.get(this.#entryPrefix + key));
      if (typeof stored !== 'string') return null;
      const decoded = decodeEntry(stored);
      if (!decoded) return null;
      const { tags, ...handlerValue } = decoded;
      return { handlerValue, tags, size: stored.length };
    } catch {
      return null;
    }
  }

  /** Brings `#tagTimes` up to Redis's, by one version GET sent after this call (shared by the reads of one turn). */
  async #refreshTagTimes() {
    try {
      this.#versionBatch ??= new Promise((resolve) => queueMicrotask(resolve)).then(() => {
        this.#versionBatch = null;
        return this.#redis.run((client) => client.get(this.#versionKey));
      });
      const version = await this.#versionBatch;
      if (version === this.#knownVersion) return;
      const times = await this.#redis.run((client) => client.hGetAll(this.#tagsKey));
      for (const [tag, at] of Object.entries(times)) this.#rememberTagTime(tag, Number(at));
      this.#knownVersion = version;
    } catch {
      // Redis went away meanwhile: what this process knows decides.
    }
  }

  async #writePendingTags() {
    if (this.#pendingTags.size === 0 || !this.#redis?.available) return;
    const writing = new Map(this.#pendingTags);
    const pairs = [...writing].flatMap(([tag, at]) => [tag, String(at)]);
    try {
      await this.#redis.run((client) => client.eval(WRITE_TAG_TIMES, { keys: [this.#tagsKey, this.#versionKey], arguments: pairs }));
      for (const [tag, at] of writing) if (this.#pendingTags.get(tag) === at) this.#pendingTags.delete(tag);
    } catch {
      // Kept pending: written when Redis is back (#recover).
    }
  }

  async #recover() {
    this.#local.clear();
    this.#knownVersion = null;
    await this.#writePendingTags();
  }

  #rememberTagTime(tag, at) {
    if (at > (this.#tagTimes.get(tag) ?? 0)) this.#tagTimes.set(tag, at);
  }

  /** @param {LocalEntry} entry @param {string[]} askedTags */
  #expired(entry, askedTags) {
    const made = entry.handlerValue.lastModified;
    for (const tag of entry.tags) if ((this.#tagTimes.get(tag) ?? 0) > made) return true;
    for (const tag of askedTags) if ((this.#tagTimes.get(tag) ?? 0) > made) return true;
    return false;
  }
}

/** The tags an entry answers to: a data read's own, a page's from the header Next stores with it. */
function entryTags(value, ctx) {
  if (ctx.fetchCache) return [...(ctx.tags ?? [])];
  const header = value && 'headers' in value ? value.headers?.[NEXT_CACHE_TAGS_HEADER] : undefined;
  if (typeof header === 'string') return header.split(',').filter(Boolean);
  if (Array.isArray(header)) return header.flatMap((part) => String(part).split(',')).filter(Boolean);
  return [];
}

/** How long Redis keeps an entry: the page's `expire`, a data read's twice its `revalidate`, within a week. */
function ttlSeconds(value, ctx, cacheControl) {
  const revalidate = value?.kind === 'FETCH' ? value.revalidate : ctx.revalidate;
  const wanted = typeof cacheControl?.expire === 'number' ? cacheControl.expire : typeof revalidate === 'number' && revalidate > 0 ? revalidate * 2 : DEFAULT_TTL_SECONDS;
  return Math.max(1, Math.min(Math.ceil(wanted), MAX_TTL_SECONDS));
}
