import type { NextAuthConfig } from 'next-auth';
import { isRole } from './permissions';

/** Sessions last a working day from sign-in (their row in `agent_sessions` expires with them). */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

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
      }
      return token;
    },
    session({ session, token }) {
      if (typeof token.uid === 'string' && isRole(token.role) && typeof token.agencyId === 'string') {
        session.user.id = token.uid;
        session.user.role = token.role;
        session.user.agencyId = token.agencyId;
      }
      return session;
    },
  },
} satisfies NextAuthConfig;
