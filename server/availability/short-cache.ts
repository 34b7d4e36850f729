import 'server-only';

// A small in-process cache for answers that may be a little old (docs/suppliers.md "Availability
// from suppliers"): a supplier's availability for an offer and month, kept for seconds, so the
// pickers of many agents cost the supplier one call per offer and month, not one each.
//
// In-process is enough while the portal runs as one Node process on one machine (docs/operations.md):
// every picker's request reaches the same memory. A second machine would only ask the supplier
// once more per window; moving shared caches (this one, the rate limits' counters) to Redis belongs
// to running on more than one machine, not to this cache.

type Entry<V> = { value: V; expiresAt: number };
type Pending<V> = { promise: Promise<V>; startedAt: number };

export type ShortCacheOptions = {
  /** How long an answer is served, in milliseconds. */
  ttlMs: number;
  /** How long after that it may still be served while a fresh one loads (`stale`); 0 by default. */
  staleMs?: number;
  /** The most answers kept; the least recently used goes first. */
  maxEntries: number;
  /** The clock, for tests. */
  now?: () => number;
};

export class ShortCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Loads under way: a second asker of the same key waits for the first's answer (single flight). */
  private readonly pending = new Map<string, Pending<V>>();
  private readonly now: () => number;

  constructor(private readonly options: ShortCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The fresh answer for `key`, or the one `load` gives — only one load per key at a time; every
   * concurrent asker shares it. A failed load is not kept: the next asker tries again (a supplier's
   * breaker, not this cache, decides how soon a failing supplier is asked again).
   */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      // Map order is insertion order: re-inserting marks it the most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return Promise.resolve(entry.value);
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight.promise;
    const loading = load().then(
      (value) => {
        this.pending.delete(key);
        this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, { promise: loading, startedAt: this.now() });
    return loading;
  }

  /** An answer past its window but within `staleMs` of it, to serve while a fresh one loads; else undefined. */
  stale(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.expiresAt > now || entry.expiresAt + (this.options.staleMs ?? 0) <= now) return undefined;
    return entry.value;
  }

  /** For how many milliseconds the load of `key` has been under way, or null when none is. */
  loadingFor(key: string): number | null {
    const inFlight = this.pending.get(key);
    return inFlight ? this.now() - inFlight.startedAt : null;
  }

  /** The fresh answer for `key` (marked recently used), or undefined: the cached path without a promise. */
  fresh(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether a fresh answer for `key` is kept. */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  /** Forgets every answer whose key starts with `prefix` (an offer's months after a booking of it). */
  forget(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
