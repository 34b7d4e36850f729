// Types of cache-handler.mjs (plain JavaScript: Node loads it outside Next's bundles).

/** Next's CacheHandler interface over this process's shared cache. */
export declare class SharedCacheHandler {
  constructor(ctx: { serverDistDir?: string; maxMemoryCacheSize?: number });
  get(key: string, ctx: object): Promise<unknown>;
  set(key: string, value: never, ctx: object): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}

/** SharedCacheHandler with REDIS_URL at run time, else Next's own default handler. */
declare const handler: new (ctx: object) => object;
export default handler;
