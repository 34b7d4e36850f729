import { changePasswordSchema } from '@/server/account/account-schemas';
import { changePassword } from '@/server/account/change-password';
import { renewSession } from '@/server/auth/renew-session';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 protected call "POST /b2b/account/changepassword" with `{ currentPassword,
 * newPassword, confirmPassword }`: 204, 401 without a session, 422 for bad input or a wrong
 * current password. The change ends every session of the agent (a copied cookie dies with it);
 * the caller's browser goes on in a new one.
 */
export const POST = runRoute({
  permission: null,
  body: { kind: 'json', schema: changePasswordSchema, maxBytes: 4 * 1024 },
  doc: { tag: 'Account', summary: 'Change the password', status: 204 },
  run: async ({ body }, { principal, db }) => {
    await changePassword(db, principal, body);
    await renewSession({ email: principal.email, password: body.newPassword });
  },
});
