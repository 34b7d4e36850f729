// A TCP relay between the e2e server and its PostgreSQL database that the outage spec can cut and
// restore, so "the database stopped" is tested as the portal meets it in production: connections
// refused and open ones dropped. Part of the e2e harness only; the portal never knows it is there.
import http from 'node:http';
import net from 'node:net';

/**
 * Relays 127.0.0.1:<listen port> to `target` ({ host, port }). A control server on `controlPort`
 * answers `POST /stop` (close the port, drop every open connection) and `POST /start`.
 * Resolves with the relay's port once both listen.
 */
export async function startDatabaseSwitch({ target, controlPort }) {
  const sockets = new Set();
  const relay = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = relay.address().port;

  const stop = () =>
    new Promise((resolve) => {
      if (!relay.listening) return resolve();
      relay.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  const start = () => new Promise((resolve) => (relay.listening ? resolve() : relay.listen(port, '127.0.0.1', resolve)));

  const control = http.createServer((request, response) => {
    const action = request.method === 'POST' ? { '/stop': stop, '/start': start }[request.url] : undefined;
    if (!action) {
      response.writeHead(404).end();
      return;
    }
    void action().then(() => response.writeHead(204).end());
  });
  await new Promise((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  return { port };
}
