// This process's own cache entries, least recently used first out, bounded by their size: the
// layer in front of Redis, and the whole cache while Redis is away.

/**
 * @typedef {{ handlerValue: import('./shared-cache.d.mts').HandlerValue, tags: string[], size: number }} LocalEntry
 */

export class LocalEntries {
  /** @type {Map<string, LocalEntry>} */
  #entries = new Map();
  #bytes = 0;
  #maxBytes;

  constructor(/** @type {number} */ maxBytes) {
    this.#maxBytes = maxBytes;
  }

  /** @param {string} key */
  get(key) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: moving a hit to the end keeps the oldest first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** @param {string} key @param {LocalEntry} entry */
  set(key, entry) {
    this.delete(key);
    if (entry.size > this.#maxBytes) return;
    this.#entries.set(key, entry);
    this.#bytes += entry.size;
    for (const [oldest, old] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= old.size;
    }
  }

  /** @param {string} key */
  delete(key) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
