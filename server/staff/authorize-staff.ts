import 'server-only';
import type { User } from 'next-auth';
import { z } from 'zod';
import type { Database } from '@/server/db/connection';
import { SecondFactorLockedSignin, ThrottledSignin, withMaintenanceOnOutage } from '@/server/auth/authorize';
import { credentialsSchema } from '@/server/auth/credentials-schema';
import { clientAddress } from '@/server/http/client-address';
import { authenticateStaff } from './authenticate-staff';
import { startSession } from '@/server/auth/sessions';

/** Auth.js's provider id for staff sign-in (the agents' one is `credentials`). */
export const STAFF_PROVIDER = 'staff';

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const staffCredentialsSchema = credentialsSchema.extend({ code: z.string().trim().min(6).max(20) });

/**
 * Auth.js's `authorize` for staff: the member with a new staff session, null for any wrong
 * credential (password or second factor alike), or a CredentialsSignin with its code.
 */
export async function authorizeStaffCredentials(
  credentials: Partial<Record<string, unknown>>,
  headers: Headers,
  db: () => Promise<Database>,
): Promise<User | null> {
  const parsed = staffCredentialsSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const result = await withMaintenanceOnOutage(async () => {
    const database = await db();
    const authenticated = await authenticateStaff(database, { ...parsed.data, address: clientAddress(headers) });
    return authenticated.ok ? { ...authenticated, sessionId: await startSession(database, 'staff', authenticated.staff.id) } : authenticated;
  });
  if (result.ok) return { id: result.staff.id, email: result.staff.email, name: result.staff.name, kind: 'staff', staffRole: result.staff.role, sessionId: result.sessionId };
  if (result.reason === 'throttled') throw new ThrottledSignin(result.retryAfterSeconds);
  if (result.reason === 'factorLocked') throw new SecondFactorLockedSignin(result.retryAfterSeconds);
  return null;
}
