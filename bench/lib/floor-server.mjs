// The "plain Node floor": a bare `node:http` server, in its own process, answering each path with
// bytes captured from the app beforehand (same status, content-type and body, nothing computed).
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const CHILD_FLAG = '--bench-floor-server';
const START_TIMEOUT_MS = 10_000;

/**
 * Starts the floor on 127.0.0.1:`port`. `routes` maps a path to `{ status, contentType, body }`.
 * Resolves to `{ url, stop }`.
 */
export function startFloorServer(port, routes) {
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], { serialization: 'advanced', stdio: 'inherit' });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('plain Node floor did not start in time'));
    }, START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      if (message.error) return stop().then(() => reject(new Error(message.error)));
      resolve({ url: `http://127.0.0.1:${port}`, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`plain Node floor exited (${code})`));
    });
    child.send({ port, routes: [...routes] });
  });
}

function serve({ port, routes }) {
  const table = new Map(routes);
  const server = http.createServer((req, res) => {
    const route = table.get(req.url);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(route.status, { 'content-type': route.contentType, 'content-length': route.body.length });
    res.end(route.body);
  });
  server.on('error', (error) => process.send({ error: error.message }));
  server.listen(port, '127.0.0.1', () => process.send({ listening: true }));
  process.on('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
  process.on('disconnect', () => process.exit(0));
}

if (process.argv.includes(CHILD_FLAG) && process.send) {
  process.once('message', serve);
}
