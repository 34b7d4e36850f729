import fs from 'node:fs';
import { encode } from 'next-auth/jwt';
import { eq } from 'drizzle-orm';
import { principalOfCookies } from '@/server/auth/principal';
import { staffMembers } from '@/server/db/schema';
import { DEMO_PASSWORD, seedAgencies } from '@/server/db/seed/agencies';
import { DEMO_STAFF, DEMO_TOTP_SECRET, seedStaff } from '@/server/db/seed/staff';
import { can, OPS_PERMISSIONS, type OpsPermission, PERMISSIONS, ROLES, STAFF_ROLES } from '@/shared/auth/permissions';
import { authorizeStaffCredentials } from '@/server/staff/authorize-staff';
import { createStaffMember } from '@/server/staff/create-staff';
import { endSessions } from '@/server/auth/sessions';
import { staffPrincipalOfCookies } from '@/server/staff/staff-principal';
import { currentTotp } from '@/server/staff/totp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Staff sign-in: password and a second factor, sessions of their own that never
// make an agency principal, and a permission matrix shared with agency roles but disjoint.

const SECRET = 'staff-auth-test-secret-00000000000000000';
let live: TestDatabase;
const db = async () => live.db;
let address = 0;
// A fresh client address per sign-in, so the per-address throttle never decides a test.
const headers = () => new Headers({ 'x-forwarded-for': `198.51.100.${(address += 1)}` });

beforeAll(async () => {
  vi.stubEnv('AUTH_SECRET', SECRET);
  live = await createTestDatabase();
  await seedAgencies(live.db);
  await seedStaff(live.db);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await live.dispose();
});

async function cookieFor(user: { id?: string; sessionId?: string; kind?: string }) {
  const value = await encode({ token: { uid: user.id, sid: user.sessionId, kind: user.kind }, secret: SECRET, salt: 'authjs.session-token' });
  return { getAll: () => [{ name: 'authjs.session-token', value }] };
}

/** The demo operator's last accepted step is cleared, so each test may use the current code once. */
async function freshCode(email: string): Promise<string> {
  await live.db.update(staffMembers).set({ totpLastStep: null }).where(eq(staffMembers.email, email));
  return currentTotp(DEMO_TOTP_SECRET);
}

describe('staff sign-in', () => {
  const { email } = DEMO_STAFF[1]!;

  it('signs in with password and the current code, as staff and never as an agent', async () => {
    const user = await authorizeStaffCredentials({ email, password: DEMO_PASSWORD, code: await freshCode(email) }, headers(), db);
    expect(user).toMatchObject({ email, kind: 'staff', staffRole: 'operator', sessionId: expect.any(String) });
    const cookies = await cookieFor(user!);
    expect(await staffPrincipalOfCookies(cookies, db)).toMatchObject({ email, role: 'operator' });
    expect(await principalOfCookies(cookies, db)).toBeNull();
  });

  it('refuses a sign-in without the second factor or with a wrong one', async () => {
    await freshCode(email);
    expect(await authorizeStaffCredentials({ email, password: DEMO_PASSWORD }, headers(), db)).toBeNull();
    expect(await authorizeStaffCredentials({ email, password: DEMO_PASSWORD, code: '000000' }, headers(), db)).toBeNull();
    expect(await authorizeStaffCredentials({ email, password: 'wrong-password', code: await currentTotp(DEMO_TOTP_SECRET) }, headers(), db)).toBeNull();
  });

  it('accepts a code once: the same code replayed is refused', async () => {
    const code = await freshCode(email);
    expect(await authorizeStaffCredentials({ email, password: DEMO_PASSWORD, code }, headers(), db)).not.toBeNull();
    expect(await authorizeStaffCredentials({ email, password: DEMO_PASSWORD, code }, headers(), db)).toBeNull();
  });

  it('takes each recovery code once in place of the authenticator', async () => {
    const enrolment = await createStaffMember(live.db, { email: 'recovery@traveldesk.test', name: 'Rana', role: 'operator', password: DEMO_PASSWORD });
    const [first, second] = enrolment.recoveryCodes;
    const credentials = { email: 'recovery@traveldesk.test', password: DEMO_PASSWORD };
    expect(await authorizeStaffCredentials({ ...credentials, code: first!.toUpperCase() }, headers(), db)).not.toBeNull();
    expect(await authorizeStaffCredentials({ ...credentials, code: first! }, headers(), db)).toBeNull();
    expect(await authorizeStaffCredentials({ ...credentials, code: second! }, headers(), db)).not.toBeNull();
    expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  });

  it("does not take an agent's password for staff, nor a staff member's for an agency", async () => {
    const code = await freshCode(email);
    expect(await authorizeStaffCredentials({ email: 'admin@desertrose.test', password: DEMO_PASSWORD, code }, headers(), db)).toBeNull();
  });

  it('ends a session when its rows go (sign-out everywhere) or the member is disabled', async () => {
    const user = await authorizeStaffCredentials({ email, password: DEMO_PASSWORD, code: await freshCode(email) }, headers(), db);
    const cookies = await cookieFor(user!);
    await endSessions(live.db, 'staff', user!.id!);
    expect(await staffPrincipalOfCookies(cookies, db)).toBeNull();

    const again = await authorizeStaffCredentials({ email, password: DEMO_PASSWORD, code: await freshCode(email) }, headers(), db);
    await live.db.update(staffMembers).set({ status: 'disabled' }).where(eq(staffMembers.email, email));
    expect(await staffPrincipalOfCookies(await cookieFor(again!), db)).toBeNull();
    await live.db.update(staffMembers).set({ status: 'active' }).where(eq(staffMembers.email, email));
  });

  it("an agent's session is never a staff principal", async () => {
    const agentCookie = await encode({ token: { uid: DEMO_STAFF[0]!.email, sid: 'x' }, secret: SECRET, salt: 'authjs.session-token' });
    expect(await staffPrincipalOfCookies({ getAll: () => [{ name: 'authjs.session-token', value: agentCookie }] }, db)).toBeNull();
  });
});

describe('the one permission matrix', () => {
  it('gives no agency role a console permission and no staff role an agency permission', () => {
    for (const role of ROLES) for (const permission of Object.keys(OPS_PERMISSIONS) as OpsPermission[]) expect(can(role, permission)).toBe(false);
    for (const role of STAFF_ROLES) for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) expect(can(role, permission)).toBe(false);
  });

  it('keeps staff management to the operator admin', () => {
    expect(can('operator-admin', 'ops:staff')).toBe(true);
    expect(can('operator', 'ops:staff')).toBe(false);
    expect(can('operator', 'ops:agencies')).toBe(true);
  });

  it('prints codes for the same demo secret the seed uses', () => {
    const script = fs.readFileSync(new URL('../../scripts/ops-code.mjs', import.meta.url), 'utf8');
    expect(script).toContain(`'${DEMO_TOTP_SECRET}'`);
  });
});
