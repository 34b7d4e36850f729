import { ServerResponse } from 'node:http';
import { edgeCacheHeaders } from '@/server/edge-cache/cache-policy';
import { contentSecurityPolicy, CSP_HEADER, inlineScriptHashes, withScriptSources } from '@/server/http/security-headers';

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
  /** The UTF-8 bytes, once the page was sent uncompressed (and is large enough to be worth it). */
  bytes?: Buffer;
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
    const entry = this.entries.get(text);
    if (entry?.bytes) {
      // Most recently used last, so eviction drops the least recently used first.
      this.entries.delete(text);
      this.entries.set(text, entry);
      this.hits++;
      return entry.bytes;
    }
    const encoded = Buffer.from(text, 'utf8');
    if (entry) this.remove(text, entry);
    // The key string is held too: count it at two bytes a character, the worst case.
    if (this.reserve(encoded.length + text.length * 2)) this.entries.set(text, { ...entry, bytes: encoded });
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
    let entry = this.entries.get(html);
    if (!entry) {
      entry = {};
      if (this.reserve(html.length * 2)) this.entries.set(html, entry);
    }
    if (entry.policy?.base === basePolicy) return entry.policy.value;
    entry.scriptSources ??= inlineScriptHashes(html);
    entry.policy = { base: basePolicy, value: withScriptSources(basePolicy, entry.scriptSources) };
    return entry.policy.value;
  }

  /** Makes room for `cost` more bytes by dropping the least recently used pages; false if it cannot fit. */
  private reserve(cost: number): boolean {
    if (cost > this.maxBytes) return false;
    for (const [key, value] of this.entries) {
      if (this.bytes + cost <= this.maxBytes) break;
      this.remove(key, value);
    }
    this.bytes += cost;
    return true;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= (entry.bytes?.length ?? 0) + key.length * 2;
  }

  get size() {
    return this.entries.size;
  }
}

/**
 * A page Next shares with everyone leaves with the edge's Cache-Control and Vary
 * (server/edge-cache/cache-policy.ts): set here, at the last moment before the headers go, since
 * Next decides a cached page's header only while sending it.
 */
function setEdgeCacheHeaders(res: ServerResponse) {
  if (res.headersSent) return;
  const headers = edgeCacheHeaders(res);
  if (!headers) return;
  res.setHeader('Cache-Control', headers.cacheControl);
  if (headers.vary) res.setHeader('Vary', headers.vary);
}

type End = (this: ServerResponse, ...args: unknown[]) => ServerResponse;
const INSTALLED = Symbol.for('traveldesk.encodedPageCache');
const ASSIGNED_END = Symbol.for('traveldesk.assignedEnd');
type Response = ServerResponse & { [ASSIGNED_END]?: End };
type Prototype = ServerResponse & { [INSTALLED]?: EncodedPageCache };

const isUtf8 = (encoding: unknown) => encoding === undefined || encoding === 'utf8' || encoding === 'utf-8';
const isHtml = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('text/html');

/**
 * Makes `res.end(largeUtf8String)` send cached bytes, and `Buffer.byteLength` of a page sent
 * before answer from them; and gives an HTML page ended with a string (the way Next sends a page
 * from its cache, and the first render of a cacheable one) a policy allowing its inline scripts
 * by hash, in place of the nonce or the no-inline-script policy it was given before; and gives a
 * page Next shares the edge's Cache-Control (setEdgeCacheHeaders).
 *
 * The policy must be set before the headers go, and Next's compression (on by default) replaces
 * `res.end` on each response with one that sends the headers before it calls the `end` it found.
 * So `end` becomes an accessor: a function assigned to a response's `end` is kept and called
 * after the policy is set; the `end` it read first is the one below, which encodes. Idempotent
 * (returns the cache installed first); the server process only.
 */
export function installEncodedPageCache(maxBytes = 32 * 1024 * 1024): EncodedPageCache {
  const prototype = ServerResponse.prototype as Prototype;
  const installed = prototype[INSTALLED];
  if (installed) return installed;
  const cache = new EncodedPageCache(maxBytes);
  prototype[INSTALLED] = cache;

  const setPagePolicy = (res: ServerResponse, chunk: unknown, encoding: unknown) => {
    setEdgeCacheHeaders(res);
    if (typeof chunk !== 'string' || !isUtf8(encoding) || res.headersSent || !isHtml(res.getHeader('content-type'))) return;
    const policy = res.getHeader(CSP_HEADER);
    res.setHeader(CSP_HEADER, cache.pagePolicy(chunk, typeof policy === 'string' ? policy : contentSecurityPolicy()));
  };

  const end = prototype.end as End;
  const endWithEncodedPage: End = function endWithEncodedPage(...args) {
    const [chunk, encoding] = args;
    setPagePolicy(this, chunk, typeof encoding === 'function' ? undefined : encoding);
    const utf8 = typeof encoding === 'function' || isUtf8(encoding);
    if (typeof chunk === 'string' && chunk.length >= MIN_CACHED_LENGTH && utf8) {
      const callback = typeof encoding === 'function' ? encoding : args[2];
      return end.call(this, cache.encode(chunk), callback);
    }
    return end.apply(this, args);
  };
  Object.defineProperty(prototype, 'end', {
    configurable: true,
    get(this: Response) {
      return this[ASSIGNED_END] ?? endWithEncodedPage;
    },
    set(this: Response, assigned: End) {
      this[ASSIGNED_END] = function endAfterPagePolicy(...args) {
        setPagePolicy(this, args[0], typeof args[1] === 'function' ? undefined : args[1]);
        return assigned.apply(this, args);
      };
    },
  });

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
