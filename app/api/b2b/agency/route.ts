import { isLocale, type Locale } from '@/i18n/locales';
import { type CompanySettings, loadCompanySettings } from '@/server/agencies/company-queries';
import { COMPANY_TEXT_FIELDS, companySchema } from '@/server/shared/agencies/company-schema';
import { readCompanyUploads, updateCompany } from '@/server/agencies/update-company';
import { requirePermission } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { domainErrorResponse, PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';

// Spec §7 "GET /b2b/agency" and "PUT /b2b/agency" (a form body). Company settings hold the bank
// account and contract, so both are for admins only, like the page (`company:edit`).

function requestLocale(request: Request): Locale {
  const language = new URL(request.url).searchParams.get('language');
  return isLocale(language) ? language : 'en';
}

/** The form's field names, as `PUT` takes them, and each document's download link. */
function settingsBody(settings: CompanySettings) {
  return { ...settings.values, files: settings.files };
}

export async function GET(request: Request) {
  const locale = requestLocale(request);
  try {
    const principal = await requirePermission('company:edit');
    return Response.json(settingsBody(await loadCompanySettings(await getDb(), principal)), { headers: PRIVATE_HEADERS });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}

/**
 * The company settings form as `multipart/form-data` (or url-encoded without files). A field left
 * out keeps its value; a field sent empty is cleared. Documents go in the fields `tradeLicence`,
 * `vatCertificate`, `contractCopy` and `signatoryId`. Bad input: 422 `[{ fieldName, errorMessage }]`.
 */
export async function PUT(request: Request) {
  const locale = requestLocale(request);
  try {
    const principal = await requirePermission('company:edit');
    const form = await request.formData().catch(() => null);
    if (!form) return Response.json({ message: 'Send a multipart/form-data or url-encoded form body.' }, { status: 415, headers: PRIVATE_HEADERS });
    const db = await getDb();
    const current = await loadCompanySettings(db, principal);
    const sent = Object.fromEntries(
      COMPANY_TEXT_FIELDS.flatMap((field) => {
        const value = form.get(field);
        return typeof value === 'string' ? [[field, value]] : [];
      }),
    );
    const parsed = companySchema.safeParse({ ...current.values, ...sent });
    if (!parsed.success) return validationResponse(parsed.error, locale);
    await updateCompany(db, principal, parsed.data, readCompanyUploads(form));
    return Response.json(settingsBody(await loadCompanySettings(db, principal)), { headers: PRIVATE_HEADERS });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}
