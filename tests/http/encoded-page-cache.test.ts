import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EncodedPageCache, installEncodedPageCache, MIN_CACHED_LENGTH } from '@/server/http/encoded-page-cache';

const page = (marker: string) => `<p>${marker} — Русский</p>`.padEnd(MIN_CACHED_LENGTH + 10, '.');

describe('EncodedPageCache', () => {
  it('encodes a page once and returns the same bytes while it stays cached', () => {
    const cache = new EncodedPageCache(1024 * 1024);
    const html = page('a');
    const first = cache.encode(html);
    expect(first.equals(Buffer.from(html, 'utf8'))).toBe(true);
    expect(cache.encode(html)).toBe(first);
  });

  it('stays within its byte budget by dropping the least recently used page', () => {
    const [a, b, c] = [page('a'), page('b'), page('c')];
    const oneEntry = Buffer.byteLength(a) + a.length * 2;
    const cache = new EncodedPageCache(oneEntry * 2);
    const encodedA = cache.encode(a);
    const encodedB = cache.encode(b);
    cache.encode(a); // a is now the most recently used
    cache.encode(c); // evicts b
    expect(cache.size).toBe(2);
    expect(cache.encode(a)).toBe(encodedA);
    expect(cache.encode(b)).not.toBe(encodedB);
  });

  it('peeks without encoding a page it has not sent', () => {
    const cache = new EncodedPageCache(1024 * 1024);
    const html = page('a');
    expect(cache.peek(html)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.peek(html) ?? cache.encode(html)).toBe(cache.peek(html));
  });

  it('does not keep a page larger than the whole budget', () => {
    const cache = new EncodedPageCache(100);
    expect(cache.encode(page('big')).length).toBeGreaterThan(100);
    expect(cache.size).toBe(0);
  });
});

describe('installEncodedPageCache', () => {
  it('sends the same bytes and length for large and small pages, and leaves other encodings alone', async () => {
    installEncodedPageCache();
    installEncodedPageCache(); // idempotent: a second install must not wrap twice
    const large = page('large');
    const bodies: Record<string, () => [string, BufferEncoding?]> = {
      '/large': () => [large],
      '/small': () => ['<p>small — страница</p>'],
      '/latin1': () => ['é'.repeat(MIN_CACHED_LENGTH), 'latin1'],
    };
    const server = http.createServer((req, res) => {
      const [body, encoding] = bodies[req.url ?? '']!();
      res.setHeader('content-length', Buffer.byteLength(body, encoding));
      if (encoding) res.end(body, encoding);
      else res.end(body);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      for (let round = 0; round < 2; round++) {
        for (const [path, body] of Object.entries(bodies)) {
          const [text, encoding] = body();
          const response = await fetch(`http://127.0.0.1:${port}${path}`);
          const bytes = Buffer.from(await response.arrayBuffer());
          expect(bytes.equals(Buffer.from(text, encoding)), path).toBe(true);
          expect(Number(response.headers.get('content-length')), path).toBe(bytes.length);
        }
      }
      // Measured from the cached bytes now that it was sent; other encodings are measured as asked.
      expect(Buffer.byteLength(large)).toBe(Buffer.from(large, 'utf8').length);
      expect(Buffer.byteLength(large, 'latin1')).toBe(large.length);
    } finally {
      server.close();
    }
  });
});
