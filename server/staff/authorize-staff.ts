import 'server-only';
import type { User } from 'next-auth';
import { z } from 'zod';
import type { Database } from '@/server/db/connection';
import { authorizeSignIn, type CredentialsCheck } from '@/server/auth/authorize';
import { credentialsSchema } from '@/server/auth/credentials-schema';
import { authenticateStaff } from './authenticate-staff';

/** Auth.js's provider id for staff sign-in (the agents' one is `credentials`). */
export const STAFF_PROVIDER = 'staff';

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const staffCredentialsSchema = credentialsSchema.extend({ code: z.string().trim().min(6).max(20) });

/**
 * Auth.js's `authorize` for staff (server/auth/authorize.ts): password and second factor, any
 * wrong one refused alike; a member with a new staff session.
 */
export function authorizeStaffCredentials(credentials: Partial<Record<string, unknown>>, headers: Headers, db: () => Promise<Database>): Promise<User | null> {
  const check = async (database: Database, input: z.output<typeof staffCredentialsSchema> & { address: string }): Promise<CredentialsCheck> => {
    const authenticated = await authenticateStaff(database, input);
    if (!authenticated.ok) return authenticated;
    const { id, email, name, role } = authenticated.staff;
    return { ok: true, id, user: { id, email, name, kind: 'staff', staffRole: role } };
  };
  return authorizeSignIn({ session: 'staff', schema: staffCredentialsSchema, check }, credentials, headers, db);
}
