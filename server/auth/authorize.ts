import 'server-only';
import { CredentialsSignin, type User } from 'next-auth';
import type { z } from 'zod';
import type { Database } from '@/server/db/connection';
import { noteDatabaseError } from '@/server/db/health';
import { clientAddress } from '@/server/http/client-address';
import { startSession } from './sessions';
import { authenticateAgent } from './authenticate';
import { type Credentials, credentialsSchema } from './credentials-schema';
import type { SessionKind } from './session-cookie';

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

/** What checking a kind's credentials found: the user Auth.js keeps in its token, or why not. */
export type CredentialsCheck =
  | { ok: true; id: string; user: User }
  | { ok: false; reason: 'invalidCredentials' }
  | { ok: false; reason: 'throttled' | 'factorLocked'; retryAfterSeconds: number };

/**
 * Auth.js's `authorize`, the same for agents and staff: the credentials parsed by the kind's
 * schema and checked by its `check` (throttled before a password is looked at; staff's second
 * factor and its lockout), then a new session row of that kind, whose id the cookie carries.
 * Null for wrong credentials, or a CredentialsSignin with its code.
 */
export async function authorizeSignIn<Input extends object>(
  kind: { session: SessionKind; schema: z.ZodType<Input>; check: (db: Database, input: Input & { address: string }) => Promise<CredentialsCheck> },
  credentials: Partial<Record<string, unknown>>,
  headers: Headers,
  db: () => Promise<Database>,
): Promise<User | null> {
  const parsed = kind.schema.safeParse(credentials);
  if (!parsed.success) return null;
  const result = await withMaintenanceOnOutage(async () => {
    const database = await db();
    const checked = await kind.check(database, { ...parsed.data, address: clientAddress(headers) });
    return checked.ok ? { ...checked, sessionId: await startSession(database, kind.session, checked.id) } : checked;
  });
  if (result.ok) return { ...result.user, sessionId: result.sessionId };
  if (result.reason === 'throttled') throw new ThrottledSignin(result.retryAfterSeconds);
  if (result.reason === 'factorLocked') throw new SecondFactorLockedSignin(result.retryAfterSeconds);
  return null;
}

/** Auth.js's `authorize` for agents (the `credentials` provider): e-mail and password. */
export function authorizeCredentials(credentials: Partial<Record<string, unknown>>, headers: Headers, db: () => Promise<Database>): Promise<User | null> {
  const check = async (database: Database, input: Credentials & { address: string }): Promise<CredentialsCheck> => {
    const authenticated = await authenticateAgent(database, input);
    return authenticated.ok ? { ok: true, id: authenticated.agent.id, user: authenticated.agent } : authenticated;
  };
  return authorizeSignIn({ session: 'agent', schema: credentialsSchema, check }, credentials, headers, db);
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
