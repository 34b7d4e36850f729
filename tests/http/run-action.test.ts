import { z } from 'zod';
import { runAction, runPublicAction } from '@/server/actions/run-action';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { markDatabaseDown, markDatabaseUp } from '@/server/db/health-state';
import { Conflict, NotFound, RuleViolation, TooManyRequests } from '@/server/errors';
import { serveRoutesFrom, session } from '../support/route-requests';

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

const failing = (error: unknown) => runPublicAction({ schema, run: async () => Promise.reject(error) }, { name: 'Ann' });

describe('runAction failures carry spec §8’s status beside the message', () => {
  it('422 for input that does not parse and for a refused rule', async () => {
    expect(await runPublicAction({ schema, run: async () => 'ok' }, { name: '' })).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { name: 'This field is required.' },
    });
    expect(await failing(new RuleViolation('availability.soldOut', { max: 1 }, 'adults'))).toMatchObject({ status: 422, fieldErrors: { adults: expect.any(String) } });
  });

  it('401 for a visitor and 403 for a role without the permission', async () => {
    session.principal = null;
    expect(await runAction({ schema, permission: null, run: async () => 'ok' }, { name: 'Ann' })).toMatchObject({ ok: false, status: 401 });
    session.principal = junior;
    expect(await runAction({ schema, permission: 'company:edit', run: async () => 'ok' }, { name: 'Ann' })).toMatchObject({ ok: false, status: 403 });
    expect(await runAction({ schema, permission: 'bookings:create', run: async () => 'ok' }, { name: 'Ann' })).toEqual({ ok: true, data: 'ok' });
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
    expect(await runAction({ schema, permission: null, run }, { name: 'Ann' })).toMatchObject({ status: 503 });
    expect(run).not.toHaveBeenCalled();
  });

  it('500 for anything unexpected, logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await failing(new TypeError('boom'))).toMatchObject({ status: 500, code: 'errors.unexpected' });
    expect(logged).toHaveBeenCalledWith('[action] failed', expect.any(TypeError));
  });
});
