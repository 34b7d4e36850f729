import 'server-only';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database } from '@/server/db/connection';
import { Forbidden } from '@/server/errors';
import { type CompanySettings, loadCompanySettings } from './company-queries';
import { COMPANY_TEXT_FIELDS, companySchema } from '@/shared/agencies/company-schema';
import { readCompanyUploads, updateCompany } from './update-company';

/**
 * Spec §7 `PUT /b2b/agency` with a form body: a text field left out keeps its value, a field sent
 * empty is cleared, a document field left empty keeps the stored file. The merged settings must
 * pass the company settings form's schema (a ZodError otherwise: 422 from the route). Returns the
 * settings as saved.
 */
export async function updateCompanyFromForm(db: Database, principal: Principal, form: FormData): Promise<CompanySettings> {
  if (!memberCan(principal, 'company:edit')) throw new Forbidden();
  const current = await loadCompanySettings(db, principal);
  const sent = Object.fromEntries(
    COMPANY_TEXT_FIELDS.flatMap((field) => {
      const value = form.get(field);
      return typeof value === 'string' ? [[field, value]] : [];
    }),
  );
  const input = await companySchema.parseAsync({ ...current.values, ...sent });
  await updateCompany(db, principal, input, readCompanyUploads(form));
  return loadCompanySettings(db, principal);
}
