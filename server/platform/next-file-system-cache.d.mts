// Types of next-file-system-cache.mjs.
export declare const NextFileSystemCache: new (ctx: object) => object;
