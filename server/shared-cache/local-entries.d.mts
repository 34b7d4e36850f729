// Types of local-entries.mjs.
import type { HandlerValue } from './shared-cache.mjs';

export type LocalEntry = { handlerValue: HandlerValue; tags: string[]; size: number };
export declare class LocalEntries {
  constructor(maxBytes: number);
  get(key: string): LocalEntry | undefined;
  set(key: string, entry: LocalEntry): void;
  delete(key: string): void;
  clear(): void;
}
