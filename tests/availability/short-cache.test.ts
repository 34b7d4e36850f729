import { ShortCache } from '@/server/availability/short-cache';

// The supplier availability cache: answers kept for their window, one load per key at a time,
// failures never kept, the least recently used dropped first.

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ShortCache', () => {
  it('serves an answer for its window, then loads again', async () => {
    let clock = 0;
    const cache = new ShortCache<number>({ ttlMs: 45_000, maxEntries: 10, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 44_999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 45_000;
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('makes one load for concurrent askers of a key (single flight)', async () => {
    const cache = new ShortCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    const answer = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return answer.promise;
    };
    const askers = Array.from({ length: 20 }, () => cache.get('offer|2026-12', load));
    const other = cache.get('offer|2027-01', async () => 'january');
    answer.resolve('december');
    expect(await Promise.all(askers)).toEqual(Array.from({ length: 20 }, () => 'december'));
    expect(await other).toBe('january');
    expect(loads).toBe(1);
  });

  it('keeps no failure: every concurrent asker gets it, the next one loads again', async () => {
    const cache = new ShortCache<string>({ ttlMs: 1_000, maxEntries: 10 });
    const answer = deferred<string>();
    const first = cache.get('k', () => answer.promise);
    const second = cache.get('k', () => Promise.resolve('never asked'));
    answer.reject(new Error('supplier down'));
    await expect(first).rejects.toThrow('supplier down');
    await expect(second).rejects.toThrow('supplier down');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });

  it('drops the least recently used answer beyond its size, and forgets an offer’s keys', async () => {
    const cache = new ShortCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a|1', async () => 'a');
    await cache.get('b|1', async () => 'b');
    await cache.get('a|1', async () => 'reloaded');
    await cache.get('c|1', async () => 'c');
    expect(await cache.get('a|1', async () => 'reloaded')).toBe('a');
    expect(await cache.get('b|1', async () => 'b again')).toBe('b again');
    cache.forget('b|');
    expect(await cache.get('b|1', async () => 'b third')).toBe('b third');
  });
});

describe('ShortCache while an answer loads', () => {
  it('keeps a past answer for its stale window and says how long a load has been under way', async () => {
    let clock = 0;
    const cache = new ShortCache<string>({ ttlMs: 30_000, staleMs: 30_000, maxEntries: 10, now: () => clock });
    expect(cache.fresh('k')).toBeUndefined();
    await cache.get('k', async () => 'first');
    expect(cache.fresh('k')).toBe('first');
    expect(cache.stale('k')).toBeUndefined();
    clock = 30_000;
    expect(cache.fresh('k')).toBeUndefined();
    expect(cache.stale('k')).toBe('first');
    let finish!: (value: string) => void;
    const loading = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    clock = 30_400;
    expect(cache.loadingFor('k')).toBe(400);
    finish('second');
    expect(await loading).toBe('second');
    expect(cache.loadingFor('k')).toBeNull();
    expect(cache.fresh('k')).toBe('second');
    clock = 90_400;
    expect(cache.stale('k')).toBeUndefined();
  });
});
