import 'server-only';
import type { NextAuthConfig } from 'next-auth';
import { issueAccessToken } from '@/server/api-access/access-token';
import { isRole } from '@/shared/auth/permissions';
import { SESSION_MAX_AGE_SECONDS } from '@/shared/auth/session-hint';

export { SESSION_MAX_AGE_SECONDS };

/** The parts of the Auth.js configuration that need no database (no providers). */
export const authConfig = {
  trustHost: true,
  // Auth.js's own pages lead to the portal's sign-in form, which shows errors itself.
  pages: { signIn: '/sign-in', error: '/sign-in' },
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
  providers: [],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.uid = user.id;
        token.sid = user.sessionId;
        token.role = user.role;
        token.agencyId = user.agencyId;
        if (user.kind === 'staff') token.kind = 'staff';
      }
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === 'string' && isRole(token.role) && typeof token.agencyId === 'string') {
        session.user.id = token.uid;
        session.user.role = token.role;
        session.user.agencyId = token.agencyId;
        // Spec §1/§3: the session carries an access token for the API (`Authorization: Bearer`),
        // bound to this session's row and minted fresh, short-lived, on every read.
        const accessToken = token.kind !== 'staff' && typeof token.sid === 'string' ? issueAccessToken({ userId: token.uid, sessionId: token.sid }) : null;
        if (accessToken) session.accessToken = accessToken;
      }
      return session;
    },
  },
} satisfies NextAuthConfig;
