import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { changedFields, recordAudit } from '@/server/audit/audit';
import type { Database } from '@/server/db/connection';
import { agencies, agencyProfiles } from '@/server/db/schema';
import { Forbidden, RuleViolation } from '@/server/errors';
import { dubaiToday } from '@/shared/availability/rules';
import { type FileStorage, getFileStorage } from '@/server/files/storage';
import { isProvidedFile, saveUpload } from '@/server/files/uploads';
import { readCompanyRecord } from './company-queries';
import {
  COMPANY_FILE_FIELDS,
  COMPANY_LOGO_FIELD,
  type CompanyFileField,
  type CompanyInput,
  isTradeLicenceExpired,
  removeLogoSchema,
} from '@/shared/agencies/company-schema';

/** Files chosen in the form, by field; a field left out keeps the stored file, a logo set to null is removed. */
export type CompanyUploads = Partial<Record<CompanyFileField, File>> & { logo?: File | null };

/**
 * Saves the company settings form: new documents, the agency's columns and its profile, and one
 * audit entry naming exactly the fields that changed (documents by file name). One transaction:
 * a refused file or a failure leaves the settings, the files and the trail as they were.
 */
export async function updateCompany(
  db: Database,
  principal: Principal,
  input: CompanyInput,
  uploads: CompanyUploads,
  storage: FileStorage = getFileStorage(),
): Promise<{ changedFields: string[] }> {
  if (!memberCan(principal, 'company:edit')) throw new Forbidden();
  const agencyId = principal.agencyId;
  const writtenKeys: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      const before = await readCompanyRecord(tx, agencyId, { lock: true });
      assertLicenceInForce(input.tradeLicenceExpiry, before.values.tradeLicenceExpiry);
      const fileIds = {
        tradeLicence: before.files.tradeLicence?.id ?? null,
        vatCertificate: before.files.vatCertificate?.id ?? null,
        contractCopy: before.files.contractCopy?.id ?? null,
        signatoryId: before.files.signatoryId?.id ?? null,
      };
      const fileNames: Partial<Record<CompanyFileField, string>> = {};
      for (const field of COMPANY_FILE_FIELDS) {
        const file = uploads[field];
        if (!file) continue;
        const stored = await saveUpload(tx, { agencyId, purpose: field, file, uploadedBy: principal.userId, field }, storage);
        writtenKeys.push(stored.storageKey);
        fileIds[field] = stored.id;
        fileNames[field] = stored.originalName;
      }
      let logoFileId = before.logo?.id ?? null;
      let logoName: string | null | undefined;
      if (uploads.logo) {
        const stored = await saveUpload(tx, { agencyId, purpose: 'agencyLogo', file: uploads.logo, uploadedBy: principal.userId, field: COMPANY_LOGO_FIELD }, storage);
        writtenKeys.push(stored.storageKey);
        logoFileId = stored.id;
        logoName = stored.originalName;
      } else if (uploads.logo === null && before.logo) {
        // The file itself stays: mails already sent show it by its link.
        logoFileId = null;
        logoName = null;
      }

      await tx
        .update(agencies)
        .set({
          name: input.name,
          trn: input.trn || null,
          tradeLicenceNumber: input.tradeLicenceNumber || null,
          tradeLicenceExpiry: input.tradeLicenceExpiry || null,
          address: input.address || null,
          updatedAt: sql`now()`,
        })
        .where(eq(agencies.id, agencyId));
      const profile = {
        tradeLicenceFileId: fileIds.tradeLicence,
        vatCertificateFileId: fileIds.vatCertificate,
        contractCopyFileId: fileIds.contractCopy,
        signatoryIdFileId: fileIds.signatoryId,
        logoFileId,
        bankDetails: { name: input.bankName, accountNumber: input.bankAccountNumber, iban: input.bankIban, swift: input.bankSwift, notes: input.bankNotes },
        signatoryName: input.signatoryName || null,
        contractValidFrom: input.contractValidFrom || null,
        contractValidTo: input.contractValidTo || null,
        operationsContacts: {
          primaryLine: input.operationsPrimaryLine,
          secondaryLine: input.operationsSecondaryLine,
          emergencyContact: input.operationsEmergencyContact,
          primaryEmail: input.operationsPrimaryEmail,
          secondaryEmail: input.operationsSecondaryEmail,
        },
        accountsContacts: {
          officeNumber: input.accountsOfficeNumber,
          primaryContactName: input.accountsPrimaryContactName,
          secondaryContactName: input.accountsSecondaryContactName,
          mobile: input.accountsMobile,
          email: input.accountsEmail,
        },
        supportContacts: {
          officeNumber: input.supportOfficeNumber,
          primaryContactName: input.supportPrimaryContactName,
          secondaryContactName: input.supportSecondaryContactName,
          mobile: input.supportMobile,
          email: input.supportEmail,
        },
        updatedAt: sql`now()`,
      };
      await tx
        .insert(agencyProfiles)
        .values({ agencyId, ...profile })
        .onConflictDoUpdate({ target: agencyProfiles.agencyId, set: profile });

      // Empty reads as null in the trail, so a cleared field shows as cleared. A new document is a
      // change even under the same file name.
      const changes = changedFields(withNulls(before.values), withNulls(input));
      for (const field of COMPANY_FILE_FIELDS) {
        const name = fileNames[field];
        if (name) changes[field] = { from: before.files[field]?.name ?? null, to: name };
      }
      if (logoName !== undefined) changes.logo = { from: before.logo?.name ?? null, to: logoName };
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, { agencyId, actorUserId: principal.userId, entity: 'agency', entityId: agencyId, action: 'agency.update', changes });
      }
      return { changedFields: Object.keys(changes) };
    });
  } catch (error) {
    // The rows went with the transaction; the bytes written before it failed go too.
    await Promise.allSettled(writtenKeys.map((key) => storage.delete(key)));
    throw error;
  }
}

/**
 * An expiry date set to a day already past (Dubai) is refused: the company settings record the
 * licence the agency holds now, and an expired one is no licence to trade. A stored date that has
 * passed since is left as it is when the admin changes other fields (the form warns about it).
 */
function assertLicenceInForce(expiry: string, stored: string): void {
  if (expiry !== stored && isTradeLicenceExpired(expiry, dubaiToday(new Date()))) {
    throw new RuleViolation('company.errors.licenceExpired', {}, 'tradeLicenceExpiry');
  }
}

function withNulls(values: Record<string, string>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value === '' ? null : value]));
}

/** The documents and logo chosen in a submitted form, and the logo's removal; empty file inputs are left out. */
export function readCompanyUploads(formData: FormData): CompanyUploads {
  const uploads: CompanyUploads = {};
  for (const field of COMPANY_FILE_FIELDS) {
    const value = formData.get(field);
    if (isProvidedFile(value)) uploads[field] = value;
  }
  const logo = formData.get(COMPANY_LOGO_FIELD);
  const removeLogo = removeLogoSchema.safeParse(formData.get('removeLogo') ?? undefined);
  return { ...uploads, ...logoChange(isProvidedFile(logo) ? logo : undefined, removeLogo.success && removeLogo.data === true) };
}

/** The logo part of the uploads: a chosen logo replaces the stored one, else a ticked removal removes it. */
export function logoChange(logo: File | undefined, remove: boolean | undefined): Pick<CompanyUploads, 'logo'> {
  if (logo) return { logo };
  return remove ? { logo: null } : {};
}
