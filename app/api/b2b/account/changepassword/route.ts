import { changePasswordSchema } from '@/server/account/account-schemas';
import { changePassword } from '@/server/account/change-password';
import { runRoute } from '@/server/http/run-route';

/**
 * Spec §7 protected call "POST /b2b/account/changepassword" with `{ currentPassword,
 * newPassword, confirmPassword }`: 204, 401 without a session, 422 for bad input or a wrong
 * current password.
 */
export const POST = runRoute({
  permission: null,
  body: { kind: 'json', schema: changePasswordSchema, maxBytes: 4 * 1024 },
  run: async ({ body }, { principal, db }) => changePassword(db, principal, body),
});
