import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { staffSessions } from '@/server/db/schema';
import { SESSION_MAX_AGE_SECONDS } from '@/shared/auth/session-hint';

// Revocable staff sessions, as server/auth/agent-sessions.ts is for agents: the session cookie
// names a row here and the staff principal is read through it on every request.

export async function startStaffSession(db: Database, staffId: string, now: Date = new Date()): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), lte(staffSessions.expiresAt, now)));
  await db.insert(staffSessions).values({ id, staffId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) });
  return id;
}

export async function endStaffSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/** Every session of a member (disabled, new role, new password or factor). */
export async function endStaffSessions(db: Database | Transaction, staffId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}
