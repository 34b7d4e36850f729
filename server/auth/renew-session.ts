import 'server-only';
import { AuthError } from 'next-auth';
import { signIn } from './auth';

/**
 * After a password change has ended every session of the agent, signs this browser in again
 * with the new password, as a new session: the cookie the browser held before (and any copy of
 * it) stays dead. False when that fails (throttled, the database gone): the browser is then
 * signed out and signs in again by hand.
 */
export async function renewSession(credentials: { email: string; password: string }): Promise<boolean> {
  try {
    await signIn('credentials', { ...credentials, redirect: false });
    return true;
  } catch (error) {
    if (error instanceof AuthError) return false;
    throw error;
  }
}
