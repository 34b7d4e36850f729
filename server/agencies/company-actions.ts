'use server';

import 'server-only';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import {
  COMPANY_FILE_FIELDS,
  COMPANY_LOGO_FIELD,
  COMPANY_TEXT_FIELDS,
  type CompanyField,
  type CompanyTextField,
  type CompanyValues,
  companySchema,
  removeLogoSchema,
} from '@/shared/agencies/company-schema';
import { type CompanyUploads, logoChange, updateCompany } from './update-company';

/**
 * After a save: the values as stored (IBAN compacted, e-mails lower-cased…), when, and how many
 * fields changed. After a refusal: what the admin typed, so the form shows it again, and whether
 * chosen files were dropped (a browser cannot refill a file input, so they must be chosen again).
 */
export type CompanyFormState =
  | { ok: true; values: CompanyValues; savedAt: string; changedCount: number }
  | (ActionFailure<CompanyField> & { values: Partial<Record<CompanyTextField | 'removeLogo', string>>; filesDropped: boolean })
  | null;

// The documents travel with the form; each is checked by the file store when it is saved.
const upload = z.instanceof(File).optional();
const companyFormSchema = companySchema.safeExtend({
  tradeLicence: upload,
  vatCertificate: upload,
  contractCopy: upload,
  signatoryId: upload,
  [COMPANY_LOGO_FIELD]: upload,
  removeLogo: removeLogoSchema,
});

/** Saves the company settings form (spec §3 "Agency"); works as a plain form post before hydration. */
export const updateCompanyAction = runAction({
  schema: companyFormSchema,
  // The removal's tick is echoed too, so a refused save does not quietly untick it.
  form: { files: [...COMPANY_FILE_FIELDS, COMPANY_LOGO_FIELD], echo: [...COMPANY_TEXT_FIELDS, 'removeLogo'] },
  permission: 'company:edit',
  invalidMessage: 'company.invalid',
  run: async ({ tradeLicence, vatCertificate, contractCopy, signatoryId, logo, removeLogo, ...input }, { principal, db }) => {
    const chosen: CompanyUploads = { tradeLicence, vatCertificate, contractCopy, signatoryId };
    const documents = Object.fromEntries(Object.entries(chosen).filter(([, file]) => file !== undefined)) as CompanyUploads;
    const uploads = { ...documents, ...logoChange(logo, removeLogo) };
    return { ...(await updateCompany(db, principal, input, uploads)), values: input };
  },
  revalidate: { refresh: true },
  answer: async (result): Promise<CompanyFormState> => {
    if (!result.ok) {
      // A refused file is a field error like any other: the form says the same as for bad text.
      const message = Object.keys(result.fieldErrors).length > 0 ? (await getTranslations())('company.invalid') : result.message;
      return { ...result, message };
    }
    return { ok: true, values: result.data.values, savedAt: new Date().toISOString(), changedCount: result.data.changedFields.length };
  },
});
