import { ServerResponse } from 'node:http';
import { contentSecurityPolicy, CSP_HEADER, inlineScriptHashes, withScriptSources } from './security-headers';

/**
 * Next answers a cached page with `res.setHeader('Content-Length', Buffer.byteLength(html))` and
 * `res.end(html)`, the page as a JavaScript string. Any page with a character outside Latin-1 (an
 * em dash, a Cyrillic word) is a UTF-16 string, which Node walks in full to measure and again to
 * encode to UTF-8, on every request: on a 78 KB tour page the write was a fifth of the server's
 * time (bench: the same HTML served 2,000 req/s as a string, 7,900 as bytes) and the measuring
 * another 7%. This keeps the encoded bytes of recently sent large pages, keyed by the string
 * itself: V8 caches a string's hash, so finding the same cached page again costs next to nothing,
 * and a changed page is a new key.
 *
 * Beside the bytes it keeps each HTML page's Content-Security-Policy: a page served from Next's
 * cache is the same for everyone, so it cannot carry a per-request nonce; its inline scripts are
 * allowed by their hashes instead, computed once per cached page.
 */
export const MIN_CACHED_LENGTH = 16 * 1024;

type Entry = {
  bytes: Buffer;
  scriptSources?: string[];
  /** The last policy made for this page, and the policy it was made from. */
  policy?: { base: string; value: string };
};

export class EncodedPageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Pages sent from the cached bytes: the drift test's proof that Next still sends pages this way. */
  hits = 0;

  constructor(private readonly maxBytes: number) {}

  /** The UTF-8 bytes of `text`, encoded once while it stays among the recently sent pages. */
  encode(text: string): Buffer {
    const cached = this.entries.get(text);
    if (cached) {
      // Most recently used last, so eviction drops the least recently used first.
      this.entries.delete(text);
      this.entries.set(text, cached);
      this.hits++;
      return cached.bytes;
    }
    const encoded = Buffer.from(text, 'utf8');
    // The key string is held too: count it at two bytes a character, the worst case.
    const cost = encoded.length + text.length * 2;
    if (cost > this.maxBytes) return encoded;
    for (const [key, value] of this.entries) {
      if (this.bytes + cost <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= value.bytes.length + key.length * 2;
    }
    this.entries.set(text, { bytes: encoded });
    this.bytes += cost;
    return encoded;
  }

  /** The cached bytes of `text`, if it was sent recently; never encodes. */
  peek(text: string): Buffer | undefined {
    return this.entries.get(text)?.bytes;
  }

  /**
   * `basePolicy` with the HTML page `html`'s inline scripts allowed by hash: hashed once while
   * the page stays cached (a page too large to keep is hashed on each call).
   */
  pagePolicy(html: string, basePolicy: string): string {
    const entry = this.entries.get(html);
    if (!entry) return withScriptSources(basePolicy, inlineScriptHashes(html));
    if (entry.policy?.base === basePolicy) return entry.policy.value;
    entry.scriptSources ??= inlineScriptHashes(html);
    entry.policy = { base: basePolicy, value: withScriptSources(basePolicy, entry.scriptSources) };
    return entry.policy.value;
  }

  get size() {
    return this.entries.size;
  }
}

type End = ServerResponse['end'];
const INSTALLED = Symbol.for('traveldesk.encodedPageCache');
type Prototype = ServerResponse & { [INSTALLED]?: EncodedPageCache };

const isUtf8 = (encoding: unknown) => encoding === undefined || encoding === 'utf8' || encoding === 'utf-8';
const isHtml = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('text/html');

/**
 * Makes `res.end(largeUtf8String)` send cached bytes, and `Buffer.byteLength` of a page sent
 * before answer from them; gives an HTML page ended with a string (the way Next sends a page
 * from its cache, and the first render of a cacheable one) a policy allowing its inline scripts
 * by hash, in place of the nonce or the no-inline-script policy it was given before.
 * Idempotent (returns the cache installed first); the server process only.
 */
export function installEncodedPageCache(maxBytes = 32 * 1024 * 1024): EncodedPageCache {
  const prototype = ServerResponse.prototype as Prototype;
  const installed = prototype[INSTALLED];
  if (installed) return installed;
  const cache = new EncodedPageCache(maxBytes);
  prototype[INSTALLED] = cache;
  const end = prototype.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  prototype.end = function endWithEncodedPage(this: ServerResponse, ...args: unknown[]) {
    const [chunk, encoding] = args;
    const utf8 = typeof encoding === 'function' || isUtf8(encoding);
    if (typeof chunk !== 'string' || !utf8) return end.apply(this, args);
    // HTML pages of any size are kept, so a small cached page (the framework floor) is not
    // hashed again on every request either.
    const html = !this.headersSent && isHtml(this.getHeader('content-type'));
    if (!html && chunk.length < MIN_CACHED_LENGTH) return end.apply(this, args);
    const bytes = cache.encode(chunk);
    if (html) {
      const policy = this.getHeader(CSP_HEADER);
      this.setHeader(CSP_HEADER, cache.pagePolicy(chunk, typeof policy === 'string' ? policy : contentSecurityPolicy()));
    }
    const callback = typeof encoding === 'function' ? encoding : args[2];
    return end.call(this, bytes, callback);
  } as End;
  const byteLength = Buffer.byteLength;
  Buffer.byteLength = function byteLengthOfSentPage(value: Parameters<typeof byteLength>[0], encoding?: BufferEncoding) {
    if (typeof value === 'string' && value.length >= MIN_CACHED_LENGTH && isUtf8(encoding)) {
      const cached = cache.peek(value);
      if (cached) return cached.length;
    }
    return byteLength(value, encoding);
  };
  return cache;
}
