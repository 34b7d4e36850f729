import http from 'node:http';
import { expect, type APIRequestContext, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, type DemoRole, PORT } from './support/portal';

// Cross-site hardening (origin checks, the session cookie), against the real server: what a foreign page can make a signed-in
// agent's browser send, and what an anonymous client can make the server read.

const FOREIGN = 'https://evil.example';
const OWN = `http://localhost:${PORT}`;

/** Signs a request context in through Auth.js (which runs behind runRoute), as an API client would. */
async function signInRequest(request: APIRequestContext, role: DemoRole) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: demoEmail(role), password: DEMO_PASSWORD, callbackUrl: '/' },
    maxRedirects: 0,
  });
  expect((await request.get('/api/v1/b2b/account')).status()).toBe(200);
}

test('a foreign page cannot book or change the company with the agent’s cookie', async ({ request }) => {
  await signInRequest(request, 'admin');
  const booking = { offerId: crypto.randomUUID(), date: '2099-01-01', adults: 1 };

  const plain = await request.post('/api/v1/b2b/bookings', { headers: { 'content-type': 'text/plain', origin: FOREIGN }, data: JSON.stringify(booking) });
  expect(plain.status()).toBe(415);

  const json = await request.post('/api/v1/b2b/bookings', { headers: { origin: FOREIGN }, data: booking });
  expect(json.status()).toBe(403);
  expect(await json.json()).toEqual({ message: 'This request came from another site and was refused.' });

  const company = await request.put('/api/v1/b2b/agency', { headers: { origin: FOREIGN }, form: { name: 'Hijacked Travel' } });
  expect(company.status()).toBe(403);
  expect(((await (await request.get('/api/v1/b2b/agency')).json()) as { name: string }).name).not.toBe('Hijacked Travel');

  // The portal's own origin passes the check and reaches validation.
  const own = await request.post('/api/v1/b2b/bookings', { headers: { origin: OWN }, data: booking });
  expect(own.status()).toBe(422);
});

test('answers spec §8 statuses as JSON: 401 for a visitor, the agent and balance when signed in', async ({ request }) => {
  const visitor = await request.get('/api/v1/b2b/account');
  expect(visitor.status()).toBe(401);
  expect(await visitor.json()).toEqual({ message: 'Please sign in again.' });

  await signInRequest(request, 'senior');
  expect(await (await request.get('/api/v1/b2b/account')).json()).toMatchObject({ email: demoEmail('senior'), role: 'senior' });
  const balance = (await (await request.get('/api/v1/b2b/balance')).json()) as Record<string, unknown>;
  expect(balance).toMatchObject({ currency: 'AED', balanceMinor: expect.any(Number), creditLimitMinor: expect.any(Number), availableMinor: expect.any(Number) });
});

/**
 * Sends `totalBytes` as a chunked body (no Content-Length) and stops when the server answers.
 * Returns the status and how much was written before the answer came.
 */
function chunkedPost(path: string, contentType: string, totalBytes: number, headers: Record<string, string> = {}): Promise<{ status: number; written: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let written = 0;
    let answered = false;
    const request = http.request({ host: 'localhost', port: PORT, path, method: 'POST', headers: { 'content-type': contentType, 'transfer-encoding': 'chunked', ...headers } });
    request.on('response', (response) => {
      answered = true;
      response.resume();
      resolve({ status: response.statusCode ?? 0, written });
      request.destroy();
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && written < totalBytes) {
        written += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

test('anonymous bodies are refused at their cap while they stream', async () => {
  const hundredMegabytes = 100 * 1024 * 1024;
  for (const [path, contentType] of [
    ['/api/v1/b2b/account/signup', 'multipart/form-data; boundary=x'],
    ['/api/client-errors', 'application/json'],
    ['/api/telemetry', 'text/plain'],
    ['/api/v1/b2b/account/forgotpassword', 'application/json'],
  ] as const) {
    const { status, written } = await chunkedPost(path, contentType, hundredMegabytes);
    expect(status, path).toBe(413);
    expect(written, path).toBeLessThan(hundredMegabytes / 2);
  }
});

test('a server action post is bounded before it is read: the public guest checkout of a widget site, and sign-up', async () => {
  const hundredMegabytes = 100 * 1024 * 1024;
  // Next reads an action's whole body before any of its checks: a chunked 100 MB post to the
  // guest checkout was read to the end. The proxy now answers first (server/routing/action-body.ts).
  // Any action id: the refusal comes before Next looks the action up.
  const action = { 'next-action': 'f'.repeat(42) };
  const guest = { host: `tours.desertrose.test:${PORT}`, origin: `http://tours.desertrose.test:${PORT}`, ...action };
  for (const [path, headers] of [
    ['/book/00000000-0000-4000-8000-000000000000', guest],
    ['/', guest],
    ['/sign-up', action],
  ] as const) {
    const { status, written } = await chunkedPost(path, 'multipart/form-data; boundary=x', hundredMegabytes, headers);
    expect(status, path).toBe(411);
    expect(written, path).toBeLessThan(hundredMegabytes / 2);
  }
});
