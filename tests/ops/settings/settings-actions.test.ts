import { desc, eq } from 'drizzle-orm';
import { updateTag } from 'next/cache';
import type { Principal } from '@/server/auth/principal';
import { auditLog, settings, staffMembers } from '@/server/db/schema';
import { seedStaff } from '@/server/db/seed/staff';
import { DEFAULT_SETTINGS } from '@/server/settings/defaults';
import { DISPLAY_RATES_TAG, loadSettings, REFUND_TERMS_TAG, SITE_SETTINGS_TAG } from '@/server/settings/settings';
import { saveGeneralSettingsAction, saveSiteSettingsAction } from '@/server/ops/settings/settings-actions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { serveRoutesFrom, session, staffSession } from '../../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// Settings: validated at the edge, saved with an audit entry per changed key, and
// the public shell's cached read expired at once.

vi.mock('next/cache', async (original) => ({ ...(await original<typeof import('next/cache')>()), updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('@/server/auth/principal', async () => (await import('../../support/route-requests')).mockedPrincipalModule());
vi.mock('@/server/staff/staff-principal', async () => (await import('../../support/route-requests')).mockedStaffPrincipalModule());
vi.mock('next-intl/server', async () => (await import('../../support/route-requests')).mockedIntlServerModule());

let live: TestDatabase;
let operator: StaffPrincipal;
const agent: Principal = { userId: 'u1', email: 'admin@example.test', name: 'Ann', role: 'admin', agencyId: 'a1', agencyName: 'Agency', agencyApproved: true };

beforeAll(async () => {
  live = await createTestDatabase();
  await seedStaff(live.db);
  serveRoutesFrom(live);
  const [row] = await live.db.select().from(staffMembers).where(eq(staffMembers.role, 'operator'));
  operator = { staffId: row!.id, email: row!.email, name: row!.name, role: 'operator' };
});
afterAll(() => live.dispose());
afterEach(() => {
  session.principal = null;
  staffSession.staff = null;
  vi.mocked(updateTag).mockClear();
});

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

const general = {
  rubPerAed: '25.1',
  rubCardFeePercent: '2',
  rubTaxPercent: '6',
  rubConversionFeePercent: '4',
  cardTopUpFeePercent: '2.5',
  refundMoreThan48h: '100',
  refundBetween24hAnd48h: '50',
  refundLessThan24h: '0',
  refundProcessingFeePercent: '3',
  bankBeneficiary: 'Traveldesk Tourism L.L.C.',
  bankName: 'Emirates NBD, Sheikh Zayed Road branch, Dubai',
  bankIban: 'ae07 0331 2345 6789 0123 456',
  bankSwift: 'ebilaead',
  supportPhone: '+971 4 123 4567',
  supportWhatsApp: '+971 50 999 8877',
};

const site = {
  variant: 'second',
  logo: '/brand/partner-logo.svg',
  aboutEn: 'Partners: tours in the UAE.',
  aboutRu: 'Партнёры: туры по ОАЭ.',
  email: 'Partners@Traveldesk.test',
  addressEn: 'Business Bay, Dubai',
  addressRu: 'Бизнес-Бей, Дубай',
};

async function storedKeys(): Promise<number> {
  return (await live.db.select().from(settings)).length;
}

describe('general settings', () => {
  it('saves rates, fees, tiers, bank and contacts with one audit entry per changed key, and expires the shell', async () => {
    staffSession.staff = operator;
    const result = await saveGeneralSettingsAction(null, form(general));
    expect(result).toMatchObject({ ok: true });
    const saved = await loadSettings(live.db);
    expect(saved).toMatchObject({
      rubPerAed: 25.1,
      refundProcessingFeePercent: 3,
      supportWhatsApp: '+971 50 999 8877',
      depositBankAccount: { iban: 'AE070331234567890123456', swift: 'EBILAEAD' },
      refundTiers: { moreThan48h: 100, between24hAnd48h: 50, lessThan24h: 0 },
    });
    const [entry] = await live.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({ entity: 'settings', entityId: null, action: 'settings.update', actorStaffId: operator.staffId, agencyId: null });
    expect(entry!.changes).toEqual({
      rubPerAed: { from: DEFAULT_SETTINGS.rubPerAed, to: 25.1 },
      refundProcessingFeePercent: { from: 2.5, to: 3 },
      supportWhatsApp: { from: DEFAULT_SETTINGS.supportWhatsApp, to: '+971 50 999 8877' },
    });
    // The rouble rate and the refund fee show on cached public pages too: expired with the shell.
    expect(vi.mocked(updateTag).mock.calls.map(([tag]) => tag).sort()).toEqual([DISPLAY_RATES_TAG, REFUND_TERMS_TAG, SITE_SETTINGS_TAG].sort());
  });

  it('expires only the pages a changed key shows on: a new rate the rouble prices, new tiers the tour pages', async () => {
    staffSession.staff = operator;
    const saved = await loadSettings(live.db);
    const same = { ...general, rubPerAed: String(saved.rubPerAed), refundProcessingFeePercent: String(saved.refundProcessingFeePercent) };
    expect(await saveGeneralSettingsAction(null, form({ ...same, rubPerAed: '26.4' }))).toMatchObject({ ok: true, data: { changed: ['rubPerAed'] } });
    expect(vi.mocked(updateTag).mock.calls).toEqual([[DISPLAY_RATES_TAG]]);
    vi.mocked(updateTag).mockClear();
    expect(await saveGeneralSettingsAction(null, form({ ...same, rubPerAed: '26.4', refundBetween24hAnd48h: '40' }))).toMatchObject({ ok: true });
    expect(vi.mocked(updateTag).mock.calls).toEqual([[REFUND_TERMS_TAG]]);
    vi.mocked(updateTag).mockClear();
    expect(await saveGeneralSettingsAction(null, form({ ...same, rubPerAed: '26.4', refundBetween24hAnd48h: '40', cardTopUpFeePercent: '2.8' }))).toMatchObject({ ok: true });
    // The top-up fee shows on no cached page.
    expect(updateTag).not.toHaveBeenCalled();
  });

  it('refuses bad values field by field and changes nothing', async () => {
    staffSession.staff = operator;
    const before = await loadSettings(live.db);
    const audits = (await live.db.select().from(auditLog)).length;
    const result = await saveGeneralSettingsAction(
      null,
      form({ ...general, rubPerAed: '0', rubTaxPercent: '150', cardTopUpFeePercent: 'abc', refundLessThan24h: '60', supportPhone: '12345', supportWhatsApp: '+971\u0000501', bankIban: 'nope' }),
    );
    expect(result).toMatchObject({ ok: false, status: 422 });
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['bankIban', 'cardTopUpFeePercent', 'rubPerAed', 'rubTaxPercent', 'supportPhone', 'supportWhatsApp'].sort());
    expect(await loadSettings(live.db)).toEqual(before);
    expect((await live.db.select().from(auditLog)).length).toBe(audits);
    expect(updateTag).not.toHaveBeenCalled();
  });

  it('keeps the refund processing fee within the terms’ 2–3%, both bounds included', async () => {
    staffSession.staff = operator;
    const before = (await loadSettings(live.db)).refundProcessingFeePercent;
    for (const fee of ['1.99', '3.01', '0', '10']) {
      const result = await saveGeneralSettingsAction(null, form({ ...general, refundProcessingFeePercent: fee }));
      expect(result, fee).toMatchObject({ ok: false, status: 422, fieldErrors: { refundProcessingFeePercent: 'Enter a fee between 2% and 3%, e.g. 2.5.' } });
    }
    expect((await loadSettings(live.db)).refundProcessingFeePercent).toBe(before);
    for (const fee of ['2', '2.75', '3']) {
      expect(await saveGeneralSettingsAction(null, form({ ...general, refundProcessingFeePercent: fee })), fee).toMatchObject({ ok: true });
      expect((await loadSettings(live.db)).refundProcessingFeePercent).toBe(Number(fee));
    }
  });

  it('refuses refund tiers that grow as the tour comes nearer', async () => {
    staffSession.staff = operator;
    const result = await saveGeneralSettingsAction(null, form({ ...general, refundLessThan24h: '80' }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { refundLessThan24h: expect.stringContaining('later cancellation') } });
  });

  it('refuses agents and visitors before reading anything', async () => {
    const keys = await storedKeys();
    expect(await saveGeneralSettingsAction(null, form(general))).toMatchObject({ ok: false, status: 401 });
    session.principal = agent;
    expect(await saveSiteSettingsAction(null, form(site))).toMatchObject({ ok: false, status: 401 });
    expect(await storedKeys()).toBe(keys);
  });
});

describe('site settings', () => {
  it("saves a variant's data, audited per key, and expires the shell's cached read", async () => {
    staffSession.staff = operator;
    expect(await saveSiteSettingsAction(null, form(site))).toMatchObject({ ok: true });
    const saved = await loadSettings(live.db);
    expect(saved.sites.second).toEqual({ logo: '/brand/partner-logo.svg', about: { en: 'Partners: tours in the UAE.', ru: 'Партнёры: туры по ОАЭ.' }, email: 'partners@traveldesk.test', address: { en: 'Business Bay, Dubai', ru: 'Бизнес-Бей, Дубай' } });
    expect(saved.sites.main).toEqual(DEFAULT_SETTINGS.sites.main);
    const [entry] = await live.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(Object.keys(entry!.changes).sort()).toEqual(['sites.second.about.en', 'sites.second.about.ru', 'sites.second.address.en', 'sites.second.address.ru']);
    expect(updateTag).toHaveBeenCalledWith(SITE_SETTINGS_TAG);
  });

  it('refuses a script URL, a protocol-relative logo, a bad e-mail and control characters', async () => {
    staffSession.staff = operator;
    for (const logo of ['javascript:alert(1)', '//evil.test/logo.svg', 'http://example.test/logo.svg']) {
      expect(await saveSiteSettingsAction(null, form({ ...site, logo }))).toMatchObject({ ok: false, fieldErrors: { logo: expect.any(String) } });
    }
    expect(await saveSiteSettingsAction(null, form({ ...site, logo: 'https://cdn.example.test/logo.svg' }))).toMatchObject({ ok: true });
    const result = await saveSiteSettingsAction(null, form({ ...site, email: 'not-an-email', aboutEn: 'a\u0007b', variant: 'nowhere' }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { email: expect.any(String), aboutEn: expect.any(String), variant: expect.any(String) } });
  });
});
