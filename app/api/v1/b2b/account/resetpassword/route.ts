import { resetPasswordSchema } from '@/server/account/account-schemas';
import { resetPassword } from '@/server/account/reset-password';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/**
 * Spec §6/§7 public call "POST /b2b/account/resetpassword" with `{ token, password,
 * confirmPassword }`, for reset, verification and invitation links alike. 200 with the link's
 * purpose and whether the agency still waits for approval; 422 for bad input or a dead link.
 */
export const POST = runRoute({
  permission: PUBLIC,
  body: { kind: 'json', schema: resetPasswordSchema, maxBytes: 4 * 1024 },
  doc: { tag: 'Account', summary: 'Set a password from a reset, verification or invitation link' },
  run: async ({ body }, { db }) => resetPassword(db, body),
});
