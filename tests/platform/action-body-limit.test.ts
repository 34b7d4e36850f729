import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { installActionBodyLimit } from '@/server/platform/action-body-limit';
import { ACTION_BODY_LIMIT_MB, actionBodyRefusal, GUEST_ACTION_BODY_LIMIT } from '@/server/routing/action-body';
import { DEFAULT_HOSTS } from '@/shared/sites/site-variants';

// Server actions read their whole body before any check of Next's or ours: a chunked 100 MB post
// to a widget's public guest checkout was read to its end. The server now refuses an action post
// of no declared length, or longer than it may be, before a byte of it is read.

const post = (overrides: Partial<Parameters<typeof actionBodyRefusal>[0]>) =>
  actionBodyRefusal({ method: 'POST', isAction: true, contentLength: '100', fromGuest: false, ...overrides });

describe('actionBodyRefusal', () => {
  it('asks an action post for its length, and holds the guest checkout to 64 KB and other forms to 30 MB', () => {
    expect(post({ contentLength: null })).toBe(411);
    expect(post({ contentLength: '1e9' })).toBe(411);
    expect(post({ fromGuest: true, contentLength: String(GUEST_ACTION_BODY_LIMIT) })).toBeNull();
    expect(post({ fromGuest: true, contentLength: String(GUEST_ACTION_BODY_LIMIT + 1) })).toBe(413);
    expect(post({ contentLength: String(20 * 1024 * 1024) })).toBeNull();
    expect(post({ contentLength: String(ACTION_BODY_LIMIT_MB * 1024 * 1024 + 1) })).toBe(413);
  });

  it('leaves alone what is not an action post', () => {
    expect(post({ isAction: false, contentLength: null })).toBeNull();
    expect(post({ method: 'GET', contentLength: null })).toBeNull();
  });
});

/** Posts `totalBytes` in chunks (no length), or with a declared length, as an action unless `action: false`; stops writing when the server answers. */
function postAction(port: number, options: { host: string; path: string; totalBytes: number; declared?: number; action?: false }) {
  return new Promise<{ status: number; body: string; written: number; connection?: string }>((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    let answered = false;
    const headers: Record<string, string> = { host: options.host, 'content-type': 'multipart/form-data; boundary=x' };
    if (options.action !== false) headers['next-action'] = 'f'.repeat(42);
    if (options.declared === undefined) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = String(options.declared);
    const request = http.request({ host: '127.0.0.1', port, path: options.path, method: 'POST', headers });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, written, connection: response.headers.connection }));
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && written < options.totalBytes) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

describe('installActionBodyLimit', () => {
  it('answers before reading the body, in the page’s language, and lets a sound post through', async () => {
    installActionBodyLimit(DEFAULT_HOSTS);
    installActionBodyLimit(DEFAULT_HOSTS); // idempotent
    let reached = 0;
    const server = http.createServer((request, response) => {
      reached += 1;
      request.resume();
      request.on('end', () => response.end('handled'));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const hundredMegabytes = 100 * 1024 * 1024;
    try {
      const chunked = await postAction(port, { host: 'tours.agency.test', path: '/book/x', totalBytes: hundredMegabytes });
      expect(chunked).toMatchObject({ status: 411, body: 'The request must declare its length.', connection: 'close' });
      expect(chunked.written).toBeLessThan(hundredMegabytes / 2);

      const long = await postAction(port, { host: 'localhost:3000', path: '/ru/embedded/checkout?widget=w', totalBytes: hundredMegabytes, declared: hundredMegabytes });
      expect(long).toMatchObject({ status: 413, body: 'Запрос слишком большой.', connection: 'close' });
      expect(long.written).toBeLessThan(hundredMegabytes / 2);
      expect(reached).toBe(0);

      const sound = await postAction(port, { host: 'tours.agency.test', path: '/book/x', totalBytes: 64 * 1024, declared: 64 * 1024 });
      expect(sound).toMatchObject({ status: 200, body: 'handled' });
      expect(reached).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe('an early answer that closes the connection', () => {
  it('reaches a client still sending, and the server reads no more of the body', async () => {
    installActionBodyLimit(DEFAULT_HOSTS);
    let received = 0;
    // As Next sends a route's 413 (server/http/run-route.ts): answered before the body is read.
    const server = http.createServer((request, response) => {
      request.on('data', (chunk: Buffer) => (received += chunk.length));
      request.once('data', () => {
        request.pause();
        response.writeHead(413, { connection: 'close' });
        response.end('too large');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const hundredMegabytes = 100 * 1024 * 1024;
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await postAction(port, { host: 'localhost:3000', path: '/api/v1/b2b/account/signup', totalBytes: hundredMegabytes, action: false });
        expect(answer).toMatchObject({ status: 413, body: 'too large', connection: 'close' });
        expect(answer.written).toBeLessThan(hundredMegabytes / 10);
      }
      expect(received).toBeLessThan(hundredMegabytes / 10);
    } finally {
      server.close();
    }
  });
});
