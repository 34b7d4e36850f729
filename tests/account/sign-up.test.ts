import { and, eq } from 'drizzle-orm';
import { signUpSchema } from '@/server/account/account-schemas';
import { peekAccountToken } from '@/server/account/account-tokens';
import { SIGN_UP_LIMIT, signUp } from '@/server/account/sign-up';
import { verifyPassword } from '@/server/auth/password';
import { agencies, agencyProfiles, auditLog, storedFiles, users } from '@/server/db/schema';
import { seedAgencies } from '@/server/db/seed/agencies';
import { TooManyRequests } from '@/server/errors';
import {
  accountCounts,
  fileOf,
  EXE_BYTES,
  largePdf,
  LICENCE_IN_FORCE,
  linkToken,
  MAIL,
  mailsTo,
  PDF_BYTES,
  rejection,
  signUpInput,
  uploadDirectory,
  userByEmail,
  visitorAddress,
} from './account-fixtures';
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

const options = () => ({ ...MAIL, storage: uploads.storage, clientAddress: visitorAddress() });

describe('sign-up', () => {
  it('creates a pending agency with its documents, an admin waiting for verification, the audit and the verification mail', async () => {
    const { db } = database;
    const input = signUpInput();
    await signUp(db, input, options());

    const admin = await userByEmail(db, input.email);
    expect(admin).toMatchObject({ name: 'Maya Rahman', phone: '+971 50 111 2233', role: 'admin', status: 'emailNotVerified' });
    expect(await verifyPassword(admin.passwordHash, '')).toBe(false);
    const [agency] = await db.select().from(agencies).where(eq(agencies.id, admin.agencyId));
    expect(agency).toMatchObject({ name: 'Falcon Trips L.L.C.', status: 'pending', tradeLicenceExpiry: LICENCE_IN_FORCE });

    const [profile] = await db.select().from(agencyProfiles).where(eq(agencyProfiles.agencyId, admin.agencyId));
    expect(profile?.contactPhone).toBe('+971 50 111 2233');
    const files = await db.select().from(storedFiles).where(eq(storedFiles.agencyId, admin.agencyId));
    expect(files.map((file) => [file.id, file.purpose, file.contentType, file.originalName, file.uploadedBy]).sort()).toEqual(
      [
        [profile?.tradeLicenceFileId, 'tradeLicence', 'application/pdf', 'trade licence.pdf', admin.id],
        [profile?.vatCertificateFileId, 'vatCertificate', 'image/png', 'vat.png', admin.id],
      ].sort(),
    );
    expect(await uploads.files()).toHaveLength(2);

    const audit = await db.select().from(auditLog).where(eq(auditLog.agencyId, admin.agencyId));
    expect(audit.map((entry) => [entry.action, entry.actorUserId])).toEqual([
      ['agency.create', null],
      ['user.create', null],
    ]);
    expect(audit[0]?.changes).toMatchObject({ name: { from: null, to: 'Falcon Trips L.L.C.' }, tradeLicenceFile: { to: 'trade licence.pdf' } });

    const [mail] = await mailsTo(db, input.email);
    expect(mail).toMatchObject({ kind: 'verifyEmail', subject: 'Verify your e-mail for Traveldesk B2B' });
    expect(mail?.textBody).toContain('Hello Maya Rahman,');
    expect(mail?.textBody).toMatch(/https:\/\/b2b\.test\/reset-password\?token=[\w-]{43}\n/);
    expect(await peekAccountToken(db, await linkToken(db, input.email), ['verifyEmail'])).toEqual({ userId: admin.id, purpose: 'verifyEmail' });
  });

  it('takes the VAT certificate as optional and stores the e-mail lower-cased', async () => {
    const { db } = database;
    const input = signUpInput({ email: `Upper.${crypto.randomUUID().slice(0, 6)}@Falcon-Trips.TEST`, vatCertificate: undefined });
    await signUp(db, signUpSchema.parse(input), options());
    const admin = await userByEmail(db, input.email.toLowerCase());
    const [profile] = await db.select().from(agencyProfiles).where(eq(agencyProfiles.agencyId, admin.agencyId));
    expect(profile).toMatchObject({ vatCertificateFileId: null });
    expect(profile?.tradeLicenceFileId).toEqual(expect.any(String));
  });

  it("mails a Russian visitor in Russian, with a link to the Russian page, and keeps the language for the operator's decision", async () => {
    const { db } = database;
    const input = signUpInput({ name: 'Мария Иванова' });
    await signUp(db, input, { ...options(), locale: 'ru' });
    const [mail] = await mailsTo(db, input.email);
    expect(mail?.subject).toBe('Подтвердите почту для Traveldesk B2B');
    expect(mail?.textBody).toContain('Здравствуйте, Мария Иванова!');
    expect(mail?.textBody).toMatch(/https:\/\/b2b\.test\/ru\/reset-password\?token=/);
    const [admin] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, input.email));
    expect(admin?.locale).toBe('ru');
  });
});

describe('a registered e-mail', () => {
  it('answers the same, creates nothing and mails the owner a notice instead', async () => {
    const { db } = database;
    const before = await accountCounts(db);
    await expect(signUp(db, signUpInput({ email: 'senior@desertrose.test' }), options())).resolves.toBeUndefined();

    const after = await accountCounts(db);
    expect(after).toEqual({ ...before, mailCount: before.mailCount + 1 });
    const [mail] = await mailsTo(db, 'senior@desertrose.test');
    expect(mail).toMatchObject({ kind: 'alreadyRegistered', subject: 'Your Traveldesk B2B account' });
    expect(mail?.textBody).toContain('https://b2b.test/forgot-password');
    expect(mail?.textBody).not.toMatch(/token=/);
  });

  it('refuses bad files exactly as for a new address', async () => {
    const { db } = database;
    const exe = fileOf(EXE_BYTES, 'licence.pdf');
    const registered = await rejection(signUp(db, signUpInput({ email: 'admin@desertrose.test', tradeLicence: exe }), options()));
    const fresh = await rejection(signUp(db, signUpInput({ tradeLicence: exe }), options()));
    expect([registered.code, registered.field]).toEqual(['files.unsupportedFormat', 'tradeLicence']);
    expect([fresh.code, fresh.field, fresh.values]).toEqual([registered.code, registered.field, registered.values]);
  });

  it('sends at most three notices an hour', async () => {
    const { db } = database;
    for (let attempt = 0; attempt < 5; attempt += 1) await signUp(db, signUpInput({ email: 'junior@gulfhorizons.test' }), options());
    expect((await mailsTo(db, 'junior@gulfhorizons.test')).filter((mail) => mail.kind === 'alreadyRegistered')).toHaveLength(3);
  });
});

describe('sign-ups per client address', () => {
  it(`refuses a client past ${SIGN_UP_LIMIT.perAddress} sign-ups an hour, saying how long to wait, and creates nothing`, async () => {
    const { db } = database;
    const script = { ...options(), clientAddress: '192.0.2.66' };
    const start = new Date('2026-12-03T09:00:00Z');
    for (let i = 0; i < SIGN_UP_LIMIT.perAddress; i += 1) await signUp(db, signUpInput(), { ...script, now: new Date(start.getTime() + i * 60_000) });

    const before = await accountCounts(db);
    const tenMinutesOn = new Date(start.getTime() + 10 * 60_000);
    const refused = await signUp(db, signUpInput(), { ...script, now: tenMinutesOn }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(SIGN_UP_LIMIT.windowSeconds - 10 * 60);
    expect(await accountCounts(db)).toEqual(before);

    // Another client at the same moment, and the same client an hour later, are let through.
    await signUp(db, signUpInput(), { ...options(), now: tenMinutesOn });
    await signUp(db, signUpInput(), { ...script, now: new Date(start.getTime() + SIGN_UP_LIMIT.windowSeconds * 1000) });
    expect((await accountCounts(db)).agencyCount).toBe(before.agencyCount + 2);
  });

  it('counts an IPv6 client by its /64 network, not by each of its addresses', async () => {
    const { db } = database;
    const now = new Date('2026-12-03T12:00:00Z');
    for (let i = 1; i <= SIGN_UP_LIMIT.perAddress; i += 1) await signUp(db, signUpInput(), { ...options(), clientAddress: `2001:db8:aa:1::${i}`, now });
    await expect(signUp(db, signUpInput(), { ...options(), clientAddress: '2001:db8:aa:1:ffff::9', now })).rejects.toBeInstanceOf(TooManyRequests);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['a 6 MB trade licence', { tradeLicence: largePdf(6) }, 'files.tooLarge', 'tradeLicence'],
    ['an .exe renamed .pdf', { tradeLicence: fileOf(EXE_BYTES, 'licence.pdf') }, 'files.unsupportedFormat', 'tradeLicence'],
    ['an empty file', { tradeLicence: fileOf(new Uint8Array(0), 'licence.pdf') }, 'files.empty', 'tradeLicence'],
    ['a renamed .exe as the VAT certificate', { vatCertificate: fileOf(EXE_BYTES, 'vat.png', 'image/png') }, 'files.unsupportedFormat', 'vatCertificate'],
  ] as const)('%s: refused at its field, nothing written', async (_case, overrides, code, field) => {
    const { db } = database;
    const before = await accountCounts(db);
    const filesBefore = await uploads.files();
    const input = signUpInput(overrides);

    const error = await rejection(signUp(db, input, options()));

    expect([error.code, error.field]).toEqual([code, field]);
    expect(error.values).toMatchObject({ list: 'PDF, JPG, PNG' });
    expect(await accountCounts(db)).toEqual(before);
    expect(await uploads.files()).toEqual(filesBefore);
    expect(await mailsTo(db, input.email)).toEqual([]);
  });

  it('refuses a trade licence past its expiry day (Dubai), writing nothing; the expiry day itself is still in force', async () => {
    const { db } = database;
    const before = await accountCounts(db);
    const filesBefore = await uploads.files();
    // 20:30 UTC on 24 November is already 25 November in Dubai.
    const now = new Date('2026-11-24T20:30:00Z');
    const expired = signUpInput({ tradeLicenceExpiry: '2026-11-24' });
    const error = await rejection(signUp(db, expired, { ...options(), now }));
    expect([error.code, error.field]).toEqual(['account.errors.licenceExpired', 'tradeLicenceExpiry']);
    expect(await accountCounts(db)).toEqual(before);
    expect(await uploads.files()).toEqual(filesBefore);
    expect(await mailsTo(db, expired.email)).toEqual([]);

    const lastDay = signUpInput({ tradeLicenceExpiry: '2026-11-25' });
    await signUp(db, lastDay, { ...options(), now });
    const admin = await userByEmail(db, lastDay.email);
    const [agency] = await db.select().from(agencies).where(eq(agencies.id, admin.agencyId));
    expect(agency?.tradeLicenceExpiry).toBe('2026-11-25');
  });

  it('accepts a file of exactly 5 MB', async () => {
    const { db } = database;
    const bytes = new Uint8Array(5 * 1024 * 1024);
    bytes.set(PDF_BYTES);
    const input = signUpInput({ tradeLicence: fileOf(bytes, 'licence.pdf'), vatCertificate: undefined });
    await signUp(db, input, options());
    const admin = await userByEmail(db, input.email);
    const [file] = await db.select().from(storedFiles).where(and(eq(storedFiles.agencyId, admin.agencyId), eq(storedFiles.purpose, 'tradeLicence')));
    expect(file?.sizeBytes).toBe(5 * 1024 * 1024);
  });
});

describe('the sign-up form’s fields', () => {
  const valid = () => signUpInput();
  const firstIssue = (input: Record<string, unknown>) => {
    const result = signUpSchema.safeParse(input);
    return result.success ? null : { field: result.error.issues[0]?.path[0], message: result.error.issues[0]?.message };
  };

  it.each([
    ['a name with digits', { name: 'Maya 2' }, 'name', 'account.errors.nameLetters'],
    ['a blank name', { name: '   ' }, 'name', 'account.errors.required'],
    ['an invalid e-mail', { email: 'maya@' }, 'email', 'account.errors.email'],
    ['a phone without digits', { contactPhone: 'call me' }, 'contactPhone', 'account.errors.phone'],
    ['a company name of digits only', { companyName: '2026' }, 'companyName', 'account.errors.companyName'],
    ['no trade licence', { tradeLicence: undefined }, 'tradeLicence', 'files.required'],
    ['no trade licence expiry date', { tradeLicenceExpiry: '' }, 'tradeLicenceExpiry', 'account.errors.required'],
    ['a trade licence expiry that is no day', { tradeLicenceExpiry: '2027-02-30' }, 'tradeLicenceExpiry', 'account.errors.date'],
  ])('refuses %s with its message key', (_case, overrides, field, message) => {
    expect(firstIssue({ ...valid(), ...overrides })).toEqual({ field, message });
  });

  it('takes names in any script and trims what was typed', () => {
    const parsed = signUpSchema.parse({ ...valid(), name: '  Мария Иванова ', email: ' Maya@Agency.COM ', companyName: 'Travel 360 (Dubai) L.L.C.' });
    expect(parsed).toMatchObject({ name: 'Мария Иванова', email: 'maya@agency.com', companyName: 'Travel 360 (Dubai) L.L.C.' });
  });
});
