import 'server-only';
import { type AuditChanges, recordStaffAudit } from '@/server/audit/audit';
import type { Database, Transaction } from '@/server/db/connection';
import type { Settings } from '@/server/settings/defaults';
import { loadSettings, saveSettings } from '@/server/settings/settings';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { GeneralSettingsInput, SiteSettingsInput } from './settings-schemas';

/** Saves rates, fees, refund tiers, the deposit account and support contacts; audited per key. */
export async function saveGeneralSettings(db: Database, staff: StaffPrincipal, input: GeneralSettingsInput): Promise<{ changed: string[] }> {
  return db.transaction(async (tx) => {
    const before = await loadSettings(tx);
    const after: Partial<Settings> = {
      rubPerAed: input.rubPerAed,
      rubCardFeePercent: input.rubCardFeePercent,
      rubTaxPercent: input.rubTaxPercent,
      rubConversionFeePercent: input.rubConversionFeePercent,
      cardTopUpFeePercent: input.cardTopUpFeePercent,
      refundTiers: { moreThan48h: input.refundMoreThan48h, between24hAnd48h: input.refundBetween24hAnd48h, lessThan24h: input.refundLessThan24h },
      refundProcessingFeePercent: input.refundProcessingFeePercent,
      depositBankAccount: { beneficiary: input.bankBeneficiary, bank: input.bankName, iban: input.bankIban, swift: input.bankSwift },
      supportPhone: input.supportPhone,
      supportWhatsApp: input.supportWhatsApp,
    };
    return { changed: await saveAndAudit(tx, staff, before, after) };
  });
}

/** Saves one host variant's logo, about text, e-mail and address; audited per key. */
export async function saveSiteSettings(db: Database, staff: StaffPrincipal, input: SiteSettingsInput): Promise<{ changed: string[] }> {
  return db.transaction(async (tx) => {
    const before = await loadSettings(tx);
    const sites = {
      ...before.sites,
      [input.variant]: {
        logo: input.logo,
        about: { en: input.aboutEn, ru: input.aboutRu },
        email: input.email,
        address: { en: input.addressEn, ru: input.addressRu },
      },
    };
    return { changed: await saveAndAudit(tx, staff, before, { sites }) };
  });
}

async function saveAndAudit(tx: Transaction, staff: StaffPrincipal, before: Settings, after: Partial<Settings>): Promise<string[]> {
  const changes = settingsChanges(before, after);
  const keys = Object.keys(changes);
  if (keys.length === 0) return [];
  await saveSettings(tx, after);
  await recordStaffAudit(tx, { actorStaffId: staff.staffId, entity: 'settings', entityId: null, action: 'settings.update', changes });
  return keys;
}

/** Changes per leaf key (`refundTiers.lessThan24h`, `sites.main.about.en`), so the log reads field by field. */
export function settingsChanges(before: Partial<Settings>, after: Partial<Settings>): AuditChanges {
  const changes: AuditChanges = {};
  const walk = (from: unknown, to: unknown, path: string) => {
    if (isRecord(to)) {
      for (const [key, value] of Object.entries(to)) walk(isRecord(from) ? from[key] : undefined, value, `${path}.${key}`);
      return;
    }
    if (JSON.stringify(from ?? null) !== JSON.stringify(to ?? null)) changes[path] = { from: from ?? null, to: to ?? null };
  };
  for (const [key, value] of Object.entries(after)) walk(before[key as keyof Settings], value, key);
  return changes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
