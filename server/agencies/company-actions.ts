'use server';

import 'server-only';
import { refresh } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { COMPANY_TEXT_FIELDS, type CompanyField, type CompanyTextField, type CompanyValues, companySchema } from '@/shared/agencies/company-schema';
import { readCompanyUploads, updateCompany } from './update-company';

/**
 * After a save: the values as stored (IBAN compacted, e-mails lower-cased…), when, and how many
 * fields changed. After a refusal: what the admin typed, so the form shows it again, and whether
 * chosen files were dropped (a browser cannot refill a file input, so they must be chosen again).
 */
export type CompanyFormState =
  | { ok: true; values: CompanyValues; savedAt: string; changedCount: number }
  | (ActionFailure<CompanyField> & { values: Partial<Record<CompanyTextField, string>>; filesDropped: boolean })
  | null;

/** Saves the company settings form (spec §3 "Agency"); works as a plain form post before hydration. */
export async function updateCompanyAction(_previous: CompanyFormState, formData: FormData): Promise<CompanyFormState> {
  const values: Partial<Record<CompanyTextField, string>> = {};
  for (const field of COMPANY_TEXT_FIELDS) {
    const value = formData.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  const uploads = readCompanyUploads(formData);
  const result = await runAction(
    {
      schema: companySchema,
      permission: 'company:edit',
      invalidMessage: 'company.invalid',
      run: async (input, { principal, db }) => ({ ...(await updateCompany(db, principal, input, uploads)), values: input }),
    },
    values,
  );
  if (!result.ok) {
    // A refused file is a field error like any other: the form says the same as for bad text.
    const message = Object.keys(result.fieldErrors).length > 0 ? (await getTranslations())('company.invalid') : result.message;
    return { ...result, message, values, filesDropped: Object.keys(uploads).length > 0 };
  }
  refresh();
  return { ok: true, values: result.data.values, savedAt: new Date().toISOString(), changedCount: result.data.changedFields.length };
}
