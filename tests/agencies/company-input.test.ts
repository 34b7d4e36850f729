import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { readCompanyRecord } from '@/server/agencies/company-queries';
import { COMPANY_TEXT_FIELDS, companySchema, type CompanyValues } from '@/shared/agencies/company-schema';
import { updateCompany } from '@/server/agencies/update-company';
import type { Principal } from '@/server/auth/principal';
import { auditLog } from '@/server/db/schema';
import { LocalDiskStorage } from '@/server/files/storage';
import { principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Hostile input: control characters and absurd dates in the company settings are refused
// at their field, never sent to the database (PostgreSQL refuses NUL in text and year 0 in a date).

const PALM_COAST = '6d1f3c1e-6a0b-4f3e-9a51-0d2b7a1c0003';

let database: TestDatabase;
let root: string;
let storage: LocalDiskStorage;
let admin: Principal;

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: new Date('2026-11-21T08:00:00Z') } });
  root = await mkdtemp(path.join(os.tmpdir(), 'company-input-'));
  storage = new LocalDiskStorage(root);
  admin = await principalFor(database.db, 'admin@palmcoast.test');
});
afterAll(async () => {
  await database.dispose();
  await rm(root, { recursive: true, force: true });
});

/** What the save action and `PUT /api/v1/b2b/agency` do: parse, then save only what parsed. */
async function submit(form: Partial<CompanyValues>) {
  const parsed = companySchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { ok: false as const, fieldErrors };
  }
  return { ok: true as const, ...(await updateCompany(database.db, admin, parsed.data, {}, storage)) };
}

async function current(): Promise<CompanyValues> {
  return (await readCompanyRecord(database.db, PALM_COAST)).values;
}

async function auditCount(): Promise<number> {
  return database.db.$count(auditLog, eq(auditLog.agencyId, PALM_COAST));
}

describe('company settings input', () => {
  it.each(['name', 'tradeLicenceNumber', 'address', 'bankName', 'bankNotes', 'signatoryName', 'supportEmail'] as const)(
    'refuses a NUL byte in %s at that field, and saves nothing',
    async (field) => {
      const before = await current();
      const audited = await auditCount();
      const result = await submit({ ...before, [field]: `${before[field] || 'Palm'}\u0000x` });
      expect(result).toEqual({ ok: false, fieldErrors: { [field]: 'errors.controlCharacters' } });
      expect(await current()).toEqual(before);
      expect(await auditCount()).toBe(audited);
    },
  );

  it('refuses a control character in every text field', () => {
    for (const field of COMPANY_TEXT_FIELDS) {
      for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
        const result = companySchema.safeParse({ name: 'Palm Coast Holidays', [field]: `A${control}B` });
        expect(result.success, `${field} with U+${control.charCodeAt(0).toString(16).padStart(4, '0')}`).toBe(false);
        expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe('errors.controlCharacters');
      }
    }
  });

  it('keeps line breaks in the address and the bank notes (text areas), not in a one-line field', async () => {
    const result = await submit({ ...(await current()), address: 'Office 12\r\nSharjah', bankNotes: 'IBAN on file\n\tref. 4' });
    expect(result).toMatchObject({ ok: true });
    expect(await current()).toMatchObject({ address: 'Office 12\r\nSharjah', bankNotes: 'IBAN on file\n\tref. 4' });
    expect(companySchema.safeParse({ name: 'Palm\nCoast' }).error?.issues[0]?.message).toBe('errors.controlCharacters');
  });

  it.each([
    ['tradeLicenceExpiry', '0000-01-01'],
    ['tradeLicenceExpiry', '9999-12-31'],
    ['contractValidFrom', '1899-12-31'],
    ['contractValidTo', '2101-01-01'],
  ] as const)('refuses %s %s, a date outside any licence or contract, and saves nothing', async (field, value) => {
    const before = await current();
    expect(await submit({ ...before, [field]: value })).toEqual({ ok: false, fieldErrors: { [field]: 'company.errors.date' } });
    expect(await current()).toEqual(before);
  });
});
