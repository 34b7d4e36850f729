import { and, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { auditLog, mailOutbox, staffMembers, staffSessions } from '@/server/db/schema';
import { seedStaff } from '@/server/db/seed/staff';
import { changeStaffRoleAction, createStaffAction, renewStaffCodesAction, resetStaffFactorAction, setStaffStatusAction } from '@/server/ops/staff/staff-actions';
import { startSession } from '@/server/auth/sessions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// Staff management: operator admin only; nobody disables or demotes themself; the
// last active operator admin stays; a new role, a disable or a reset factor ends the sessions;
// new members (and a reset factor) enrol themselves through a one-time link.

vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());
vi.mock('next/headers', () => ({ headers: async () => new Headers({ host: 'localhost:3000' }), cookies: async () => ({ get: () => undefined }) }));

let live: TestDatabase;
let admin: StaffPrincipal;
let operator: StaffPrincipal;
const agent: Principal = { userId: 'u1', email: 'admin@example.test', name: 'Ann', role: 'admin', agencyId: 'a1', agencyName: 'Agency', agencyApproved: true };

async function principalOf(role: 'operator' | 'operator-admin'): Promise<StaffPrincipal> {
  const [row] = await live.db.select().from(staffMembers).where(eq(staffMembers.role, role)).limit(1);
  return { staffId: row!.id, email: row!.email, name: row!.name, role };
}

beforeAll(async () => {
  live = await createTestDatabase();
  await seedStaff(live.db);
  serveRoutesFrom(live);
  admin = await principalOf('operator-admin');
  operator = await principalOf('operator');
});
afterAll(() => live.dispose());
afterEach(() => {
  session.principal = null;
  staffSession.staff = null;
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

async function sessionsOf(staffId: string): Promise<number> {
  return (await live.db.select().from(staffSessions).where(eq(staffSessions.staffId, staffId))).length;
}

async function newMember(email: string, role = 'operator'): Promise<string> {
  staffSession.staff = admin;
  const result = await createStaffAction(null, form({ name: 'New Member', email, role }));
  if (!result.ok) throw new Error(result.message);
  const [row] = await live.db.select().from(staffMembers).where(eq(staffMembers.email, email));
  return row!.id;
}

describe('creating staff', () => {
  it('invites a member: a one-time enrolment link, mailed to them and shown once; the admin sees no secret and the member cannot sign in yet', async () => {
    staffSession.staff = admin;
    const result = await createStaffAction(null, form({ name: 'Layla Haddad', email: 'Layla@Traveldesk.test', role: 'operator' }));
    expect(result).toEqual({ ok: true, data: { email: 'layla@traveldesk.test', enrolmentUrl: expect.stringMatching(/^http:\/\/localhost:3000\/ops\/enrol\/[\w-]{43}$/) } });
    if (!result.ok) return;
    const [member] = await live.db.select().from(staffMembers).where(eq(staffMembers.email, 'layla@traveldesk.test'));
    expect(member).toMatchObject({ role: 'operator', status: 'active', enrolledAt: null });
    const [mail] = await live.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'layla@traveldesk.test'));
    expect(mail).toMatchObject({ kind: 'staffInvite' });
    expect(mail!.textBody).toContain(result.data.enrolmentUrl);
    const [entry] = await live.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
    expect(entry).toMatchObject({ entity: 'staff', actorStaffId: admin.staffId, changes: { email: { from: null, to: 'layla@traveldesk.test' } } });
    expect(JSON.stringify(entry!.changes)).not.toContain(member!.totpSecret);
  });

  it('refuses bad input and a taken e-mail with field errors, creating nobody', async () => {
    staffSession.staff = admin;
    const count = (await live.db.select().from(staffMembers)).length;
    const bad = await createStaffAction(null, form({ name: '', email: 'x', role: 'root' }));
    expect(bad).toMatchObject({ ok: false, status: 422, fieldErrors: { name: expect.any(String), email: expect.any(String), role: expect.any(String) } });
    const taken = await createStaffAction(null, form({ name: 'Omar', email: operator.email, role: 'operator' }));
    expect(taken).toMatchObject({ ok: false, fieldErrors: { email: 'A staff member with this e-mail already exists.' } });
    expect((await live.db.select().from(staffMembers)).length).toBe(count);
  });
});

describe('who may manage staff', () => {
  it('refuses an operator (403), an agent and a visitor (401) on every action, changing nothing', async () => {
    const target = await newMember('target@traveldesk.test');
    const calls = [
      () => createStaffAction(null, form({ name: 'Eve', email: 'eve@traveldesk.test', role: 'operator-admin' })),
      () => changeStaffRoleAction(null, form({ staffId: target, role: 'operator-admin' })),
      () => setStaffStatusAction(null, form({ staffId: target, status: 'disabled' })),
      () => resetStaffFactorAction(null, form({ staffId: target })),
      () => renewStaffCodesAction(null, form({ staffId: target })),
    ];
    for (const [who, status] of [
      [() => (staffSession.staff = operator), 403],
      [() => ((staffSession.staff = null), (session.principal = agent)), 401],
      [() => ((staffSession.staff = null), (session.principal = null)), 401],
    ] as const) {
      who();
      for (const call of calls) expect(await call()).toMatchObject({ ok: false, status });
    }
    const [row] = await live.db.select().from(staffMembers).where(eq(staffMembers.id, target));
    expect(row).toMatchObject({ role: 'operator', status: 'active' });
    expect(await live.db.select().from(staffMembers).where(eq(staffMembers.email, 'eve@traveldesk.test'))).toHaveLength(0);
  });
});

describe('guard rails', () => {
  it('refuses to disable or demote oneself', async () => {
    staffSession.staff = admin;
    expect(await setStaffStatusAction(null, form({ staffId: admin.staffId, status: 'disabled' }))).toMatchObject({ ok: false, code: 'opsStaff.errors.self' });
    expect(await changeStaffRoleAction(null, form({ staffId: admin.staffId, role: 'operator' }))).toMatchObject({ ok: false, code: 'opsStaff.errors.self' });
    expect(await resetStaffFactorAction(null, form({ staffId: admin.staffId }))).toMatchObject({ ok: false, code: 'opsStaff.errors.selfFactor' });
  });

  it('never removes the last active operator admin', async () => {
    const second = await newMember('second-admin@traveldesk.test', 'operator-admin');
    const secondPrincipal: StaffPrincipal = { staffId: second, email: 'second-admin@traveldesk.test', name: 'New Member', role: 'operator-admin' };
    // Two admins: one may demote the other…
    staffSession.staff = secondPrincipal;
    expect(await changeStaffRoleAction(null, form({ staffId: admin.staffId, role: 'operator' }))).toMatchObject({ ok: true });
    // …but then the remaining admin is the last: a disabled admin does not count.
    await live.db.update(staffMembers).set({ role: 'operator-admin', status: 'disabled' }).where(eq(staffMembers.id, admin.staffId));
    const third = await (async () => {
      staffSession.staff = secondPrincipal;
      const result = await createStaffAction(null, form({ name: 'Third', email: 'third@traveldesk.test', role: 'operator' }));
      expect(result.ok).toBe(true);
      const [row] = await live.db.select().from(staffMembers).where(eq(staffMembers.email, 'third@traveldesk.test'));
      return row!.id;
    })();
    // A member other than the last admin acting on it (seen as an admin by a stale session) is refused too.
    await live.db.update(staffMembers).set({ role: 'operator-admin' }).where(eq(staffMembers.id, third));
    staffSession.staff = { staffId: third, email: 'third@traveldesk.test', name: 'Third', role: 'operator-admin' };
    await live.db.update(staffMembers).set({ status: 'disabled' }).where(eq(staffMembers.id, third));
    expect(await setStaffStatusAction(null, form({ staffId: second, status: 'disabled' }))).toMatchObject({ ok: false, code: 'opsStaff.errors.lastAdmin' });
    expect(await changeStaffRoleAction(null, form({ staffId: second, role: 'operator' }))).toMatchObject({ ok: false, code: 'opsStaff.errors.lastAdmin' });
    const [row] = await live.db.select().from(staffMembers).where(eq(staffMembers.id, second));
    expect(row).toMatchObject({ role: 'operator-admin', status: 'active' });
    // Restore the demo admin for the tests below.
    await live.db.update(staffMembers).set({ role: 'operator-admin', status: 'active' }).where(eq(staffMembers.id, admin.staffId));
  });
});

describe('sessions end with access changes', () => {
  it('ends the sessions on a role change, a disable and a factor reset, each audited', async () => {
    const member = await newMember('sessions@traveldesk.test');
    staffSession.staff = admin;
    await startSession(live.db, 'staff', member);
    expect(await changeStaffRoleAction(null, form({ staffId: member, role: 'operator-admin' }))).toMatchObject({ ok: true });
    expect(await sessionsOf(member)).toBe(0);

    await startSession(live.db, 'staff', member);
    expect(await setStaffStatusAction(null, form({ staffId: member, status: 'disabled' }))).toMatchObject({ ok: true });
    expect(await sessionsOf(member)).toBe(0);
    expect(await setStaffStatusAction(null, form({ staffId: member, status: 'active' }))).toMatchObject({ ok: true });

    await startSession(live.db, 'staff', member);
    const [before] = await live.db.select().from(staffMembers).where(eq(staffMembers.id, member));
    const reset = await resetStaffFactorAction(null, form({ staffId: member }));
    expect(reset).toMatchObject({ ok: true, data: { enrolmentUrl: expect.stringContaining('/ops/enrol/') } });
    expect(await sessionsOf(member)).toBe(0);
    // The old secret is gone and the member enrols again through the new link.
    const [after] = await live.db.select().from(staffMembers).where(eq(staffMembers.id, member));
    expect(after!.totpSecret).not.toBe(before!.totpSecret);
    expect(after!.enrolledAt).toBeNull();

    const renewed = await renewStaffCodesAction(null, form({ staffId: member }));
    expect(renewed).toMatchObject({ ok: true, data: { recoveryCodes: expect.any(Array) } });

    const actions = (await live.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, member)))).map((row) => row.action);
    expect(actions.sort()).toEqual(['staff.create', 'staff.disable', 'staff.enable', 'staff.renewCodes', 'staff.resetFactor', 'staff.role'].sort());
  });
});
