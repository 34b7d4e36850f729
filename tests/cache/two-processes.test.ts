import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RedisConnection } from '@/server/redis/redis-connection.mjs';
import { RedisTestServer, redisServerAvailable, waitFor } from '../support/redis-test-server';

// Two real portal processes of the test build in `.next` (npm test builds it before vitest),
// started as operators start them (`npm start`: scripts/start.mjs and the standalone server),
// each on its own embedded database, sharing one Redis: a cached read computed by one is served by
// the other, and its tag expired through one is computed anew on the other's next request. The
// probe is a test-only route (app/api/test-hooks/shared-cache); the whole topology with nginx
// and PostgreSQL is the cluster e2e's.

const REDIS_PORT = 4211;
const PORTALS = [4220, 4221] as const;
const root = path.resolve(__dirname, '../..');

/** start.mjs would build first otherwise: this test only runs on a test build already made. */
function testBuildPresent(): boolean {
  let buildId = '';
  try {
    buildId = fs.readFileSync(path.join(root, '.next/BUILD_ID'), 'utf8');
  } catch {
    // No build.
  }
  const present = buildId.startsWith('test-') && fs.existsSync(path.join(root, '.next/standalone/server.js'));
  if (!present) console.warn('Skipped: no standalone test build in .next (TRAVELDESK_TEST_BUILD=1 npx next build).');
  return present;
}

type Probe = { pid: number; computedAt: number };

describe.runIf(redisServerAvailable() && testBuildPresent())('two `next start` processes sharing Redis', () => {
  const redis = new RedisTestServer(REDIS_PORT);
  const portals: ChildProcess[] = [];
  const dataDirs: string[] = [];

  function startPortal(port: number): ChildProcess {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'traveldesk-cache-'));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      // Its own process group: start.mjs runs the server as a child, and both are stopped together.
      detached: true,
      env: {
        ...process.env,
        TRAVELDESK_TEST_BUILD: '1',
        HOSTNAME: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO: 'on',
        PAYMENTS_SANDBOX: 'on',
        JOBS: 'off',
        TEST_HOOKS: '1',
        AUTH_SECRET: 'two-processes-test-secret',
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: 'two-processes:',
        PORT: String(port),
      },
      stdio: 'ignore',
    });
    portals.push(child);
    return child;
  }

  async function probe(port: number, method: 'GET' | 'POST' = 'GET'): Promise<Probe> {
    const response = await fetch(`http://127.0.0.1:${port}/api/test-hooks/shared-cache`, { method });
    expect(response.status).toBe(200);
    return (await response.json()) as Probe;
  }

  beforeAll(async () => {
    await redis.start();
    for (const port of PORTALS) startPortal(port);
    for (const port of PORTALS) {
      await waitFor(
        async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true,
        `the portal on ${port} did not start`,
        120_000,
      );
    }
  }, 150_000);

  afterAll(async () => {
    await Promise.all(
      portals.map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
        return exited;
      }),
    );
    await redis.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Next stores a cached read after its response is sent: wait until Redis holds one. */
  async function storedInRedis(): Promise<void> {
    const connection = new RedisConnection(redis.url, { log: { warn: () => {}, info: () => {} } });
    try {
      await waitFor(() => connection.available, 'no connection to the test Redis');
      await waitFor(async () => (await connection.run((client) => client.keys('two-processes:next-cache:*'))).length > 0, 'nothing stored in Redis');
    } finally {
      await connection.close();
    }
  }

  it('a read cached by one process is served by the other, and expired through one it is computed anew by the other', async () => {
    const [first, second] = PORTALS;
    const cached = await probe(first);
    await storedInRedis();
    expect(await probe(second)).toEqual(cached);
    expect(await probe(first)).toEqual(cached);

    await probe(second, 'POST');

    // Neither process serves the expired read again, whichever computes it first.
    const fresh = await probe(first);
    expect(fresh.computedAt).toBeGreaterThan(cached.computedAt);
    expect((await probe(second)).computedAt).toBeGreaterThan(cached.computedAt);
  });
});
