import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database, Transaction } from '@/server/db/connection';
import { agencies, agencyProfiles, storedFiles } from '@/server/db/schema';
import { Forbidden, NotFound } from '@/server/errors';
import { COMPANY_FILE_FIELDS, type CompanyFileField, type CompanyValues } from '@/shared/agencies/company-schema';
import { publicImageUrl } from '@/shared/files/file-purpose';

/** A stored document of the agency, for its download link. */
export type CompanyFile = { id: string; name: string; contentType: string; sizeBytes: number; uploadedAt: string; href: string };

/** The agency's logo: a public picture, so its link is the one its guests load too. */
export type CompanyLogo = { id: string; name: string; href: string };

export type CompanySettings = {
  values: CompanyValues;
  files: Record<CompanyFileField, CompanyFile | null>;
  logo: CompanyLogo | null;
};

/** The agency's company settings; an agency without a profile yet has every profile field empty. */
export async function loadCompanySettings(db: Database, principal: Principal): Promise<CompanySettings> {
  if (!memberCan(principal, 'company:edit')) throw new Forbidden();
  return readCompanyRecord(db, principal.agencyId);
}

/** The company record as form values and files; `lock` holds the agency row for an update. */
export async function readCompanyRecord(
  db: Database | Transaction,
  agencyId: string,
  options: { lock?: boolean } = {},
): Promise<CompanySettings> {
  const query = db
    .select({ agency: agencies, profile: agencyProfiles })
    .from(agencies)
    .leftJoin(agencyProfiles, eq(agencyProfiles.agencyId, agencies.id))
    .where(eq(agencies.id, agencyId));
  const [row] = options.lock ? await query.for('update', { of: agencies }) : await query;
  if (!row) throw new NotFound();
  const { agency, profile } = row;
  const bank = profile?.bankDetails;
  const operations = profile?.operationsContacts;
  const accounts = profile?.accountsContacts;
  const support = profile?.supportContacts;
  return {
    values: {
      name: agency.name,
      trn: agency.trn ?? '',
      tradeLicenceNumber: agency.tradeLicenceNumber ?? '',
      tradeLicenceExpiry: agency.tradeLicenceExpiry ?? '',
      address: agency.address ?? '',
      bankName: bank?.name ?? '',
      bankAccountNumber: bank?.accountNumber ?? '',
      bankIban: bank?.iban ?? '',
      bankSwift: bank?.swift ?? '',
      bankNotes: bank?.notes ?? '',
      signatoryName: profile?.signatoryName ?? '',
      contractValidFrom: profile?.contractValidFrom ?? '',
      contractValidTo: profile?.contractValidTo ?? '',
      operationsPrimaryLine: operations?.primaryLine ?? '',
      operationsSecondaryLine: operations?.secondaryLine ?? '',
      operationsEmergencyContact: operations?.emergencyContact ?? '',
      operationsPrimaryEmail: operations?.primaryEmail ?? '',
      operationsSecondaryEmail: operations?.secondaryEmail ?? '',
      accountsOfficeNumber: accounts?.officeNumber ?? '',
      accountsPrimaryContactName: accounts?.primaryContactName ?? '',
      accountsSecondaryContactName: accounts?.secondaryContactName ?? '',
      accountsMobile: accounts?.mobile ?? '',
      accountsEmail: accounts?.email ?? '',
      supportOfficeNumber: support?.officeNumber ?? '',
      supportPrimaryContactName: support?.primaryContactName ?? '',
      supportSecondaryContactName: support?.secondaryContactName ?? '',
      supportMobile: support?.mobile ?? '',
      supportEmail: support?.email ?? '',
    },
    files: await readFiles(db, agencyId, {
      tradeLicence: profile?.tradeLicenceFileId ?? null,
      vatCertificate: profile?.vatCertificateFileId ?? null,
      contractCopy: profile?.contractCopyFileId ?? null,
      signatoryId: profile?.signatoryIdFileId ?? null,
    }),
    logo: await readLogo(db, agencyId, profile?.logoFileId ?? null),
  };
}

async function readLogo(db: Database | Transaction, agencyId: string, fileId: string | null): Promise<CompanyLogo | null> {
  if (!fileId) return null;
  const [row] = await db
    .select({ id: storedFiles.id, name: storedFiles.originalName })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.agencyId, agencyId)));
  return row ? { ...row, href: publicImageUrl(row.id) } : null;
}

async function readFiles(
  db: Database | Transaction,
  agencyId: string,
  ids: Record<CompanyFileField, string | null>,
): Promise<Record<CompanyFileField, CompanyFile | null>> {
  const wanted = Object.values(ids).filter((id): id is string => id !== null);
  const rows = wanted.length
    ? await db
        .select({
          id: storedFiles.id,
          name: storedFiles.originalName,
          contentType: storedFiles.contentType,
          sizeBytes: storedFiles.sizeBytes,
          createdAt: storedFiles.createdAt,
        })
        .from(storedFiles)
        .where(and(inArray(storedFiles.id, wanted), eq(storedFiles.agencyId, agencyId)))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const file = (id: string | null): CompanyFile | null => {
    const row = id ? byId.get(id) : undefined;
    if (!row) return null;
    return { id: row.id, name: row.name, contentType: row.contentType, sizeBytes: row.sizeBytes, uploadedAt: row.createdAt.toISOString(), href: `/api/files/${row.id}` };
  };
  return Object.fromEntries(COMPANY_FILE_FIELDS.map((field) => [field, file(ids[field])])) as Record<CompanyFileField, CompanyFile | null>;
}
