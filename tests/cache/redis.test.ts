import { processRedis } from '@/server/redis/redis-connection.mjs';
import { pingRedis, redisConfigured } from '@/server/redis/redis';
import { RedisTestServer, redisServerAvailable } from '../support/redis-test-server';

// The portal's Redis as /api/ready sees it: off without REDIS_URL, ok while it answers, down
// (without waiting) once it is gone.

const PORT = 4212;

describe('pingRedis without REDIS_URL', () => {
  it('says off and opens nothing', async () => {
    vi.stubEnv('REDIS_URL', '');
    expect(redisConfigured()).toBe(false);
    expect(await pingRedis()).toBe('off');
    expect(processRedis()).toBeNull();
    vi.unstubAllEnvs();
  });
});

describe.runIf(redisServerAvailable())('pingRedis with REDIS_URL', () => {
  const server = new RedisTestServer(PORT);
  beforeAll(() => server.start());
  afterAll(async () => {
    await processRedis()?.close();
    vi.unstubAllEnvs();
    await server.stop();
  });

  it('says ok from the first call, and down once Redis is gone', async () => {
    vi.stubEnv('REDIS_URL', server.url);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(redisConfigured()).toBe(true);
    expect(await pingRedis()).toBe('ok');
    await server.stop();
    await vi.waitFor(async () => expect(await pingRedis()).toBe('down'), { timeout: 5_000 });
  });
});
