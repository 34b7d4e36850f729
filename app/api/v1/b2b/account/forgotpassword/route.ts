import { forgotPasswordSchema } from '@/server/account/account-schemas';
import { requestPasswordReset } from '@/server/account/request-password-reset';
import { linkOrigin } from '@/server/http/link-origin';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/**
 * Spec §6/§7 public call "POST /b2b/account/forgotpassword" with `{ email }`. 204 whether or not
 * the account exists; 422 only for a malformed address. `?language=ru` for a Russian e-mail.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'json', schema: forgotPasswordSchema, maxBytes: 4 * 1024 },
  doc: { tag: 'Account', summary: 'Mail a password reset link', status: 204 },
  run: async ({ body }, { db, locale, request }) => requestPasswordReset(db, body.email, { locale, origin: linkOrigin(request.headers) }),
});
