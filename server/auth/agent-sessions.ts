import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { agentSessions } from '@/server/db/schema';
import { SESSION_MAX_AGE_SECONDS } from './auth.config';

// Revocable sessions (DESIGN.md "Sessions are revocable"): the session cookie names a row of
// `agent_sessions`, and the principal is read through that row on every request
// (server/auth/principal.ts). Deleting the row ends the session wherever the cookie was copied.

/**
 * A new session for a signed-in agent, for a working day from now. The agent's expired rows go
 * at the same time, so the table holds about one row per open session.
 */
export async function startAgentSession(db: Database, userId: string, now: Date = new Date()): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.delete(agentSessions).where(and(eq(agentSessions.userId, userId), lte(agentSessions.expiresAt, now)));
  await db.insert(agentSessions).values({ id, userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) });
  return id;
}

/** Sign-out: this browser's session only. */
export async function endAgentSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(agentSessions).where(eq(agentSessions.id, sessionId));
}

/** Every session of the agent (sign out everywhere, a new password, deletion, restore, a new role). */
export async function endAgentSessions(db: Database | Transaction, userId: string): Promise<void> {
  await db.delete(agentSessions).where(eq(agentSessions.userId, userId));
}
