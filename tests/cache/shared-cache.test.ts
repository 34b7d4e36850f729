import { RedisConnection } from '@/server/redis/redis-connection.mjs';
import { type HandlerValue, SharedCache } from '@/server/shared-cache/shared-cache.mjs';
import { RedisTestServer, redisServerAvailable, waitFor } from '../support/redis-test-server';

// Two SharedCaches, each with its own Redis connection, are what two portal processes have: the
// handler Next calls in each process is a thin door to one of these (cache-handler.mjs).

const PORT = 4210;
const TIMEOUTS = { connectMs: 200, commandMs: 150, probeEveryMs: 50, reconnectMaxMs: 100 };
const quiet = { warn: () => {}, info: () => {} };

const TOUR_TAG = 'catalog:tour:desert-safari';

function page(html: string, tags = [TOUR_TAG, '_N_T_/layout']): HandlerValue['value'] {
  return {
    kind: 'APP_PAGE',
    html,
    rscData: Buffer.from(`rsc of ${html}`),
    segmentData: new Map([['/_tree', Buffer.from('tree')]]),
    headers: { 'x-next-cache-tags': tags.join(',') },
    status: 200,
    postponed: undefined,
  };
}

const pageContext = { cacheControl: { revalidate: 3600, expire: 31_536_000 } };

describe.runIf(redisServerAvailable())('the shared page cache over a real Redis', () => {
  const server = new RedisTestServer(PORT);
  const connections: RedisConnection[] = [];

  function processCache(buildId = 'build-1') {
    const redis = new RedisConnection(server.url, { timeouts: TIMEOUTS, log: quiet });
    connections.push(redis);
    return { redis, cache: new SharedCache({ redis, buildId, keyPrefix: 'test:' }) };
  }

  async function connected(...redis: RedisConnection[]) {
    await waitFor(() => redis.every((connection) => connection.available), 'Redis connection not ready');
  }

  beforeAll(() => server.start());
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((connection) => connection.close()));
    server.resume();
    await server.start();
  });
  afterAll(() => server.stop());

  it('a page one process stored is served by the other, with its bytes, maps and lifetime', async () => {
    const a = processCache();
    const b = processCache();
    await connected(a.redis, b.redis);
    await a.cache.set('/route-cache/tour/desert-safari', page('<p>AED 250</p>'), pageContext);

    const seen = await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' });
    expect(seen?.value).toMatchObject({ kind: 'APP_PAGE', html: '<p>AED 250</p>', status: 200 });
    expect(Buffer.isBuffer(seen?.value?.rscData)).toBe(true);
    expect(String(seen?.value?.rscData)).toBe('rsc of <p>AED 250</p>');
    expect(seen?.value?.segmentData).toEqual(new Map([['/_tree', Buffer.from('tree')]]));
    expect(seen?.cacheControl).toEqual({ revalidate: 3600, expire: 31_536_000 });
    // The next hit is the very object this process holds (the encoded-page cache keys on it).
    expect(await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).toBe(seen);
  });

  it('a tag expired by one process expires the pages and data reads of the other on its next read', async () => {
    const a = processCache();
    const b = processCache();
    await connected(a.redis, b.redis);
    await a.cache.set('/route-cache/tour/desert-safari', page('<p>AED 250</p>'), pageContext);
    await a.cache.set('data-key', { kind: 'FETCH', data: { headers: {}, body: '{"price":250}', status: 200, url: '' }, revalidate: 3600 }, {
      fetchCache: true,
      tags: [TOUR_TAG],
    });
    expect(await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).not.toBeNull();
    expect(await b.cache.get('data-key', { kind: 'FETCH', tags: [TOUR_TAG], softTags: [] })).not.toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 2));
    await a.cache.revalidateTag([TOUR_TAG]);

    expect(await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).toBeNull();
    expect(await b.cache.get('data-key', { kind: 'FETCH', tags: [TOUR_TAG], softTags: [] })).toBeNull();
    expect(await a.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).toBeNull();

    // Rendered again after the change, the page is shared again.
    await b.cache.set('/route-cache/tour/desert-safari', page('<p>AED 199</p>'), pageContext);
    expect((await a.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>AED 199</p>');
  });

  it('keeps each build to its own entries, while tag expiry crosses builds', async () => {
    const oldBuild = processCache('build-1');
    const newBuild = processCache('build-2');
    await connected(oldBuild.redis, newBuild.redis);
    await oldBuild.cache.set('/route-cache/tour/desert-safari', page('<p>old build</p>'), pageContext);

    expect(await newBuild.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 2));
    await newBuild.cache.revalidateTag(TOUR_TAG);
    expect(await oldBuild.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).toBeNull();
  });

  it('serves from memory without throwing or waiting when Redis stops, and shares again when it is back', async () => {
    const a = processCache();
    const b = processCache();
    await connected(a.redis, b.redis);
    await a.cache.set('/route-cache/home', page('<p>home</p>', ['catalog:home']), pageContext);
    await a.cache.set('/route-cache/tour/desert-safari', page('<p>AED 250</p>'), pageContext);
    expect(await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).not.toBeNull();

    await server.stop();
    await waitFor(() => !a.redis.available && !b.redis.available, 'the connections did not notice Redis stopping');

    const started = performance.now();
    expect((await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>AED 250</p>');
    expect((await a.cache.get('/route-cache/home', { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>home</p>');
    await a.cache.set('/route-cache/city/dubai', page('<p>Dubai</p>', ['catalog:city:dubai']), pageContext);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await a.cache.revalidateTag('catalog:home');
    // Bounded: nothing waits for a Redis that is not there (a generous bound; the cost is measured by the bench).
    expect(performance.now() - started).toBeLessThan(500);
    expect(await a.cache.get('/route-cache/home', { kind: 'APP_PAGE' })).toBeNull();
    expect((await a.cache.get('/route-cache/city/dubai', { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>Dubai</p>');

    await server.start();
    await connected(a.redis, b.redis);
    await a.cache.set('/route-cache/tour/desert-safari', page('<p>AED 199</p>'), pageContext);
    expect((await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>AED 199</p>');
    await new Promise((resolve) => setTimeout(resolve, 2));
    await b.cache.revalidateTag(TOUR_TAG);
    expect(await a.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).toBeNull();
  });

  it('stops waiting on a Redis that hangs, writes the tags expired meanwhile when it answers again', async () => {
    const a = processCache();
    const b = processCache();
    await connected(a.redis, b.redis);
    await a.cache.set('/route-cache/tour/desert-safari', page('<p>AED 250</p>'), pageContext);
    expect(await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).not.toBeNull();

    server.pause();
    const started = performance.now();
    // The first read waits one command timeout at most; the connection is then set aside.
    expect((await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' }))?.value?.html).toBe('<p>AED 250</p>');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(b.redis.available).toBe(false);
    const next = performance.now();
    expect(await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).not.toBeNull();
    expect(performance.now() - next).toBeLessThan(50);

    await new Promise((resolve) => setTimeout(resolve, 2));
    await a.cache.revalidateTag(TOUR_TAG);
    expect(await a.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })).toBeNull();

    server.resume();
    await connected(a.redis, b.redis);
    // A's expiry, made while Redis hung, reached B once Redis answered.
    await waitFor(async () => (await b.cache.get('/route-cache/tour/desert-safari', { kind: 'APP_PAGE' })) === null, 'the expiry made meanwhile did not reach the other process');
  });

  it('answers PING through the connection (a new one once connected), and says down at once while Redis is away', async () => {
    const a = processCache();
    expect(await a.redis.ping()).toBe('ok');
    await server.stop();
    await waitFor(() => !a.redis.available, 'the connection did not notice Redis stopping');
    const started = performance.now();
    expect(await a.redis.ping()).toBe('down');
    expect(performance.now() - started).toBeLessThan(100);
  });
});
