import 'server-only';
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { cookies } from 'next/headers';
import { getDb } from '@/server/db/database';
import { authConfig } from './auth.config';
import { authorizeCredentials } from './authorize';
import { endSession } from './sessions';
import { authorizeStaffCredentials, STAFF_PROVIDER } from '@/server/staff/authorize-staff';
import { SESSION_HINT_COOKIE, SESSION_HINT_MAX_AGE_SECONDS } from '@/shared/auth/session-hint';

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  logger: {
    // A wrong password is an expected outcome, not a server error worth a stack trace.
    error(error) {
      if (error instanceof CredentialsSignin) return;
      console.error('[auth]', error);
    },
  },
  // The readable hint beside the session cookie (server/auth/session-hint.ts). Events cover both
  // ways in: the sign-in form's server action and Auth.js's own credentials endpoint.
  events: {
    async signIn() {
      (await cookies()).set(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', maxAge: SESSION_HINT_MAX_AGE_SECONDS });
    },
    async signOut(message) {
      (await cookies()).delete(SESSION_HINT_COOKIE);
      // The session's row goes, so a copy of the cookie taken before signs in nobody.
      const token = 'token' in message ? message.token : undefined;
      if (!token?.sid) return;
      await endSession(await getDb(), token.kind === 'staff' ? 'staff' : 'agent', token.sid);
    },
  },
  providers: [
    Credentials({
      credentials: { email: { type: 'email' }, password: { type: 'password' } },
      authorize: (credentials, request) => authorizeCredentials(credentials, request.headers, getDb),
    }),
    // The operator console's staff: password and a second factor (server/staff).
    Credentials({
      id: STAFF_PROVIDER,
      credentials: { email: { type: 'email' }, password: { type: 'password' }, code: { type: 'text' } },
      authorize: (credentials, request) => authorizeStaffCredentials(credentials, request.headers, getDb),
    }),
  ],
});
