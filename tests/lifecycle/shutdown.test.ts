import net from 'node:net';
import fs from 'node:fs';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { BUILT_KIND, childrenOf, isRunning, NO_BUILD_MESSAGE, type PortalProcess, startPortal } from './portal-process';

// A graceful shutdown of a real portal (`npm start` → `next start`), on the embedded database and,
// with DATABASE_URL, on PostgreSQL (pg-boss's runner then stops too): SIGTERM to the launcher
// makes readiness answer 503 at once, refuses new connections, lets a request in flight finish,
// closes the pools and ends both processes with 0 — and a request that outlives
// SHUTDOWN_TIMEOUT_SECONDS is cut at that bound.

if (!BUILT_KIND) {
  if (process.env.CI === 'true') throw new Error(NO_BUILD_MESSAGE);
  console.warn(`Skipped: ${NO_BUILD_MESSAGE}`);
}

const onPostgres = Boolean(process.env.DATABASE_URL);

let database: TestDatabase | null = null;
let portal: PortalProcess | null = null;

async function start(env: Record<string, string> = {}): Promise<PortalProcess> {
  // On PostgreSQL each portal gets a database of its own (the server migrates it and seeds the demo).
  database = onPostgres ? await createTestDatabase() : null;
  portal = await startPortal({ databaseUrl: database?.driver === 'postgres' ? database.url : undefined, env });
  return portal;
}

afterEach(async () => {
  await portal?.dispose();
  portal = null;
  await database?.dispose();
  database = null;
});

/** A connection that has sent `head` and nothing more; `answer` is all it received once the server closed it. */
function openConnection(port: number, head: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.on('error', () => {});
  return new Promise<{ socket: net.Socket; answer: Promise<string> }>((resolve, reject) => {
    socket.once('connect', () => {
      socket.write(head);
      resolve({ socket, answer });
    });
    socket.once('error', reject);
  });
}

/** A telemetry batch of one item, as the browser SDK posts it. */
const SLOW_BODY = JSON.stringify([
  {
    name: 'Microsoft.ApplicationInsights.Event',
    time: new Date().toISOString(),
    iKey: '00000000-0000-0000-0000-000000000000',
    tags: { 'ai.session.id': 'shutdownsession00000001' },
    data: { baseType: 'EventData', baseData: { ver: 2, name: 'a slow upload while the portal shuts down' } },
  },
]);

/** A POST whose body arrives in two halves: in flight until the second half is sent. */
function slowUploadHead(port: number): string {
  return [
    'POST /api/telemetry HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(SLOW_BODY)}`,
    '',
    SLOW_BODY.slice(0, 10),
  ].join('\r\n');
}

/**
 * The routes the test uses answer once before the signal: a route's first request loads its code,
 * which holds the event loop for a moment (seconds on a busy machine), and a connection whose
 * bytes were not read yet when the drain starts looks idle and is closed like any idle one.
 */
async function warmUp(port: number): Promise<void> {
  const upload = await fetch(`http://127.0.0.1:${port}/api/telemetry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: SLOW_BODY });
  expect(upload.status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
}

/** Lets the server read what the test's connections sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/** Whether a new connection to `port` is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

const statusLines = (answer: string) => [...answer.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => Number(match[1]));

describe.skipIf(!BUILT_KIND)('SIGTERM to a running portal', () => {
  it('says not ready at once, refuses new connections, finishes the request in flight, and exits 0', async () => {
    const { port, launcher, serverPid, exited, lockFile, output } = await start({ SHUTDOWN_TIMEOUT_SECONDS: '15' });
    // The fetches leave an idle kept-alive connection, which must not hold the shutdown up.
    await warmUp(port);
    const upload = await openConnection(port, slowUploadHead(port));
    // A load balancer's readiness probe whose request is still arriving when the signal comes.
    const probe = await openConnection(port, `GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    await settle();

    const signalled = Date.now();
    launcher.kill('SIGTERM');
    expect(await until(() => refused(port), 5_000), 'new connections are refused').toBe(true);
    probe.socket.write('\r\n');
    const probeAnswer = await probe.answer;
    expect(statusLines(probeAnswer)).toEqual([503]);
    expect(probeAnswer).toMatch(/^connection: close$/im);
    expect(probeAnswer).toMatch(/^cache-control: private, no-store$/im);
    expect(probeAnswer).toContain('{"ok":false,"failed":["shutdown"]}');

    // The upload is still in flight: the process waits for it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(isRunning(serverPid)).toBe(true);
    upload.socket.write(SLOW_BODY.slice(10));
    expect(statusLines(await upload.answer)).toEqual([200]);

    const exit = await exited;
    expect(exit, output()).toEqual({ code: 0, signal: null, at: expect.any(Number) });
    // Well within the bound: the drain ended with the last request.
    expect(exit.at - signalled).toBeLessThan(15_000);
    expect(output()).toMatch(/\[shutdown\] SIGTERM: no new connections or jobs/);
    expect(output()).toMatch(/\[shutdown\] done in \d+ ms/);
    expect(isRunning(serverPid), 'the server process is gone').toBe(false);
    // The embedded database was closed and gave up its directory.
    if (lockFile) expect(fs.existsSync(lockFile)).toBe(false);
  }, 180_000);

  it('cuts a request that outlives SHUTDOWN_TIMEOUT_SECONDS and still exits 0 at that bound', async () => {
    const { port, launcher, exited, output } = await start({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    await warmUp(port);
    const upload = await openConnection(port, slowUploadHead(port));
    await settle();

    const signalled = Date.now();
    launcher.kill('SIGTERM');
    // The rest of the body never comes: the connection is cut at the bound, with no answer.
    expect(await upload.answer).toBe('');
    const cutAfter = Date.now() - signalled;
    expect(cutAfter).toBeGreaterThanOrEqual(1_900);

    const exit = await exited;
    expect(exit.code, output()).toBe(0);
    expect(exit.at - signalled).toBeLessThan(2_000 + 10_000);
    expect(output()).toMatch(/\[shutdown\] 1 request\(s\) still running after 2 s were cut/);
  }, 180_000);

  it('leaves no server behind when the launcher itself is killed', async () => {
    const { launcher, serverPid, exited, lockFile, output } = await start();
    launcher.kill('SIGKILL');
    await exited;
    // The server saw its parent's channel close and shut down by itself.
    expect(await until(() => !isRunning(serverPid), 15_000), output()).toBe(true);
    expect(output()).toMatch(/\[shutdown\] parent exited/);
    expect(childrenOf(serverPid)).toEqual([]);
    if (lockFile) expect(fs.existsSync(lockFile)).toBe(false);
  }, 180_000);
});
