import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { CLOUDFLARE_API, CloudflarePurgeAdapter } from '@/server/edge-cache/cloudflare-adapter';
import { edgePurgeAdapters, purgeUrls } from '@/server/edge-cache/edge-purge';
import { EdgePurgeFailed } from '@/server/edge-cache/purge-adapter';

// Cloudflare's purge by URL (`POST /zones/{zone}/purge_cache` with `files`), against msw standing in
// for api.cloudflare.com: the request it documents, batched to its limit, and its failures.

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const TOKEN = 'cf-test-token';
type Purge = { zone: string; authorization: string | null; contentType: string | null; files: string[] };
const purges: Purge[] = [];
let answer: () => Response = () => HttpResponse.json({ success: true, errors: [], messages: [], result: { id: ZONE } });

const server = setupServer(
  http.post(`${CLOUDFLARE_API}/zones/:zone/purge_cache`, async ({ request, params }) => {
    const body = (await request.json()) as { files: string[] };
    purges.push({ zone: String(params.zone), authorization: request.headers.get('authorization'), contentType: request.headers.get('content-type'), files: body.files });
    return answer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  purges.length = 0;
  answer = () => HttpResponse.json({ success: true, errors: [], messages: [], result: { id: ZONE } });
});
afterAll(() => server.close());

const urls = (count: number) => Array.from({ length: count }, (_, index) => `https://b2b.example.com/tour/t-${index}`);

it('purges the URLs by file with the zone and a bearer token, in batches of 100, each URL once', async () => {
  await new CloudflarePurgeAdapter(ZONE, TOKEN).purge([...urls(250), ...urls(10)]);
  expect(purges.map((purge) => purge.files.length)).toEqual([100, 100, 50]);
  expect(purges.every((purge) => purge.zone === ZONE && purge.authorization === `Bearer ${TOKEN}` && purge.contentType === 'application/json')).toBe(true);
  expect(purges.flatMap((purge) => purge.files)).toEqual(urls(250));
});

it("fails with Cloudflare's errors when it refuses (a bad token, the rate limit)", async () => {
  answer = () => HttpResponse.json({ success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null }, { status: 403 });
  const failure = new CloudflarePurgeAdapter(ZONE, TOKEN).purge(urls(3));
  await expect(failure).rejects.toBeInstanceOf(EdgePurgeFailed);
  await expect(failure).rejects.toThrow(/HTTP 403: 10000 Authentication error/);
  answer = () => HttpResponse.json({ success: false, errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }] }, { status: 429 });
  await expect(new CloudflarePurgeAdapter(ZONE, TOKEN).purge(urls(3))).rejects.toThrow(/HTTP 429/);
  // A 200 that says it did not succeed is a failure too.
  answer = () => HttpResponse.json({ success: false, errors: [{ code: 1012, message: 'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"' }] });
  await expect(new CloudflarePurgeAdapter(ZONE, TOKEN).purge(urls(1))).rejects.toThrow(/1012/);
});

it('is configured by CLOUDFLARE_ZONE_ID and CLOUDFLARE_API_TOKEN together, beside nginx', async () => {
  expect(edgePurgeAdapters({}).map((adapter) => adapter.name)).toEqual([]);
  expect(edgePurgeAdapters({ CLOUDFLARE_ZONE_ID: ZONE }).map((adapter) => adapter.name)).toEqual([]);
  const both = edgePurgeAdapters({ EDGE_PURGE_NGINX_URLS: 'http://10.0.0.10:8081/_edge-purge, ', CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: TOKEN });
  expect(both.map((adapter) => adapter.name)).toEqual(['nginx', 'cloudflare']);
  await both[1]!.purge(urls(2));
  expect(purges).toHaveLength(1);
});

it('fans out to every adapter and names the ones that failed, without throwing', async () => {
  answer = () => HttpResponse.json({ success: false, errors: [{ code: 10000, message: 'Authentication error' }] }, { status: 403 });
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const reached: string[][] = [];
  const fine = { name: 'other', purge: async (list: readonly string[]) => void reached.push([...list]) };
  await expect(purgeUrls(urls(2), [new CloudflarePurgeAdapter(ZONE, TOKEN), fine])).resolves.toEqual(['cloudflare']);
  expect(reached).toEqual([urls(2)]);
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[edge-cache\] cloudflare: cloudflare purge failed: HTTP 403/));
  warn.mockRestore();
});
