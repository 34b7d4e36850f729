import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { drainHttpServers, installHttpDrainTracking } from '@/server/platform/http-drain';
import { NEXT_SIGNAL_LISTENER } from '@/server/platform/shutdown-signals';

// The graceful shutdown's hold on Node's http server (server/platform/http-drain.ts) and on Next's
// own signal handling (server/platform/shutdown-signals.ts): docs/platform-workarounds.md.

const root = path.resolve(__dirname, '../..');

afterAll(() => {
  // This process goes on to other tests: forget the drain.
  const key = Symbol.for('traveldesk.httpDrain');
  const holder = globalThis as { [key: symbol]: { channel: { unsubscribe: (subscriber: unknown) => void }; onRequest: unknown } | undefined };
  const state = holder[key];
  state?.channel.unsubscribe(state.onRequest);
  delete holder[key];
});

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

/** A raw connection that sent `head`; `answer` is all it received once the server closed it. */
function connection(port: number, head: string) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  socket.write(head);
  return { socket, answer: new Promise<string>((resolve) => socket.on('close', () => resolve(received))) };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

const GET = (port: number, url: string) => `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;

it('drains: new connections refused, requests in flight finish, kept-alive connections close, and what outlives the bound is cut', async () => {
  installHttpDrainTracking();
  const finishSlow: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    if (request.url === '/slow') finishSlow.push(() => response.end('slow done'));
    else response.end('quick');
  });
  const port = await listen(server);
  // The server is learned from its first request; a kept-alive connection then sits idle.
  const agent = new http.Agent({ keepAlive: true });
  await new Promise<void>((resolve) => http.get({ port, host: '127.0.0.1', path: '/quick', agent }, (response) => response.resume().on('end', resolve)));
  const slow = connection(port, GET(port, '/slow'));
  await vi.waitFor(() => expect(finishSlow).toHaveLength(1));

  const drain = drainHttpServers();
  expect(await refused(port)).toBe(true);
  let drained = false;
  void drain.drained.then(() => (drained = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The idle kept-alive connection was closed; the slow request still holds the drain open.
  expect(Object.keys(agent.freeSockets)).toEqual([]);
  expect(drained).toBe(false);

  finishSlow[0]!();
  const answer = await slow.answer;
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  // Answered, then its connection closed rather than kept for another request.
  expect(answer).toMatch(/^connection: close$/im);
  await drain.drained;

  // A server first seen while draining (its first request arrives now) is closed at once; its
  // request is in flight until the bound, where it is cut.
  const late = http.createServer((request) => finishSlow.push(() => request.socket.end()));
  const latePort = await listen(late);
  const stuck = connection(latePort, GET(latePort, '/slow'));
  await vi.waitFor(() => expect(finishSlow).toHaveLength(2));
  expect(await refused(latePort)).toBe(true);
  expect(drain.cut()).toBe(1);
  expect(await stuck.answer).toBe('');
  agent.destroy();
});

it('drift: Next still answers SIGTERM and SIGINT with a listener named `cleanup`, unless NEXT_MANUAL_SIG_HANDLE', () => {
  const startServer = fs.readFileSync(path.join(root, 'node_modules/next/dist/server/lib/start-server.js'), 'utf8');
  expect(startServer).toContain(`const ${NEXT_SIGNAL_LISTENER} = (signal)=>{`);
  expect(startServer).toMatch(new RegExp(`if \\(!process\\.env\\.NEXT_MANUAL_SIG_HANDLE\\) \\{\\s*process\\.on\\('SIGINT', ${NEXT_SIGNAL_LISTENER}\\);\\s*process\\.on\\('SIGTERM', ${NEXT_SIGNAL_LISTENER}\\);`));
  // It exits 143 on SIGTERM once every connection closed (no bound, nothing of ours closed).
  expect(startServer).toContain('process.exit(143)');
  // The listener is installed before the request handlers load, and with them instrumentation's
  // register(): so register() finds it in place and can take it off.
  expect(startServer.indexOf(`process.on('SIGTERM', ${NEXT_SIGNAL_LISTENER})`)).toBeLessThan(startServer.indexOf('await getRequestHandlers({'));
});
