import 'server-only';
import type { Database } from '@/server/db/connection';
import { accountMailThrottled, type MailContext, sendAccountMail } from './account-mail';
import { findAccountByEmail } from './account-queries';
import { issueAccountToken } from './account-tokens';

/**
 * Forgot password. The caller answers the same whatever happens here, so nobody learns whether
 * an address has an account: only an existing, not deleted user is mailed, at most a few times
 * an hour. A user who never verified the address gets a fresh verification link instead, which
 * also lets them choose a password.
 */
export async function requestPasswordReset(db: Database, email: string, options: MailContext & { now?: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, email);
    if (!account || account.status === 'deleted' || (await accountMailThrottled(tx, account.email))) return;
    if (account.status === 'emailNotVerified') {
      const token = await issueAccountToken(tx, account.id, 'verifyEmail', options.now);
      await sendAccountMail(tx, account.email, { kind: 'verifyAgain', name: account.name, token }, options);
      return;
    }
    const token = await issueAccountToken(tx, account.id, 'resetPassword', options.now);
    await sendAccountMail(tx, account.email, { kind: 'resetPassword', name: account.name, token }, options);
  });
}
