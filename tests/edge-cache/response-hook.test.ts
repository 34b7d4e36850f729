import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { getCacheControlHeader } from 'next/dist/server/lib/cache-control';
import { PRIVATE_NO_STORE, publicCacheControl } from '@/server/edge-cache/cache-policy';
import { installEncodedPageCache } from '@/server/platform/encoded-page-cache';

// The server hook that gives Next's shared responses the edge's headers (server/platform's
// encoded-page cache, on `writeHead`), behind Next's own compression as `next start` runs it: a
// page sent whole, a Flight answer streamed in parts, with and without gzip.

const require = createRequire(import.meta.url);
const compression = require('next/dist/compiled/compression') as () => (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
const NEXT_SHARED = getCacheControlHeader({ revalidate: 3600, expire: 31536000 });
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

async function get(url: string, headers: http.OutgoingHttpHeaders = {}) {
  const [response] = (await once(http.get(url, { headers }), 'response')) as [http.IncomingMessage];
  response.resume();
  await once(response, 'end');
  return response.headers;
}

let server: http.Server;
let url: string;

beforeAll(async () => {
  installEncodedPageCache();
  const compress = compression();
  server = http.createServer((req, res) => {
    compress(req, res, () => {
      // As Next sends them: Vary first, then its Cache-Control, then the body.
      res.setHeader('Vary', NEXT_VARY);
      res.setHeader('Cache-Control', req.url === '/per-request' ? getCacheControlHeader({ revalidate: 0, expire: undefined }) : NEXT_SHARED);
      if (req.url === '/flight') {
        res.setHeader('Content-Type', 'text/x-component');
        res.write('0:["a"]\n'.repeat(200));
        res.end('1:["b"]\n');
        return;
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      if (req.url === '/with-cookie') res.setHeader('Set-Cookie', 'authjs.csrf-token=abc; Path=/; HttpOnly');
      res.end(`<!DOCTYPE html><html><body>${'<p>tour</p>'.repeat(200)}</body></html>`);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

it('makes a page Next shares public with Vary: rsc, keeping the compression’s Accept-Encoding', async () => {
  for (const encoding of ['gzip', 'identity']) {
    const headers = await get(`${url}/page`, { 'accept-encoding': encoding });
    expect(headers['cache-control']).toBe(publicCacheControl(3600));
    expect(headers.vary).toBe('rsc, Accept-Encoding');
    expect(headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
  }
});

it('makes a streamed Flight answer and an answer setting a cookie private, and leaves a per-request render alone', async () => {
  expect((await get(`${url}/flight`, { 'accept-encoding': 'gzip' }))['cache-control']).toBe(PRIVATE_NO_STORE);
  expect((await get(`${url}/flight`))['cache-control']).toBe(PRIVATE_NO_STORE);
  expect((await get(`${url}/with-cookie`))['cache-control']).toBe(PRIVATE_NO_STORE);
  const perRequest = await get(`${url}/per-request`);
  expect(perRequest['cache-control']).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
  expect(perRequest.vary).toBe(`${NEXT_VARY}, Accept-Encoding`);
});
