import type { DefaultSession } from 'next-auth';
import type { Role, StaffRole } from '@/shared/auth/permissions';

declare module 'next-auth' {
  interface User {
    role?: Role;
    agencyId?: string;
    /** The row of `agent_sessions` (or `staff_sessions`) made at sign-in. */
    sessionId?: string;
    /** Set for staff (server/staff), whose sessions live in `staff_sessions`. */
    kind?: 'staff';
    staffRole?: StaffRole;
  }

  interface Session {
    user: { id: string; role: Role; agencyId: string } & DefaultSession['user'];
    /** A short-lived bearer token for the API, bound to the session's row (server/api-access/access-token.ts). */
    accessToken?: string;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    uid?: string;
    /** The session's row; never sent to the browser (the session callback leaves it out). */
    sid?: string;
    role?: Role;
    agencyId?: string;
    kind?: 'staff';
  }
}
