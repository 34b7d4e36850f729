// Types of shared-cache.mjs (plain JavaScript: Node loads it outside Next's bundles).
import type { RedisConnection } from '../redis/redis-connection.mjs';

/** What Next's cache handler interface stores and answers (its `CacheHandlerValue`). */
export type HandlerValue = {
  lastModified: number;
  value: ({ kind: string; headers?: Record<string, unknown>; revalidate?: number | false } & Record<string, unknown>) | null;
  cacheControl?: { revalidate: number | false; expire?: number };
};

export type SharedCacheOptions = {
  redis: RedisConnection | null;
  buildId: string;
  keyPrefix?: string;
  maxMemoryBytes?: number;
  now?: () => number;
};

export declare class SharedCache {
  constructor(options: SharedCacheOptions);
  get(key: string, ctx?: { kind?: string; tags?: string[]; softTags?: string[] }): Promise<HandlerValue | null>;
  set(
    key: string,
    value: HandlerValue['value'],
    ctx?: { fetchCache?: boolean; tags?: string[]; revalidate?: number | false; cacheControl?: { revalidate: number | false; expire?: number } },
  ): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
