import type { Locale } from '@/i18n/locales';
import { signUpSchema } from '@/server/account/account-schemas';
import { signUp, type SignUpOptions } from '@/server/account/sign-up';
import { clientAddress } from '@/server/http/client-address';
import { linkOrigin } from '@/server/http/link-origin';
import { formFields, PUBLIC, runRoute } from '@/server/http/run-route';

/** Two documents of 5 MB and the text fields; a larger body is refused while it streams (413). */
const MAX_SIGN_UP_BYTES = 11 * 1024 * 1024;

/**
 * Spec §6/§7 public call "POST /b2b/account/signup" (multipart: name, email, contactNumber or
 * contactPhone, companyName, tradeLicenceExpiry `yyyy-MM-dd`, tradeLicence, vatCertificate). 204 for a new and a registered e-mail
 * alike; 422 `[{fieldName, errorMessage}]` for bad input. `?language=ru` for Russian.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: {
    kind: 'multipart',
    maxBytes: MAX_SIGN_UP_BYTES,
    schema: signUpSchema,
    from: (form) => {
      const fields = formFields(form);
      return { ...fields, contactPhone: fields.contactPhone ?? fields.contactNumber };
    },
  },
  doc: { tag: 'Account', summary: 'Sign an agency up', status: 204 },
  run: async ({ body }, { db, locale, request }) => signUp(db, body, signUpContext(request, locale)),
});

/**
 * Who the sign-up is for: the language and origin of the links it mails, and the client address
 * the per-client sign-up limit counts (behind TRUSTED_PROXY_HOPS trusted proxies).
 */
function signUpContext(request: Request, locale: Locale): SignUpOptions {
  return { locale, origin: linkOrigin(request.headers), clientAddress: clientAddress(request.headers) };
}
