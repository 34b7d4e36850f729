// The portal's one Redis connection per server process (node-redis's `@redis/client`).
//
// Plain JavaScript because Next's cache handler is imported by Node itself, outside the bundles
// Next compiles (next.config `cacheHandler`), and it shares this connection with the bundled
// modules (`server/redis/redis.ts`): one client per process, kept on `globalThis` under a
// registered symbol so both module graphs find the same one.
//
// Redis is a shared cache here, never the source of truth: every call is bounded (connect and
// command timeouts), nothing queues while the connection is down (`disableOfflineQueue`), and a
// command that gets no answer in time (a Redis that hangs rather than closes) suspends the
// connection until a probe answers. The time limit is ours: node-redis's own command timeout stops
// counting once a command is written, so it never ends a wait on a server that does not answer. Callers read `available` and fall back to what this process holds.
import { createClient } from '@redis/client';

const PROCESS_CONNECTION = Symbol.for('traveldesk.redis-connection');

/** Bounded waits: a page request never waits on Redis longer than `commandMs`. */
export const REDIS_TIMEOUTS = Object.freeze({ connectMs: 500, commandMs: 250, probeEveryMs: 500, reconnectMaxMs: 2_000 });

/** REDIS_URL, or undefined when the portal runs without Redis. */
export function redisUrl(env = process.env) {
  const url = env.REDIS_URL?.trim();
  return url ? url : undefined;
}

/** Prefix of every key the portal writes, so deployments may share one Redis. */
export function redisKeyPrefix(env = process.env) {
  return env.REDIS_KEY_PREFIX ?? 'traveldesk:';
}

export class RedisUnavailable extends Error {
  constructor() {
    super('Redis is unavailable');
    this.name = 'RedisUnavailable';
  }
}

class RedisTimedOut extends Error {
  constructor() {
    super('Redis did not answer in time');
    this.name = 'RedisTimedOut';
  }
}

export class RedisConnection {
  #client;
  #timeouts;
  #suspended = false;
  #probing = false;
  #wasAvailable = false;
  #everAvailable = false;
  #warnedAtStart = false;
  #closed = false;
  #recoveryListeners = new Set();
  #log;

  /**
   * @param {string} url
   * @param {{ timeouts?: Partial<typeof REDIS_TIMEOUTS>, log?: { warn: (message: string) => void, info: (message: string) => void } }} [options]
   */
  constructor(url, options = {}) {
    this.#timeouts = { ...REDIS_TIMEOUTS, ...options.timeouts };
    this.#log = options.log ?? console;
    this.#client = createClient({
      url,
      disableOfflineQueue: true,
      socket: {
        connectTimeout: this.#timeouts.connectMs,
        // Keeps trying for as long as the process lives: Redis coming back is picked up by itself.
        reconnectStrategy: (retries) => Math.min(50 * 2 ** Math.min(retries, 6), this.#timeouts.reconnectMaxMs),
      },
    });
    // An unhandled 'error' event would end the process; an outage is reported once, on the change.
    this.#client.on('error', () => this.#markUnavailable());
    this.#client.on('end', () => this.#markUnavailable());
    this.#client.on('ready', () => this.#checkAvailability());
    this.#client.connect().catch(() => this.#markUnavailable());
  }

  /** Connected, and not suspended after a command timed out. */
  get available() {
    return !this.#closed && !this.#suspended && this.#client.isReady;
  }

  /**
   * Runs `command` with the client when Redis is available, else throws RedisUnavailable at
   * once. A timeout suspends the connection until a PING answers again.
   * @template T
   * @param {(client: import('@redis/client').RedisClientType) => Promise<T>} command
   * @returns {Promise<T>}
   */
  async run(command) {
    if (!this.available) throw new RedisUnavailable();
    try {
      return await this.#inTime(command(/** @type {import('@redis/client').RedisClientType} */ (/** @type {unknown} */ (this.#client))));
    } catch (error) {
      if (error instanceof RedisTimedOut) this.#suspend();
      else if (!this.#client.isReady) this.#markUnavailable();
      throw error;
    }
  }

  /**
   * @template T
   * @param {Promise<T>} pending
   * @returns {Promise<T>}
   */
  #inTime(pending) {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new RedisTimedOut()), this.#timeouts.commandMs);
    });
    // The late answer is still read off the connection; nobody waits for it.
    pending.catch(() => {});
    return Promise.race([pending, late]).finally(() => clearTimeout(timer));
  }

  /** 'ok' when Redis answers a PING within the command timeout, else 'down' (a new connection gets its connect timeout first). */
  async ping() {
    if (!this.#everAvailable && !this.#closed) await this.#firstConnect();
    try {
      await this.run((client) => client.ping());
      return /** @type {const} */ ('ok');
    } catch {
      return /** @type {const} */ ('down');
    }
  }

  /** Called each time Redis becomes available again after it was not (and on the first connect). */
  onRecovered(/** @type {() => void} */ listener) {
    this.#recoveryListeners.add(listener);
    return () => this.#recoveryListeners.delete(listener);
  }

  async close() {
    this.#closed = true;
    this.#recoveryListeners.clear();
    const holder = processHolder();
    if (holder[PROCESS_CONNECTION] === this) delete holder[PROCESS_CONNECTION];
    try {
      this.#client.destroy();
    } catch {
      // Already closed.
    }
  }

  #firstConnect() {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.#timeouts.connectMs);
      const stop = this.onRecovered(done);
      function done() {
        clearTimeout(timer);
        stop();
        resolve(undefined);
      }
    });
  }

  #suspend() {
    if (this.#suspended) return;
    this.#suspended = true;
    this.#markUnavailable();
    void this.#probe();
  }

  async #probe() {
    if (this.#probing) return;
    this.#probing = true;
    while (this.#suspended && !this.#closed) {
      await new Promise((resolve) => setTimeout(resolve, this.#timeouts.probeEveryMs).unref());
      if (!this.#client.isReady) continue;
      try {
        await this.#inTime(this.#client.ping());
        this.#suspended = false;
      } catch {
        // Still not answering in time.
      }
    }
    this.#probing = false;
    this.#checkAvailability();
  }

  #markUnavailable() {
    if (this.#closed) return;
    if (!this.#everAvailable && !this.#warnedAtStart) {
      this.#warnedAtStart = true;
      this.#log.warn('Redis is not reachable yet: this process caches pages in its own memory until it is.');
      return;
    }
    if (!this.#wasAvailable) return;
    this.#wasAvailable = false;
    this.#log.warn('Redis is unavailable: this process serves its cached pages from its own memory until Redis is back.');
  }

  #checkAvailability() {
    if (this.#wasAvailable || !this.available) return;
    const first = !this.#everAvailable;
    this.#everAvailable = true;
    this.#wasAvailable = true;
    if (!first) this.#log.info('Redis is available again: the page cache is shared again.');
    for (const listener of this.#recoveryListeners) listener();
  }
}

/**
 * This process's connection to REDIS_URL, made on first use; null without REDIS_URL. Shared by
 * every module graph of the process (the cache handler Node loads and Next's bundles).
 * @returns {RedisConnection | null}
 */
export function processRedis(env = process.env) {
  const url = redisUrl(env);
  if (!url) return null;
  const holder = processHolder();
  holder[PROCESS_CONNECTION] ??= new RedisConnection(url);
  return holder[PROCESS_CONNECTION];
}

function processHolder() {
  return /** @type {Record<symbol, RedisConnection | undefined>} */ (/** @type {unknown} */ (globalThis));
}
