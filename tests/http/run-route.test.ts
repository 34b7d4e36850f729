import { z } from 'zod';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { isDatabaseKnownDown, markDatabaseUp } from '@/server/db/health-state';
import { Conflict, Forbidden, Maintenance, NotFound, RuleViolation, TooManyRequests } from '@/server/errors';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { agentRequest, apiRequest, countingStream, ORIGIN, serveRoutesFrom, session, streamingRequest } from '../support/route-requests';
import { SpanStatusCode } from '@opentelemetry/api';
import { setLogSink } from '@/server/telemetry/logger';
import { registerTestTracing } from '../support/tracing';

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());

// The wrapper's steps with handlers made up for the test; the database is a stand-in that only
// answers the recovery probe's `select 1`.
const exported = registerTestTracing();

const junior: Principal = { userId: 'u1', email: 'junior@example.test', name: 'June', role: 'junior', agencyId: 'a1', agencyName: 'Agency', agencyApproved: true };
const admin: Principal = { ...junior, userId: 'u2', role: 'admin' };

beforeAll(() => serveRoutesFrom({ driver: 'pglite', db: { execute: async () => [] } as unknown as Database, close: async () => {} }));
beforeEach(() => {
  session.principal = junior;
});
afterEach(() => markDatabaseUp());

const echo = runRoute({
  permission: null,
  body: { kind: 'json', maxBytes: 1024, schema: z.object({ name: z.string().min(1, { error: 'checkout.errors.required' }) }) },
  run: async ({ body }, { principal }) => ({ name: body.name, agent: principal.email }),
});

const throwing = (error: unknown) => runRoute({ permission: PUBLIC, run: async () => Promise.reject(error) });

describe('runRoute', () => {
  it('answers the data as private, uncached JSON, and nothing as 204', async () => {
    const response = await echo(agentRequest('/api/echo', { json: { name: 'Ann' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({ name: 'Ann', agent: junior.email });
    const empty = await runRoute({ permission: PUBLIC, run: async () => undefined })(apiRequest('/api/nothing'));
    expect(empty.status).toBe(204);
  });

  it('takes only JSON on a JSON route (415), and a form only on a form route', async () => {
    const plain = await echo(agentRequest('/api/echo', { body: '{"name":"Ann"}', headers: { 'content-type': 'text/plain' } }));
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ message: 'Send the request as JSON or a form.' });
    const form = runRoute({ permission: PUBLIC, body: { kind: 'form', maxBytes: 1024, schema: z.object({ a: z.string() }) }, run: async ({ body }) => body });
    expect((await form(apiRequest('/api/form', { json: { a: 'x' } }))).status).toBe(415);
    const encoded = await form(apiRequest('/api/form', { body: new URLSearchParams({ a: 'x' }) }));
    expect(await encoded.json()).toEqual({ a: 'x' });
  });

  it('refuses a body above its cap by its declared length and, without one, while it streams', async () => {
    const declared = await echo(agentRequest('/api/echo', { json: { name: 'x'.repeat(2000) } }));
    expect(declared.status).toBe(413);
    // Closed after the answer, so the server reads no more of the body.
    expect(declared.headers.get('connection')).toBe('close');
    expect(await declared.json()).toEqual({ message: 'The request is too large.' });

    const { stream, counter } = countingStream(10 * 1024 * 1024, 512);
    const chunked = await echo(streamingRequest('/api/echo', stream, { 'content-type': 'application/json', cookie: 'a=b', origin: ORIGIN }));
    expect(chunked.status).toBe(413);
    expect(chunked.headers.get('connection')).toBe('close');
    expect(counter.pulled).toBeLessThan(4 * 1024);
  });

  it('refuses a cookie-carrying mutation from another site, by Origin or Sec-Fetch-Site (403)', async () => {
    const foreign = await echo(agentRequest('/api/echo', { json: { name: 'Ann' }, headers: { origin: 'https://evil.example' } }));
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: 'This request came from another site and was refused.' });
    expect((await echo(agentRequest('/api/echo', { json: { name: 'Ann' }, headers: { origin: 'null' } }))).status).toBe(403);
    const fetchedCrossSite = apiRequest('/api/echo', { json: { name: 'Ann' }, headers: { cookie: 'a=b', 'sec-fetch-site': 'cross-site' } });
    expect((await echo(fetchedCrossSite)).status).toBe(403);
  });

  it('lets same-origin, configured public origins, same-site fetches and cookie-less clients through', async () => {
    const proxied = apiRequest('/api/echo', {
      json: { name: 'Ann' },
      headers: { cookie: 'a=b', origin: 'https://b2b.example.com', 'x-forwarded-host': 'b2b.example.com', 'x-forwarded-proto': 'https' },
    });
    expect((await echo(proxied)).status).toBe(200);
    vi.stubEnv('PUBLIC_ORIGINS', JSON.stringify({ second: 'https://partner.example.com' }));
    try {
      expect((await echo(agentRequest('/api/echo', { json: { name: 'Ann' }, headers: { origin: 'https://partner.example.com' } }))).status).toBe(200);
    } finally {
      vi.unstubAllEnvs();
    }
    expect((await echo(apiRequest('/api/echo', { json: { name: 'Ann' }, headers: { cookie: 'a=b', 'sec-fetch-site': 'same-origin' } }))).status).toBe(200);
    expect((await echo(apiRequest('/api/echo', { json: { name: 'Ann' }, headers: { origin: 'https://integration.example' } }))).status).toBe(200);
  });

  it('answers 401 to a visitor and 403 to a role without the permission', async () => {
    session.principal = null;
    expect((await echo(agentRequest('/api/echo', { json: { name: 'Ann' } }))).status).toBe(401);
    session.principal = junior;
    const adminOnly = runRoute({ permission: 'company:edit', run: async () => ({ ok: true }) });
    expect((await adminOnly(agentRequest('/api/admin'))).status).toBe(403);
    session.principal = admin;
    expect((await adminOnly(agentRequest('/api/admin'))).status).toBe(200);
  });

  it('answers 422 with translated `[{ fieldName, errorMessage }]` for a body or query that does not parse', async () => {
    const response = await echo(agentRequest('/api/echo?language=ru', { json: { name: '' } }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual([{ fieldName: 'name', errorMessage: 'Обязательное поле.' }]);
    const broken = await echo(agentRequest('/api/echo', { body: '{"name":', headers: { 'content-type': 'application/json' } }));
    expect(broken.status).toBe(422);
    expect(await broken.json()).toEqual([{ fieldName: '', errorMessage: 'Validation error' }]);
    const query = runRoute({ permission: PUBLIC, query: z.object({ page: z.coerce.number().int() }), run: async ({ query: q }) => q });
    expect((await query(apiRequest('/api/list?page=x'))).status).toBe(422);
    expect(await (await query(apiRequest('/api/list?page=2'))).json()).toEqual({ page: 2 });
  });

  it('answers 404 for a path segment that does not parse', async () => {
    const file = runRoute({ permission: PUBLIC, params: z.object({ id: z.uuid() }), run: async (_input, { params }) => params });
    expect((await file(apiRequest('/api/files/nope'), { params: Promise.resolve({ id: 'nope' }) })).status).toBe(404);
  });

  it('maps every typed error to spec §8 in the request’s language', async () => {
    const answer = async (error: unknown, path = '/api/x') => {
      const response = await throwing(error)(apiRequest(path));
      return { status: response.status, body: (await response.json()) as unknown, retryAfter: response.headers.get('retry-after') };
    };
    expect(await answer(new Forbidden())).toMatchObject({ status: 403 });
    expect(await answer(new NotFound())).toMatchObject({ status: 404, body: { message: 'Not found.' } });
    expect(await answer(new Conflict('errors.idempotencyConflict'))).toMatchObject({ status: 409 });
    expect(await answer(new RuleViolation('availability.soldOut', { max: 2 }, 'adults'))).toMatchObject({
      status: 422,
      body: [{ fieldName: 'adults', errorMessage: 'No more available stock, max 2. Please contact admin.' }],
    });
    expect(await answer(new TooManyRequests(30))).toEqual({
      status: 429,
      body: { message: 'Too many attempts. Please wait 30 seconds and try again.' },
      retryAfter: '30',
    });
    expect(await answer(new Maintenance())).toMatchObject({ status: 503, body: { message: 'Server is under maintenance' } });
    expect(await answer(new Maintenance(), '/api/x?language=ru')).toMatchObject({ status: 503, body: { message: 'Сервер на техническом обслуживании' } });
  });

  it('answers a database outage with 503 and marks the database down; then refuses signed-in calls at once', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const response = await throwing(refused)(apiRequest('/api/x'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'Server is under maintenance' });
    expect(isDatabaseKnownDown()).toBe(true);
    const run = vi.fn(async () => ({ ok: true }));
    expect((await runRoute({ permission: null, run })(agentRequest('/api/account'))).status).toBe(503);
    expect(run).not.toHaveBeenCalled();
  });

  it('logs an unexpected error as one JSON line in the call’s trace, its span failed, and answers 500 with a message, never an empty body', async () => {
    const lines: string[] = [];
    setLogSink((line) => void lines.push(line));
    exported.reset();
    try {
      const response = await throwing(new TypeError('x is undefined'))(apiRequest('/api/x'));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Error' });
    } finally {
      setLogSink(null);
    }
    const span = exported.spans().find((ended) => ended.name === 'route GET /api/x')!;
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes['http.response.status_code']).toBe(500);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 'error', msg: 'route failed', method: 'GET', path: '/api/x', err: expect.objectContaining({ type: 'TypeError' }), trace_id: span.spanContext().traceId }),
    ]);
  });

  it('answers in the language asked for, else the page’s, else the chosen one, else English', async () => {
    const notFound = throwing(new NotFound());
    const message = async (request: Request) => ((await (await notFound(request)).json()) as { message: string }).message;
    expect(await message(apiRequest('/api/x?language=ru'))).toBe('Не найдено.');
    expect(await message(apiRequest('/api/x?locale=ru'))).toBe('Не найдено.');
    expect(await message(apiRequest('/api/x', { headers: { referer: `${ORIGIN}/ru/bookings` } }))).toBe('Не найдено.');
    expect(await message(apiRequest('/api/x', { headers: { cookie: 'a=1; NEXT_LOCALE=ru' } }))).toBe('Не найдено.');
    expect(await message(apiRequest('/api/x?language=de'))).toBe('Not found.');
  });
});
