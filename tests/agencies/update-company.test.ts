import { readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadCompanySettings, readCompanyRecord } from '@/server/agencies/company-queries';
import { companySchema, type CompanyValues } from '@/shared/agencies/company-schema';
import { type CompanyUploads, readCompanyUploads, updateCompany } from '@/server/agencies/update-company';
import type { Principal } from '@/server/auth/principal';
import { agencies, agencyProfiles, auditLog, storedFiles } from '@/server/db/schema';
import { dubaiToday } from '@/shared/availability/rules';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { LocalDiskStorage } from '@/server/files/storage';
import { loadVisibleFile } from '@/server/files/uploads';
import { addDays, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const GULF_HORIZONS = '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0002';
const pdf = (name: string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return new File([bytes], name, { type: 'application/pdf' });
};
// "MZ": the start of every Windows executable.
const renamedExe = () => new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])], 'licence.pdf', { type: 'application/pdf' });

let database: TestDatabase;
let root: string;
let storage: LocalDiskStorage;
let admin: Principal;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date('2026-11-21T08:00:00Z') } });
  root = await mkdtemp(path.join(os.tmpdir(), 'company-uploads-'));
  storage = new LocalDiskStorage(root);
  admin = await principalFor(database.db, 'admin@gulfhorizons.test');
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

/** What the save action does with a submitted form: parse, then save only what parsed. */
async function submit(principal: Principal, form: Partial<CompanyValues>, uploads: CompanyUploads = {}) {
  const parsed = companySchema.safeParse(form);
  if (!parsed.success) {
    return { ok: false as const, fieldErrors: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) };
  }
  return { ok: true as const, ...(await updateCompany(database.db, principal, parsed.data, uploads, storage)) };
}

async function current(agencyId = GULF_HORIZONS): Promise<CompanyValues> {
  return (await readCompanyRecord(database.db, agencyId)).values;
}

async function auditEntries(agencyId = GULF_HORIZONS) {
  return database.db.select().from(auditLog).where(eq(auditLog.agencyId, agencyId)).orderBy(auditLog.createdAt);
}

async function storedBytes(agencyId = GULF_HORIZONS): Promise<string[]> {
  return readdir(path.join(root, agencyId)).catch(() => []);
}

describe('company settings', () => {
  it('shows an agency without a profile with its sign-up columns and every profile field empty', async () => {
    const settings = await loadCompanySettings(database.db, await principalFor(database.db, 'admin@palmcoast.test'));
    expect(settings.values).toMatchObject({ name: 'Palm Coast Holidays', trn: '100456789000003', tradeLicenceNumber: 'SHJ-552190', bankIban: '', signatoryName: '', supportEmail: '' });
    expect(settings.files).toEqual({ tradeLicence: null, vatCertificate: null, contractCopy: null, signatoryId: null });
  });

  it('saves every section and a document, and audits exactly the changed fields', async () => {
    const before = await current();
    const result = await submit(
      admin,
      {
        ...before,
        address: 'Suite 401, Al Bateen Tower, Abu Dhabi',
        bankName: 'Emirates NBD',
        bankIban: 'ae07 0331 2345 6789 0123 456',
        bankSwift: 'EBILAEAD',
        signatoryName: 'Rashid Al Mansoori',
        contractValidFrom: '2026-01-01',
        contractValidTo: '2026-12-31',
        operationsPrimaryEmail: 'ops@gulfhorizons.test',
        accountsMobile: '+971 55 234 5699',
        supportPrimaryContactName: 'Priya Nair',
      },
      { tradeLicence: pdf('trade licence.pdf') },
    );
    expect(result).toMatchObject({ ok: true });

    const settings = await loadCompanySettings(database.db, admin);
    expect(settings.values).toMatchObject({ bankIban: 'AE070331234567890123456', contractValidTo: '2026-12-31', accountsMobile: '+971 55 234 5699' });
    expect(settings.files.tradeLicence).toMatchObject({ name: 'trade licence.pdf', contentType: 'application/pdf' });
    expect(settings.files.tradeLicence?.href).toBe(`/api/files/${settings.files.tradeLicence?.id}`);
    expect(await storedBytes()).toHaveLength(1);

    const [entry, ...others] = await auditEntries();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ actorUserId: admin.userId, entity: 'agency', entityId: GULF_HORIZONS, action: 'agency.update' });
    expect(Object.keys(entry!.changes).sort()).toEqual(
      ['accountsMobile', 'address', 'bankIban', 'bankName', 'bankSwift', 'contractValidFrom', 'contractValidTo', 'operationsPrimaryEmail', 'signatoryName', 'supportPrimaryContactName', 'tradeLicence'].sort(),
    );
    expect(entry!.changes.address).toEqual({ from: before.address, to: 'Suite 401, Al Bateen Tower, Abu Dhabi' });
    expect(entry!.changes.bankIban).toEqual({ from: null, to: 'AE070331234567890123456' });
    expect(entry!.changes.tradeLicence).toEqual({ from: null, to: 'trade licence.pdf' });
  });

  it('records one entry per save with only what changed, a replaced document by name, and none for a save that changes nothing', async () => {
    const before = await current();
    await submit(admin, { ...before, bankIban: 'GB82 WEST 1234 5698 7654 32', bankNotes: '' }, { tradeLicence: pdf('trade licence.pdf') });
    const entries = await auditEntries();
    expect(entries).toHaveLength(2);
    expect(entries[1]!.changes).toEqual({
      bankIban: { from: 'AE070331234567890123456', to: 'GB82WEST12345698765432' },
      tradeLicence: { from: 'trade licence.pdf', to: 'trade licence.pdf' },
    });

    const unchanged = await submit(admin, await current());
    expect(unchanged).toEqual({ ok: true, changedFields: [] });
    expect(await auditEntries()).toHaveLength(2);
  });

  it('records a cleared field as cleared', async () => {
    await submit(admin, { ...(await current()), signatoryName: '' });
    expect((await auditEntries()).at(-1)!.changes).toEqual({ signatoryName: { from: 'Rashid Al Mansoori', to: null } });
    const [profile] = await database.db.select().from(agencyProfiles).where(eq(agencyProfiles.agencyId, GULF_HORIZONS));
    expect(profile?.signatoryName).toBeNull();
  });
});

describe('submitted documents', () => {
  it('takes chosen files and leaves out empty file inputs, however the form was posted', () => {
    const form = new FormData();
    form.append('tradeLicence', new File([], ''));
    // A hydrated server action's parser names an empty input's file 'undefined'.
    form.append('vatCertificate', new File([], 'undefined'));
    form.append('contractCopy', pdf('contract.pdf'));
    form.append('signatoryId', 'not a file');
    const uploads = readCompanyUploads(form);
    expect(Object.keys(uploads)).toEqual(['contractCopy']);
    expect(uploads.contractCopy?.name).toBe('contract.pdf');
  });
});

describe('refused saves change nothing', () => {
  it.each([
    ['an invalid IBAN', { bankIban: 'AE08 0331 2345 6789 0123 456' }, { bankIban: 'company.errors.iban' }],
    ['a TRN that is not 15 digits', { trn: '1003456789' }, { trn: 'company.errors.trn' }],
    ['a contract ending before it starts', { contractValidFrom: '2026-06-01', contractValidTo: '2026-05-31' }, { contractValidTo: 'company.errors.contractDates' }],
    ['a bad e-mail', { supportEmail: 'support.gulfhorizons.test' }, { supportEmail: 'company.errors.email' }],
  ])('refuses %s at its field', async (_case, bad, errors) => {
    const before = await current();
    const entries = (await auditEntries()).length;
    const result = await submit(admin, { ...before, name: 'Renamed Tours', ...bad });
    expect(result).toEqual({ ok: false, fieldErrors: errors });
    expect(await current()).toEqual(before);
    expect(await auditEntries()).toHaveLength(entries);
  });

  it.each([
    ['a 6 MB file', () => pdf('big.pdf', 6 * 1024 * 1024), 'files.tooLarge'],
    ['an .exe renamed .pdf', renamedExe, 'files.unsupportedFormat'],
  ])('refuses %s at its field, keeping the other changes and files out too', async (_case, badFile, code) => {
    const before = await readCompanyRecord(database.db, GULF_HORIZONS);
    const files = await database.db.$count(storedFiles);
    const entries = (await auditEntries()).length;
    const bytes = await storedBytes();

    const refused = submit(admin, { ...before.values, name: 'Renamed Tours' }, { vatCertificate: pdf('vat.pdf'), contractCopy: badFile() });
    await expect(refused).rejects.toBeInstanceOf(RuleViolation);
    await expect(refused).rejects.toMatchObject({ code, field: 'contractCopy', values: { list: 'PDF, JPG, PNG' } });

    expect(await readCompanyRecord(database.db, GULF_HORIZONS)).toEqual(before);
    expect(await database.db.$count(storedFiles)).toBe(files);
    expect(await auditEntries()).toHaveLength(entries);
    // The good file written before the bad one was refused is gone from storage too.
    expect(await storedBytes()).toEqual(bytes);
  });

  it('refuses a trade licence expiry set to a day already past, with its new licence file, and takes today', async () => {
    const before = await readCompanyRecord(database.db, GULF_HORIZONS);
    const entries = (await auditEntries()).length;
    const bytes = await storedBytes();
    const today = dubaiToday(new Date());
    const yesterday = addDays(today, -1);

    const refused = submit(admin, { ...before.values, tradeLicenceExpiry: yesterday }, { tradeLicence: pdf('old licence.pdf') });
    await expect(refused).rejects.toMatchObject({ code: 'company.errors.licenceExpired', field: 'tradeLicenceExpiry' });
    expect(await readCompanyRecord(database.db, GULF_HORIZONS)).toEqual(before);
    expect(await auditEntries()).toHaveLength(entries);
    expect(await storedBytes()).toEqual(bytes);

    expect(await submit(admin, { ...before.values, tradeLicenceExpiry: today })).toMatchObject({ ok: true, changedFields: ['tradeLicenceExpiry'] });
    expect((await current()).tradeLicenceExpiry).toBe(today);
  });

  it('keeps saving other fields once a stored expiry date has passed since (the form warns about it)', async () => {
    const lapsed = addDays(dubaiToday(new Date()), -3);
    await database.db.update(agencies).set({ tradeLicenceExpiry: lapsed }).where(eq(agencies.id, GULF_HORIZONS));
    const result = await submit(admin, { ...(await current()), bankNotes: 'Renewal of the licence under way' });
    expect(result).toMatchObject({ ok: true, changedFields: ['bankNotes'] });
    expect((await current()).tradeLicenceExpiry).toBe(lapsed);
  });

  it.each(['senior@gulfhorizons.test', 'junior@gulfhorizons.test'])('forbids %s and changes nothing', async (email) => {
    const agent = await principalFor(database.db, email);
    const before = await readCompanyRecord(database.db, GULF_HORIZONS);
    const entries = (await auditEntries()).length;
    await expect(submit(agent, { ...before.values, name: 'Taken Over' }, { signatoryId: pdf('id.pdf') })).rejects.toBeInstanceOf(Forbidden);
    await expect(loadCompanySettings(database.db, agent)).rejects.toBeInstanceOf(Forbidden);
    expect(await readCompanyRecord(database.db, GULF_HORIZONS)).toEqual(before);
    expect(await auditEntries()).toHaveLength(entries);
  });
});

describe('documents stay with their agency', () => {
  it('does not load one agency’s document for another, nor list it in the other’s settings', async () => {
    const { files } = await loadCompanySettings(database.db, admin);
    const fileId = files.tradeLicence!.id;
    const palmCoastAdmin = await principalFor(database.db, 'admin@palmcoast.test');
    await expect(loadVisibleFile(database.db, admin, fileId)).resolves.toMatchObject({ id: fileId });
    await expect(loadVisibleFile(database.db, palmCoastAdmin, fileId)).rejects.toBeInstanceOf(NotFound);
    const palmCoast = await loadCompanySettings(database.db, palmCoastAdmin);
    expect(Object.values(palmCoast.files)).toEqual([null, null, null, null]);
  });
});
