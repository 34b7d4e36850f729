import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EncodedPageCache, installEncodedPageCache, MIN_CACHED_LENGTH } from '@/server/platform/encoded-page-cache';
import { contentSecurityPolicy, CSP_HEADER, inlineScriptHashes, NO_EVAL_SOURCE, SESSION_HINT_SOURCE } from '@/server/http/security-headers';

const page = (marker: string) => `<p>${marker} — Русский</p>`.padEnd(MIN_CACHED_LENGTH + 10, '.');

/** A page as Next renders one: inline scripts (the RSC payload) between external ones. */
const htmlPage = (marker: string, size = MIN_CACHED_LENGTH + 10) =>
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><p>${marker} — Русский</p>` +
  `<script>self.__next_f.push([1,"${marker}"])</script><script type="application/ld+json">{}</script>`.padEnd(size, ' ') +
  '</body></html>';

/** A GET that leaves the body as sent (fetch would ask for and undo compression itself). */
async function get(url: string, headers: http.OutgoingHttpHeaders = {}) {
  const [response] = (await once(http.get(url, { headers }), 'response')) as [http.IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { headers: response.headers, body: Buffer.concat(chunks) };
}

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

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

describe('Content-Security-Policy of pages ended with a string', () => {
  it('allows the page\'s inline scripts by hash, keeping the rest of the policy it was given', async () => {
    installEncodedPageCache();
    const framable = contentSecurityPolicy({ frameAncestors: ['tours.agency.test:*'], scriptSources: ["'nonce-abc'"] });
    const pages: Record<string, { body: string; type: string; policy?: string }> = {
      '/large': { body: htmlPage('large'), type: 'text/html; charset=utf-8' },
      '/small-embed': { body: htmlPage('small', 500), type: 'text/html; charset=utf-8', policy: framable },
      '/json': { body: '{"script":"<script>x</script>"}', type: 'application/json' },
    };
    const { server, url } = await listen((req, res) => {
      const { body, type, policy } = pages[req.url ?? '']!;
      res.setHeader('content-type', type);
      if (policy) res.setHeader(CSP_HEADER, policy);
      res.end(body);
    });
    try {
      for (let round = 0; round < 2; round++) {
        const large = await fetch(`${url}/large`);
        expect(await large.text()).toBe(pages['/large']!.body);
        const hashes = inlineScriptHashes(pages['/large']!.body);
        expect(hashes).toHaveLength(1);
        expect(large.headers.get(CSP_HEADER)).toBe(contentSecurityPolicy({ scriptSources: hashes }));

        const embed = await fetch(`${url}/small-embed`);
        const policy = embed.headers.get(CSP_HEADER) ?? '';
        expect(policy).toContain(`script-src 'self' ${SESSION_HINT_SOURCE} ${NO_EVAL_SOURCE} ${inlineScriptHashes(pages['/small-embed']!.body)[0]}`);
        expect(policy).not.toContain('nonce-');
        expect(policy).toContain('frame-ancestors tours.agency.test:*');

        const json = await fetch(`${url}/json`);
        expect(json.headers.get(CSP_HEADER)).toBeNull();
      }
    } finally {
      server.close();
    }
  });
});

// The cache and the hashed policy of cached pages rest on one detail of Next: a page served from
// its cache (and the first render of a cacheable page) is sent by `sendRenderResult` as
// `res.end(html)`, one string. These fail when an upgrade changes that.
describe('drift: Next still sends cached pages the way the cache expects', () => {
  const require = createRequire(import.meta.url);
  const nextFile = (path: string) => readFileSync(require.resolve(`next/dist/${path}`), 'utf8');

  it('serves the second send of a page from the cache and gives it its policy, through the code Next runs for a cached page', async () => {
    const cache = installEncodedPageCache();
    // What `next start` runs: its router applies its compression to every response, then the
    // page's handler sends the cached page with sendRenderResult, whose ES module build the
    // page bundles include (their source maps name it).
    const compression = require('next/dist/compiled/compression') as () => (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
    const compress = compression();
    const { sendRenderResult } = (await import('next/dist/esm/server/send-payload.js' as string)) as typeof import('next/dist/server/send-payload');
    const { default: RenderResult } = (await import('next/dist/esm/server/render-result.js' as string)) as typeof import('next/dist/server/render-result');
    const html = htmlPage(`cached ${Math.random()}`);
    const policy = contentSecurityPolicy({ scriptSources: inlineScriptHashes(html) });
    const { server, url } = await listen((req, res) => {
      compress(req, res, () => {});
      void sendRenderResult({
        req,
        res,
        result: RenderResult.fromStatic(html, 'text/html; charset=utf-8'),
        generateEtags: false,
        poweredByHeader: false,
        cacheControl: { revalidate: 3600, expire: undefined },
      });
    });
    try {
      const hitsBefore = cache.hits;
      const first = await get(url);
      expect(first.body.toString('utf8')).toBe(html);
      expect(first.headers['content-security-policy']).toBe(policy);
      expect(cache.hits).toBe(hitsBefore);
      const second = await get(url);
      expect(second.body.toString('utf8')).toBe(html);
      expect(cache.hits).toBe(hitsBefore + 1);
      expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(html, 'utf8'));
      expect(second.headers['content-security-policy']).toBe(policy);

      // A browser asks for gzip: the bytes go through zlib, the policy is the same.
      const compressed = await get(url, { 'accept-encoding': 'gzip' });
      expect(compressed.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(compressed.body).toString('utf8')).toBe(html);
      expect(compressed.headers['content-security-policy']).toBe(policy);
    } finally {
      server.close();
    }
  });

  it('still hands a cached page\'s HTML to sendRenderResult, and renders a cacheable page to one string', () => {
    const handler = nextFile('esm/build/templates/app-page-runtime.js');
    expect(handler).toMatch(/import \{ sendRenderResult \} from '..\/..\/server\/send-payload'/);
    expect(handler).toMatch(/const body = cachedData\.html;[\s\S]*?return sendRenderResult\(\{[^}]*result: body,/);
    const sendPayload = nextFile('esm/server/send-payload.js');
    expect(sendPayload).toMatch(/const payload = result\.isDynamic \? null : result\.toUnchunkedString\(\);/);
    expect(sendPayload).toMatch(/res\.setHeader\('Content-Length', Buffer\.byteLength\(payload\)\);[\s\S]*?res\.end\(payload\);/);
    // A prerender (what Next caches) ends as one string, so even its first response is a string.
    expect(nextFile('esm/server/app-render/app-render.js')).toMatch(/const streamString = await streamToString\(response\.stream\);[\s\S]*?new RenderResult\(streamString, options\)/);
  });
});
