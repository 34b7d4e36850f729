import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { staffEnrolments, staffMembers } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { authenticateStaff } from '@/server/staff/authenticate-staff';
import { completeEnrolment, createFirstOperatorAdmin, openEnrolment } from '@/server/staff/staff-enrolment';
import { currentTotp } from '@/server/staff/totp';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// No shared or published secret in production: the first operator admin comes from a command
// that prints a one-time link, and every member enrols their own password and authenticator.

let live: TestDatabase;
const PASSWORD = 'Own-Password-2026';
const NOW = new Date('2026-11-27T09:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

beforeAll(async () => {
  live = await createTestDatabase();
});
afterAll(() => live.dispose());

const signIn = (code: string, now: Date) => authenticateStaff(live.db, { email: 'boss@example.com', password: PASSWORD, code, address: '203.0.113.20' }, now);

async function ruleOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(RuleViolation);
  return (error as RuleViolation).code;
}

describe('the first operator admin', () => {
  let token: string;

  it('is created with a one-time link and cannot sign in before enrolling', async () => {
    ({ token } = await createFirstOperatorAdmin(live.db, { email: 'Boss@Example.com', name: 'Rania Boss' }, NOW));
    const [member] = await live.db.select().from(staffMembers).where(eq(staffMembers.email, 'boss@example.com'));
    expect(member).toMatchObject({ role: 'operator-admin', status: 'active', enrolledAt: null });
    // Its placeholder secret is nobody's: not even its current code signs in.
    expect(await signIn(await currentTotp(member!.totpSecret, NOW), NOW)).toEqual({ ok: false, reason: 'invalidCredentials' });
    const [link] = await live.db.select().from(staffEnrolments).where(eq(staffEnrolments.staffId, member!.id));
    expect(link!.tokenHash).not.toContain(token);
  });

  it('a lost link is replaced by running the command again; the old link stops working', async () => {
    const again = await createFirstOperatorAdmin(live.db, { email: 'boss@example.com', name: 'Rania Boss' }, later(1));
    expect(await openEnrolment(live.db, token, later(1))).toBeNull();
    token = again.token;
    expect(await live.db.select().from(staffMembers)).toHaveLength(1);
  });

  it('enrols with their own secret: shown on the link, confirmed by a code, then required at every sign-in', async () => {
    const view = await openEnrolment(live.db, token, later(2));
    expect(view).toMatchObject({ email: 'boss@example.com', name: 'Rania Boss', totpUri: expect.stringMatching(/^otpauth:\/\/totp\//), qrDataUrl: expect.stringMatching(/^data:image\/png;base64,/) });
    // Opening the link again shows the same secret (the app may already hold it).
    expect((await openEnrolment(live.db, token, later(2)))!.totpSecret).toBe(view!.totpSecret);

    expect(await ruleOf(completeEnrolment(live.db, { token, password: PASSWORD, code: '000000' }, later(3)))).toBe('opsEnrol.errors.code');
    const done = await completeEnrolment(live.db, { token, password: PASSWORD, code: await currentTotp(view!.totpSecret, later(3)) }, later(3));
    expect(done.recoveryCodes).toHaveLength(10);

    // Used up: the link shows nothing and completes nothing.
    expect(await openEnrolment(live.db, token, later(4))).toBeNull();
    expect(await ruleOf(completeEnrolment(live.db, { token, password: 'Other-Password-1', code: await currentTotp(view!.totpSecret, later(4)) }, later(4)))).toBe(
      'opsEnrol.errors.linkInvalid',
    );

    expect(await signIn('000000', later(5))).toEqual({ ok: false, reason: 'invalidCredentials' });
    expect(await signIn(await currentTotp(view!.totpSecret, later(6)), later(6))).toMatchObject({ ok: true, staff: { email: 'boss@example.com', role: 'operator-admin' } });
  });

  it('is the only one the command makes: once an admin has enrolled, it refuses', async () => {
    expect(await ruleOf(createFirstOperatorAdmin(live.db, { email: 'second@example.com', name: 'Second' }, later(7)))).toBe('opsEnrol.errors.adminExists');
  });

  it('a link expires after its days', async () => {
    await live.db.delete(staffMembers);
    const { token: stale } = await createFirstOperatorAdmin(live.db, { email: 'late@example.com', name: 'Late' }, NOW);
    expect(await openEnrolment(live.db, stale, later(7 * 24 * 60 + 1))).toBeNull();
  });
});

describe('npm run ops:create-admin', () => {
  // The command runs on a fresh embedded database of its own: the PostgreSQL run would only repeat it.
  it.skipIf(Boolean(process.env.DATABASE_URL))('prints the one-time enrolment link at the public origin, and its usage without an e-mail', { timeout: 120_000 }, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-admin-'));
    try {
      const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PUBLIC_ORIGINS: '{"main":"https://b2b.example.com"}' };
      const run = (email: string) =>
        spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'server/staff/create-admin-cli.ts', '--email', email, '--name', 'Rania Boss'], {
          env,
          encoding: 'utf8',
          timeout: 60_000,
        });
      const first = run('boss@example.com');
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(/Operator admin boss@example\.com created/);
      expect(first.stdout).toMatch(/https:\/\/b2b\.example\.com\/ops\/enrol\/[\w-]{43}\n/);
      const usage = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'server/staff/create-admin-cli.ts'], { env, encoding: 'utf8', timeout: 60_000 });
      expect(usage.status).toBe(1);
      expect(usage.stderr).toContain('Usage: npm run ops:create-admin -- --email');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
