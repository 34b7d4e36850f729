import { z } from 'zod';
import { runAction, runPublicAction } from '@/server/actions/run-action';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { markDatabaseDown, markDatabaseUp } from '@/server/db/health-state';
import { Conflict, NotFound, RuleViolation, TooManyRequests } from '@/server/errors';
import { serveRoutesFrom, session } from '../support/route-requests';
import { SpanStatusCode } from '@opentelemetry/api';
import { setLogSink } from '@/server/telemetry/logger';
import { registerTestTracing } from '../support/tracing';

const exported = registerTestTracing();

const cacheCalls: string[] = [];
vi.mock('next/cache', async (original) => ({
  ...(await original<object>()),
  revalidateTag: (tag: string, profile: { expire?: number }) => cacheCalls.push(`expire ${tag} ${profile.expire}`),
  updateTag: (tag: string) => cacheCalls.push(`update ${tag}`),
  refresh: () => cacheCalls.push('refresh'),
}));
vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
// An action renders in the page's language; here always English.
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

const junior: Principal = { userId: 'u1', email: 'junior@example.test', name: 'June', role: 'junior', agencyId: 'a1', agencyName: 'Agency', agencyApproved: true };
const schema = z.object({ name: z.string().min(1, { error: 'checkout.errors.required' }) });

beforeAll(() => serveRoutesFrom({ driver: 'pglite', db: { execute: async () => [] } as unknown as Database, close: async () => {} }));
beforeEach(() => {
  session.principal = junior;
});
afterEach(() => markDatabaseUp());

/** The actions here are called with a plain object (as `applyPromoAction` is), not a form. */
const withObject = (input: unknown) => input;
const failing = (error: unknown) => runPublicAction({ schema, input: withObject, run: async () => Promise.reject(error) })({ name: 'Ann' });

describe('runAction failures carry spec §8’s status beside the message', () => {
  it('422 for input that does not parse and for a refused rule', async () => {
    expect(await runPublicAction({ schema, input: withObject, run: async () => 'ok' })({ name: '' })).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { name: 'This field is required.' },
    });
    expect(await failing(new RuleViolation('availability.soldOut', { max: 1 }, 'adults'))).toMatchObject({ status: 422, fieldErrors: { adults: expect.any(String) } });
  });

  it('401 for a visitor and 403 for a role without the permission', async () => {
    session.principal = null;
    expect(await runAction({ schema, input: withObject, permission: null, run: async () => 'ok' })({ name: 'Ann' })).toMatchObject({ ok: false, status: 401 });
    session.principal = junior;
    expect(await runAction({ schema, input: withObject, permission: 'company:edit', run: async () => 'ok' })({ name: 'Ann' })).toMatchObject({ ok: false, status: 403 });
    expect(await runAction({ schema, input: withObject, permission: 'bookings:create', run: async () => 'ok' })({ name: 'Ann' })).toEqual({ ok: true, data: 'ok' });
  });

  it('404, 409 and 429 with when to retry', async () => {
    expect(await failing(new NotFound())).toMatchObject({ status: 404, message: 'Not found.' });
    expect(await failing(new Conflict('errors.idempotencyConflict'))).toMatchObject({
      status: 409,
      code: 'errors.idempotencyConflict',
      message: 'This checkout was already submitted with different details. Reload the checkout to book again.',
    });
    expect(await failing(new TooManyRequests(90))).toMatchObject({ status: 429, retryAfterSeconds: 90, message: expect.stringContaining('90 seconds') });
  });

  it('503 for a database outage, and at once while the database is known to be down', async () => {
    const outage = Object.assign(new Error('Connection terminated'), { code: 'CONNECTION_CLOSED' });
    expect(await failing(outage)).toMatchObject({ status: 503, message: 'Server is under maintenance' });
    markDatabaseUp();
    markDatabaseDown();
    const run = vi.fn(async () => 'ok');
    expect(await runAction({ schema, input: withObject, permission: null, run })({ name: 'Ann' })).toMatchObject({ status: 503 });
    expect(run).not.toHaveBeenCalled();
  });

  it('500 for anything unexpected, logged as one JSON line in the action’s trace, its span failed', async () => {
    const lines: string[] = [];
    setLogSink((line) => void lines.push(line));
    exported.reset();
    try {
      expect(await failing(new TypeError('boom'))).toMatchObject({ status: 500, code: 'errors.unexpected' });
    } finally {
      setLogSink(null);
    }
    const [span] = exported.spans();
    expect(span).toMatchObject({ name: 'action', status: { code: SpanStatusCode.ERROR } });
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 'error', msg: 'action failed', err: expect.objectContaining({ type: 'TypeError', message: 'boom' }), trace_id: span!.spanContext().traceId }),
    ]);
  });
});

describe('one order for every action: authenticate, authorize, parse, run, revalidate', () => {
  beforeEach(() => {
    cacheCalls.length = 0;
  });

  it('refuses a visitor (401) and a role without the permission (403) before the input is read', async () => {
    const run = vi.fn(async () => 'ok');
    session.principal = null;
    expect(await runAction({ schema, input: withObject, permission: null, run })({ name: '' })).toMatchObject({ ok: false, status: 401, fieldErrors: {} });
    session.principal = junior;
    expect(await runAction({ schema, input: withObject, permission: 'company:edit', run })({ name: '' })).toMatchObject({ ok: false, status: 403, fieldErrors: {} });
    expect(run).not.toHaveBeenCalled();
  });

  it('revalidates what the action declares, after a success only', async () => {
    const action = runAction({
      schema,
      input: withObject,
      permission: null,
      run: async (input) => ({ tags: [`tour:${input.name}`] }),
      revalidate: (data) => ({ expire: data.tags, update: ['settings'], refresh: true }),
    });
    expect(await action({ name: 'kayak' })).toMatchObject({ ok: true });
    expect(cacheCalls).toEqual(['expire tour:kayak 0', 'update settings', 'refresh']);
    cacheCalls.length = 0;
    expect(await action({ name: '' })).toMatchObject({ ok: false, status: 422 });
    expect(await runAction({ schema, input: withObject, permission: null, run: () => Promise.reject(new NotFound()), revalidate: { refresh: true } })({ name: 'x' })).toMatchObject({ status: 404 });
    expect(cacheCalls).toEqual([]);
  });
});

describe('a form is declared input', () => {
  const formSchema = z.object({
    name: z.string().min(1, { error: 'checkout.errors.required' }),
    tags: z.array(z.string()),
    photo: z.instanceof(File).optional(),
    password: z.string().min(8, { error: 'checkout.errors.required' }),
  });
  const form = (entries: [string, string | File][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it('reads repeated fields as arrays, files as files (an empty file input as none), and leaves React’s own fields out', async () => {
    const run = vi.fn(async (input: z.output<typeof formSchema>) => input);
    const action = runPublicAction({ schema: formSchema, form: { arrays: ['tags'], files: ['photo'] }, run });
    const photo = new File(['jpeg'], 'photo.jpg', { type: 'image/jpeg' });
    const result = await action(null, form([['$ACTION_ID_1', ''], ['name', 'Ann'], ['tags', 'a'], ['tags', 'b'], ['photo', photo], ['password', 'long enough']]));
    expect(result).toEqual({ ok: true, data: { name: 'Ann', tags: ['a', 'b'], photo, password: 'long enough' } });
    await action(null, form([['name', 'Ann'], ['photo', new File([], '')], ['password', 'long enough']]));
    expect(run).toHaveBeenLastCalledWith({ name: 'Ann', tags: [], password: 'long enough' }, expect.anything());
  });

  it('echoes what was typed with the answer (never what is not declared), and says a chosen file was dropped', async () => {
    const action = runPublicAction({ schema: formSchema, form: { arrays: ['tags'], files: ['photo'], echo: ['name'] }, run: async () => 'saved' });
    const refused = await action(null, form([['name', 'Ann'], ['photo', new File(['x'], 'a.pdf')], ['password', 'short']]));
    expect(refused).toMatchObject({ ok: false, status: 422, values: { name: 'Ann' }, filesDropped: true, fieldErrors: { password: 'This field is required.' } });
    expect(refused.values).not.toHaveProperty('password');
    expect(await action(null, form([['name', 'Ann'], ['password', 'long enough']]))).toEqual({ ok: true, data: 'saved', values: { name: 'Ann' } });
  });
});
