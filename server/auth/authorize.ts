import 'server-only';
import { CredentialsSignin, type User } from 'next-auth';
import type { Database } from '@/server/db/connection';
import { noteDatabaseError } from '@/server/db/health';
import { clientAddress } from '@/server/http/client-address';
import { startSession } from './sessions';
import { authenticateAgent } from './authenticate';
import { credentialsSchema } from './credentials-schema';

// Codes travel to the sign-in form (and into Auth.js's error URL): none of them is a secret.

/** Too many attempts for this e-mail or from this address; try again after `retryAfterSeconds`. */
export class ThrottledSignin extends CredentialsSignin {
  code = 'throttled';
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** Repeated wrong codes locked a staff member's second factor for a while (server/staff/second-factor-lockout.ts). */
export class SecondFactorLockedSignin extends CredentialsSignin {
  code = 'factorLocked';
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** The database cannot be reached: 'Server is under maintenance', not a configuration error. */
export class MaintenanceSignin extends CredentialsSignin {
  code = 'maintenance';
}

/**
 * Auth.js's `authorize` for the credentials provider: the agent with a new session's id (which
 * the session cookie carries), null for wrong credentials, or a CredentialsSignin with its code.
 */
export async function authorizeCredentials(
  credentials: Partial<Record<string, unknown>>,
  headers: Headers,
  db: () => Promise<Database>,
): Promise<User | null> {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const result = await withMaintenanceOnOutage(async () => {
    const database = await db();
    const authenticated = await authenticateAgent(database, { ...parsed.data, address: clientAddress(headers) });
    return authenticated.ok ? { ...authenticated, sessionId: await startSession(database, 'agent', authenticated.agent.id) } : authenticated;
  });
  if (result.ok) return { ...result.agent, sessionId: result.sessionId };
  if (result.reason === 'throttled') throw new ThrottledSignin(result.retryAfterSeconds);
  return null;
}

/** Runs the database work of a sign-in; an outage becomes MaintenanceSignin (spec §8). */
export async function withMaintenanceOnOutage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (noteDatabaseError(error)) throw new MaintenanceSignin();
    throw error;
  }
}
