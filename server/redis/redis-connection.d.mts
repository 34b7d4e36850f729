// Types of redis-connection.mjs (plain JavaScript: Node loads it outside Next's bundles).
import type { RedisClientType } from '@redis/client';

export declare const REDIS_TIMEOUTS: Readonly<{ connectMs: number; commandMs: number; probeEveryMs: number; reconnectMaxMs: number }>;
export declare function redisUrl(env?: NodeJS.ProcessEnv): string | undefined;
export declare function redisKeyPrefix(env?: NodeJS.ProcessEnv): string;
export declare class RedisUnavailable extends Error {}
export declare class RedisConnection {
  constructor(
    url: string,
    options?: { timeouts?: Partial<typeof REDIS_TIMEOUTS>; log?: { warn: (message: string) => void; info: (message: string) => void } },
  );
  readonly available: boolean;
  run<T>(command: (client: RedisClientType) => Promise<T>): Promise<T>;
  ping(): Promise<'ok' | 'down'>;
  onRecovered(listener: () => void): () => boolean;
  close(): Promise<void>;
}
export declare function processRedis(env?: NodeJS.ProcessEnv): RedisConnection | null;
