// Types of entry-codec.mjs.
export declare function encodeEntry(entry: object): string;
export declare function decodeEntry(stored: string): ({ lastModified: number; tags: string[] } & Record<string, unknown>) | null;
