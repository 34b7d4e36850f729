import { getTranslations } from 'next-intl/server';
import { isLocale, type Locale } from '@/i18n/locales';
import { signUpSchema } from '@/server/account/account-schemas';
import { linkOrigin } from '@/server/http/link-origin';
import { signUp } from '@/server/account/sign-up';
import { getDb } from '@/server/db/database';
import { isProvidedFile } from '@/server/files/uploads';
import { domainErrorResponse, PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';

/** Two documents of 5 MB and the text fields; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 11 * 1024 * 1024;

/**
 * Spec §6/§7 public call "POST /b2b/account/signup" (multipart: name, email, contactNumber or
 * contactPhone, companyName, tradeLicence, vatCertificate). 204 for a new and a registered e-mail
 * alike; 422 `[{fieldName, errorMessage}]` for bad input. `?language=ru` for Russian.
 */
export async function POST(request: Request) {
  const language = new URL(request.url).searchParams.get('language');
  const locale: Locale = isLocale(language) ? language : 'en';
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return tooLarge(locale);
  const form = await request.formData().catch(() => null);
  if (!form) return invalidBody(locale);
  const field = (name: string) => form.get(name) ?? undefined;
  const file = (name: string) => (isProvidedFile(form.get(name)) ? form.get(name) : undefined);
  const parsed = signUpSchema.safeParse({
    name: field('name'),
    email: field('email'),
    contactPhone: field('contactPhone') ?? field('contactNumber'),
    companyName: field('companyName'),
    tradeLicence: file('tradeLicence'),
    vatCertificate: file('vatCertificate'),
  });
  if (!parsed.success) return validationResponse(parsed.error, locale);
  try {
    await signUp(await getDb(), parsed.data, { locale, origin: linkOrigin(request.headers) });
    return new Response(null, { status: 204, headers: PRIVATE_HEADERS });
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
}

async function tooLarge(locale: Locale): Promise<Response> {
  const t = await getTranslations({ locale, namespace: 'files' });
  return Response.json([{ fieldName: '', errorMessage: t('tooLarge') }], { status: 413, headers: PRIVATE_HEADERS });
}

async function invalidBody(locale: Locale): Promise<Response> {
  const t = await getTranslations({ locale, namespace: 'account.errors' });
  return Response.json([{ fieldName: '', errorMessage: t('invalid') }], { status: 422, headers: PRIVATE_HEADERS });
}
