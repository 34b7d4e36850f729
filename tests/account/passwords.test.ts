import { and, eq } from 'drizzle-orm';
import { changePasswordSchema, resetPasswordSchema } from '@/server/account/account-schemas';
import { issueAccountToken } from '@/server/account/account-tokens';
import { changePassword } from '@/server/account/change-password';
import { requestPasswordReset } from '@/server/account/request-password-reset';
import { resetPassword } from '@/server/account/reset-password';
import { signUp } from '@/server/account/sign-up';
import { verifyPassword } from '@/server/auth/password';
import { auditLog, users } from '@/server/db/schema';
import { DEMO_PASSWORD, seedAgencies } from '@/server/db/seed/agencies';
import { principalFor } from '../support/booking-fixtures';
import { accountCounts, linkToken, MAIL, mailsTo, rejection, signUpInput, uploadDirectory, userByEmail, visitorAddress } from './account-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let uploads: Awaited<ReturnType<typeof uploadDirectory>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedAgencies(database.db);
  uploads = await uploadDirectory();
});
afterAll(async () => {
  await database.dispose();
  await uploads.remove();
});

const NEW_PASSWORD = 'Sunset-Dunes-2027';

/** A user of Gulf Horizons made for one test, so tests do not share passwords or mail counts. */
async function agent(status: 'active' | 'emailNotVerified' | 'deleted' = 'active') {
  const { db } = database;
  const gulf = await userByEmail(db, 'admin@gulfhorizons.test');
  const email = `agent.${crypto.randomUUID().slice(0, 8)}@gulfhorizons.test`;
  const [user] = await db
    .insert(users)
    .values({ agencyId: gulf.agencyId, email, name: 'Priya Sharma', role: 'junior', status, passwordHash: gulf.passwordHash })
    .returning();
  return user!;
}

describe('forgot password', () => {
  it('mails an active user a reset link that sets a new password once', async () => {
    const { db } = database;
    const user = await agent();
    await requestPasswordReset(db, user.email, MAIL);

    const [mail] = await mailsTo(db, user.email);
    expect(mail).toMatchObject({ kind: 'resetPassword', subject: 'Reset your Traveldesk B2B password' });
    expect(mail?.textBody).toMatch(/https:\/\/b2b\.test\/reset-password\?token=/);
    const token = await linkToken(db, user.email);

    await expect(resetPassword(db, { token, password: NEW_PASSWORD })).resolves.toEqual({ purpose: 'resetPassword', agencyPending: false });
    const updated = await userByEmail(db, user.email);
    expect(await verifyPassword(updated.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(updated.status).toBe('active');

    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.password')));
    expect(audit).toMatchObject({ actorUserId: user.id, entity: 'user', changes: { password: { from: null, to: 'resetPassword' } } });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);

    // The same link again: refused, and the password stays.
    const reused = await rejection(resetPassword(db, { token, password: 'Another-Password-99' }));
    expect([reused.code, reused.field]).toEqual(['account.tokenInvalid', 'token']);
    expect(await verifyPassword((await userByEmail(db, user.email)).passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it('refuses a link past its 60 minutes and changes nothing', async () => {
    const { db } = database;
    const user = await agent();
    const issuedAt = new Date('2026-11-21T08:00:00Z');
    await requestPasswordReset(db, user.email, { ...MAIL, now: issuedAt });
    const token = await linkToken(db, user.email);

    const late = await rejection(resetPassword(db, { token, password: NEW_PASSWORD }, new Date(issuedAt.getTime() + 61 * 60_000)));
    expect(late.code).toBe('account.tokenInvalid');
    expect((await userByEmail(db, user.email)).passwordHash).toBe(user.passwordHash);
    // Within the hour the same link still works: the expiry refused it, not a side effect.
    await resetPassword(db, { token, password: NEW_PASSWORD }, new Date(issuedAt.getTime() + 59 * 60_000));
  });

  it('does the same, mailing nobody, for an unknown or a deleted address', async () => {
    const { db } = database;
    const deleted = await agent('deleted');
    const unknown = `nobody.${crypto.randomUUID().slice(0, 8)}@example.test`;
    const before = await accountCounts(db);

    await expect(requestPasswordReset(db, unknown, MAIL)).resolves.toBeUndefined();
    await expect(requestPasswordReset(db, deleted.email, MAIL)).resolves.toBeUndefined();

    expect(await accountCounts(db)).toEqual(before);
    expect(await mailsTo(db, unknown)).toEqual([]);
    expect(await mailsTo(db, deleted.email)).toEqual([]);
  });

  it('sends a not yet verified user a fresh verification link, which activates the user', async () => {
    const { db } = database;
    const user = await agent('emailNotVerified');
    await requestPasswordReset(db, user.email, { ...MAIL, locale: 'ru' });

    const [mail] = await mailsTo(db, user.email);
    expect(mail).toMatchObject({ kind: 'verifyAgain', subject: 'Подтвердите почту для Traveldesk B2B' });
    expect(mail?.textBody).toContain('https://b2b.test/ru/reset-password?token=');
    await expect(resetPassword(db, { token: await linkToken(db, user.email), password: NEW_PASSWORD })).resolves.toMatchObject({ purpose: 'verifyEmail' });
    expect((await userByEmail(db, user.email)).status).toBe('active');
  });

  it('mails one address at most three times an hour, answering the same', async () => {
    const { db } = database;
    const user = await agent();
    for (let attempt = 0; attempt < 5; attempt += 1) await expect(requestPasswordReset(db, user.email, MAIL)).resolves.toBeUndefined();
    expect(await mailsTo(db, user.email)).toHaveLength(3);
  });

  it('keeps only the newest link working, and a set password closes every open link', async () => {
    const { db } = database;
    const user = await agent('emailNotVerified');
    const invite = await issueAccountToken(db, user.id, 'invite');
    await requestPasswordReset(db, user.email, MAIL);
    const first = await linkToken(db, user.email);
    await requestPasswordReset(db, user.email, MAIL);
    const second = await linkToken(db, user.email);

    expect((await rejection(resetPassword(db, { token: first, password: NEW_PASSWORD }))).code).toBe('account.tokenInvalid');
    await resetPassword(db, { token: second, password: NEW_PASSWORD });
    expect((await rejection(resetPassword(db, { token: invite, password: 'Other-Password-42' }))).code).toBe('account.tokenInvalid');
  });
});

describe('invitation and verification links', () => {
  it('welcome an invited agent: the password is set and the agent becomes active', async () => {
    const { db } = database;
    const user = await agent('emailNotVerified');
    const token = await issueAccountToken(db, user.id, 'invite');
    await expect(resetPassword(db, { token, password: NEW_PASSWORD })).resolves.toEqual({ purpose: 'invite', agencyPending: false });
    const updated = await userByEmail(db, user.email);
    expect(updated.status).toBe('active');
    expect(await verifyPassword(updated.passwordHash, NEW_PASSWORD)).toBe(true);
  });

  it('tell a new agency’s admin that the agency still waits for approval', async () => {
    const { db } = database;
    const input = signUpInput();
    await signUp(db, input, { ...MAIL, storage: uploads.storage, clientAddress: visitorAddress() });
    await expect(resetPassword(db, { token: await linkToken(db, input.email), password: NEW_PASSWORD })).resolves.toEqual({
      purpose: 'verifyEmail',
      agencyPending: true,
    });
    expect((await userByEmail(db, input.email)).status).toBe('active');
  });

  it('open nothing for a deleted agent', async () => {
    const { db } = database;
    const user = await agent('deleted');
    const token = await issueAccountToken(db, user.id, 'invite');
    expect((await rejection(resetPassword(db, { token, password: NEW_PASSWORD }))).code).toBe('account.tokenInvalid');
    expect((await userByEmail(db, user.email)).passwordHash).toBe(user.passwordHash);
  });
});

describe('change password', () => {
  it('checks the current password, refuses the same one, and stores the new one', async () => {
    const { db } = database;
    const junior = await principalFor(db, 'junior@palmcoast.test');

    const wrong = await rejection(changePassword(db, junior, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD }));
    expect([wrong.code, wrong.field]).toEqual(['account.currentPasswordWrong', 'currentPassword']);
    const same = await rejection(changePassword(db, junior, { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }));
    expect([same.code, same.field]).toEqual(['account.passwordUnchanged', 'newPassword']);
    expect(await verifyPassword((await userByEmail(db, junior.email)).passwordHash, DEMO_PASSWORD)).toBe(true);

    await changePassword(db, junior, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    const updated = await userByEmail(db, junior.email);
    expect(await verifyPassword(updated.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(updated.passwordHash, DEMO_PASSWORD)).toBe(false);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, junior.userId), eq(auditLog.action, 'user.password')));
    expect(audit).toMatchObject({ actorUserId: junior.userId, changes: { password: { from: null, to: 'changePassword' } } });
  });
});

describe('the password forms’ fields', () => {
  const issue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.success ? null : [result.error?.issues[0]?.path[0], result.error?.issues[0]?.message];

  it.each([
    ['too short', 'Short1pass'.slice(0, 9)],
    ['without a digit', 'only-letters-here'],
    ['without a letter', '1234567890-12'],
  ])('refuses a password %s with the policy message', (_case, password) => {
    expect(issue(resetPasswordSchema.safeParse({ token: 't', password, confirmPassword: password }))).toEqual(['password', 'account.errors.passwordPolicy']);
  });

  it('refuses a repeated password that differs, at the repeat field', () => {
    expect(issue(resetPasswordSchema.safeParse({ token: 't', password: NEW_PASSWORD, confirmPassword: 'Sunset-Dunes-2028' }))).toEqual([
      'confirmPassword',
      'account.errors.passwordMismatch',
    ]);
    expect(issue(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: NEW_PASSWORD, confirmPassword: '' }))).toEqual([
      'confirmPassword',
      'account.errors.passwordMismatch',
    ]);
  });

  it('accepts ten characters with a letter and a digit, in any script', () => {
    expect(resetPasswordSchema.safeParse({ token: 't', password: 'пароль2026', confirmPassword: 'пароль2026' }).success).toBe(true);
  });
});
