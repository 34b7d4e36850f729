import { ServerResponse } from 'node:http';

/**
 * Next answers a cached page with `res.setHeader('Content-Length', Buffer.byteLength(html))` and
 * `res.end(html)`, the page as a JavaScript string. Any page with a character outside Latin-1 (an
 * em dash, a Cyrillic word) is a UTF-16 string, which Node walks in full to measure and again to
 * encode to UTF-8, on every request: on a 78 KB tour page the write was a fifth of the server's
 * time (bench: the same HTML served 2,000 req/s as a string, 7,900 as bytes) and the measuring
 * another 7%. This keeps the encoded bytes of recently sent large pages, keyed by the string
 * itself: V8 caches a string's hash, so finding the same cached page again costs next to nothing,
 * and a changed page is a new key.
 */
export const MIN_CACHED_LENGTH = 16 * 1024;

export class EncodedPageCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The UTF-8 bytes of `text`, encoded once while it stays among the recently sent pages. */
  encode(text: string): Buffer {
    const cached = this.entries.get(text);
    if (cached) {
      // Most recently used last, so eviction drops the least recently used first.
      this.entries.delete(text);
      this.entries.set(text, cached);
      return cached;
    }
    const encoded = Buffer.from(text, 'utf8');
    // The key string is held too: count it at two bytes a character, the worst case.
    const cost = encoded.length + text.length * 2;
    if (cost > this.maxBytes) return encoded;
    for (const [key, value] of this.entries) {
      if (this.bytes + cost <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= value.length + key.length * 2;
    }
    this.entries.set(text, encoded);
    this.bytes += cost;
    return encoded;
  }

  /** The cached bytes of `text`, if it was sent recently; never encodes. */
  peek(text: string): Buffer | undefined {
    return this.entries.get(text);
  }

  get size() {
    return this.entries.size;
  }
}

type End = ServerResponse['end'];
const INSTALLED = Symbol.for('traveldesk.encodedPageCache');

const isUtf8 = (encoding: unknown) => encoding === undefined || encoding === 'utf8' || encoding === 'utf-8';

/**
 * Makes `res.end(largeUtf8String)` send cached bytes, and `Buffer.byteLength` of a page sent
 * before answer from them. Idempotent; the server process only.
 */
export function installEncodedPageCache(maxBytes = 32 * 1024 * 1024) {
  const prototype = ServerResponse.prototype as ServerResponse & { [INSTALLED]?: boolean };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const cache = new EncodedPageCache(maxBytes);
  const end = prototype.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  prototype.end = function endWithEncodedPage(this: ServerResponse, ...args: unknown[]) {
    const [chunk, encoding] = args;
    const utf8 = typeof encoding === 'function' || isUtf8(encoding);
    if (typeof chunk === 'string' && chunk.length >= MIN_CACHED_LENGTH && utf8) {
      const callback = typeof encoding === 'function' ? encoding : args[2];
      return end.call(this, cache.encode(chunk), callback);
    }
    return end.apply(this, args);
  } as End;
  const byteLength = Buffer.byteLength;
  Buffer.byteLength = function byteLengthOfSentPage(value: Parameters<typeof byteLength>[0], encoding?: BufferEncoding) {
    if (typeof value === 'string' && value.length >= MIN_CACHED_LENGTH && isUtf8(encoding)) {
      const cached = cache.peek(value);
      if (cached) return cached.length;
    }
    return byteLength(value, encoding);
  };
}
