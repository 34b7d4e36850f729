import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '@/server/db/schema';
import { DEMO_PASSWORD } from '@/server/db/seed/agencies';
import { DEMO_STAFF, seedStaff } from '@/server/db/seed/staff';
import { authenticateStaff } from '@/server/staff/authenticate-staff';
import { createStaffMember } from '@/server/staff/create-staff';
import { SECOND_FACTOR_LOCKOUT } from '@/server/staff/second-factor-lockout';
import { currentTotp } from '@/server/staff/totp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Repeated wrong second-factor codes (with the right password) lock that member's second factor
// for a while and mail the operator admins once.

let live: TestDatabase;
let secret: string;
const EMAIL = 'night.shift@traveldesk.test';
const ADMIN = DEMO_STAFF.find((member) => member.role === 'operator-admin')!.email;
const START = new Date('2026-11-27T08:00:00Z');
// A minute between attempts: the e-mail's sign-in throttle (at most a minute's wait) never decides here.
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

beforeAll(async () => {
  live = await createTestDatabase();
  await seedStaff(live.db);
  ({ totpSecret: secret } = await createStaffMember(live.db, { email: EMAIL, name: 'Nadia Night', role: 'operator', password: DEMO_PASSWORD }));
});
afterAll(() => live.dispose());

const signIn = (code: string, now: Date, password = DEMO_PASSWORD, email = EMAIL) =>
  authenticateStaff(live.db, { email, password, code, address: '203.0.113.9' }, now);

const lockoutMails = () => live.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'staffFactorLocked')));

describe('second-factor lockout', () => {
  it('locks after the fifth wrong code, refuses even the right code for 15 minutes and mails the operator admins once', async () => {
    const { attempts, lockSeconds } = SECOND_FACTOR_LOCKOUT;
    expect(attempts).toBe(5);
    for (let attempt = 1; attempt < attempts; attempt += 1) {
      expect(await signIn('000000', at(attempt))).toEqual({ ok: false, reason: 'invalidCredentials' });
    }
    expect(await lockoutMails()).toHaveLength(0);
    expect(await signIn('000000', at(attempts))).toEqual({ ok: false, reason: 'factorLocked', retryAfterSeconds: lockSeconds });

    // Locked: the right code is refused too, with the time left, and nobody is mailed again.
    const during = at(attempts + 5);
    expect(await signIn(await currentTotp(secret, during), during)).toEqual({ ok: false, reason: 'factorLocked', retryAfterSeconds: lockSeconds - 5 * 60 });
    expect(await signIn('111111', at(attempts + 6))).toMatchObject({ reason: 'factorLocked' });
    const mails = await lockoutMails();
    expect(mails.map((mail) => mail.recipient)).toEqual([ADMIN]);
    expect(mails[0]!.subject).toContain(EMAIL);
    expect(mails[0]!.textBody).toContain('5 wrong authenticator codes');

    // Over: the right code signs in and the count starts again.
    const after = at(attempts + lockSeconds / 60 + 1);
    expect(await signIn(await currentTotp(secret, after), after)).toMatchObject({ ok: true, staff: { email: EMAIL } });
    expect(await signIn('000000', at(attempts + lockSeconds / 60 + 2))).toEqual({ ok: false, reason: 'invalidCredentials' });
  });

  it('counts only wrong codes given with the right password (a wrong password is for the sign-in throttle)', async () => {
    const email = DEMO_STAFF.find((member) => member.role === 'operator')!.email;
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      expect(await signIn('000000', at(100 + attempt), 'Wrong-password-1', email)).toEqual({ ok: false, reason: 'invalidCredentials' });
    }
    expect(await signIn('000000', at(110), DEMO_PASSWORD, email)).toEqual({ ok: false, reason: 'invalidCredentials' });
    expect(await lockoutMails()).toHaveLength(1);
  });
});
