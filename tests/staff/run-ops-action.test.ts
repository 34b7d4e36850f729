import { z } from 'zod';
import { runOpsAction } from '@/server/actions/run-action';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { serveRoutesFrom, session, staffSession } from '../support/route-requests';

// The console's action wrapper: staff are checked before the input is read, so an agent or a
// visitor learns nothing (not even the fields) and nothing runs.

vi.mock('@/server/auth/principal', async () => (await import('../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../support/route-requests')).mockedIntlServerModule());

const admin: Principal = { userId: 'u1', email: 'admin@example.test', name: 'Ann', role: 'admin', agencyId: 'a1', agencyName: 'Agency', agencyApproved: true };
const operator: StaffPrincipal = { staffId: 's1', email: 'operator@example.test', name: 'Omar', role: 'operator' };
const schema = z.object({ name: z.string().min(1) });
const withObject = (input: unknown) => input;

beforeAll(() => serveRoutesFrom({ driver: 'pglite', db: { execute: async () => [] } as unknown as Database, close: async () => {} }));
afterEach(() => {
  session.principal = null;
  staffSession.staff = null;
});

describe('runOpsAction', () => {
  it('refuses a visitor and an agency admin with 401 before reading the input', async () => {
    const run = vi.fn();
    session.principal = admin;
    for (const input of [{ name: 'x' }, {}]) {
      const result = await runOpsAction({ schema, input: withObject, permission: 'ops:agencies', run })(input);
      expect(result).toMatchObject({ ok: false, status: 401 });
    }
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses an operator a section only the operator admin has (403)', async () => {
    staffSession.staff = operator;
    const run = vi.fn();
    expect(await runOpsAction({ schema, input: withObject, permission: 'ops:staff', run })({ name: 'x' })).toMatchObject({ ok: false, status: 403 });
    expect(run).not.toHaveBeenCalled();
  });

  it('runs for staff with the section, with field errors for bad input', async () => {
    staffSession.staff = operator;
    expect(await runOpsAction({ schema, input: withObject, permission: 'ops:agencies', run: async () => 1 })({})).toMatchObject({ ok: false, status: 422, fieldErrors: { name: expect.any(String) } });
    expect(await runOpsAction({ schema, input: withObject, permission: 'ops:agencies', run: async (input, { staff }) => `${input.name} by ${staff.name}` })({ name: 'x' })).toEqual({ ok: true, data: 'x by Omar' });
  });
});
