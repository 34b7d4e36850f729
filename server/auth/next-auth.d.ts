import type { DefaultSession } from 'next-auth';
import type { Role } from '@/server/shared/auth/permissions';

declare module 'next-auth' {
  interface User {
    role?: Role;
    agencyId?: string;
    accessToken?: string;
  }

  interface Session {
    accessToken: string;
    user: { id: string; role: Role; agencyId: string } & DefaultSession['user'];
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    uid?: string;
    role?: Role;
    agencyId?: string;
    accessToken?: string;
  }
}
