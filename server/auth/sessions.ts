import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { agentSessions, staffSessions } from '@/server/db/schema';
import { SESSION_MAX_AGE_SECONDS } from '@/shared/auth/session-hint';
import type { SessionKind } from './session-cookie';

// Revocable sessions (DESIGN.md "Sessions are revocable"), one store per kind of principal: the
// session cookie names a row of `agent_sessions` (an agent) or `staff_sessions` (a member of the
// operator's staff), and the principal is read through that row on every request
// (server/auth/principal.ts, server/staff/staff-principal.ts). Deleting the row ends the session
// wherever the cookie was copied. Both kinds live a working day, as the cookie does.

const STORES = {
  agent: { table: agentSessions, owner: agentSessions.userId },
  staff: { table: staffSessions, owner: staffSessions.staffId },
} as const;

/**
 * A new session for a principal who has just signed in, for a working day from now. Their expired
 * rows go at the same time, so the table holds about one row per open session.
 */
export async function startSession(db: Database, kind: SessionKind, ownerId: string, now: Date = new Date()): Promise<string> {
  const store = STORES[kind];
  const id = randomBytes(32).toString('base64url');
  await db.delete(store.table).where(and(eq(store.owner, ownerId), lte(store.table.expiresAt, now)));
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  // Typed per store: the owner column is the one difference between the two tables.
  if (kind === 'agent') await db.insert(agentSessions).values({ id, userId: ownerId, createdAt: now, expiresAt });
  else await db.insert(staffSessions).values({ id, staffId: ownerId, createdAt: now, expiresAt });
  return id;
}

/** Sign-out: this browser's session only. */
export async function endSession(db: Database, kind: SessionKind, sessionId: string): Promise<void> {
  const store = STORES[kind];
  await db.delete(store.table).where(eq(store.table.id, sessionId));
}

/**
 * Every session of one principal: an agent's on sign-out everywhere, a new password, deletion,
 * restore or a new role; a staff member's when disabled, on a new role, password or factor.
 */
export async function endSessions(db: Database | Transaction, kind: SessionKind, ownerId: string): Promise<void> {
  const store = STORES[kind];
  await db.delete(store.table).where(eq(store.owner, ownerId));
}
