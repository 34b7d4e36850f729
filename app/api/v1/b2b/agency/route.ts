import { z } from 'zod';
import { updateCompanyFromForm } from '@/server/agencies/company-form';
import { type CompanySettings, loadCompanySettings } from '@/server/agencies/company-queries';
import { runRoute } from '@/server/http/run-route';

// Spec §7 "GET /b2b/agency" and "PUT /b2b/agency" (a form body). Company settings hold the bank
// account and contract, so both are for admins only, like the page (`company:edit`).

/** Four documents and a logo of 5 MB each, and the text fields. */
const MAX_COMPANY_FORM_BYTES = 26 * 1024 * 1024;

/** The form's field names, as `PUT` takes them, each document's download link and the logo's public link. */
function settingsBody(settings: CompanySettings) {
  return { ...settings.values, files: settings.files, logo: settings.logo };
}

export const GET = runRoute({
  permission: 'company:edit',
  doc: { tag: 'Agency', summary: 'The company settings' },
  run: async (_input, { principal, db }) => settingsBody(await loadCompanySettings(db, principal)),
});

/**
 * The company settings form as `multipart/form-data` (or url-encoded without files). A field left
 * out keeps its value; a field sent empty is cleared. Documents go in the fields `tradeLicence`,
 * `vatCertificate`, `contractCopy` and `signatoryId`, the logo (PNG or JPG) in `logo`; `removeLogo=true`
 * removes the logo. Bad input: 422 `[{ fieldName, errorMessage }]`.
 */
export const PUT = runRoute({
  permission: 'company:edit',
  body: { kind: 'form', maxBytes: MAX_COMPANY_FORM_BYTES, schema: z.instanceof(FormData), from: (form) => form },
  doc: { tag: 'Agency', summary: 'Change the company settings' },
  run: async ({ body }, { principal, db }) => settingsBody(await updateCompanyFromForm(db, principal, body)),
});
