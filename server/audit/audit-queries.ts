import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database } from '@/server/db/connection';
import { auditLog, users } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';
import type { AuditChanges } from './audit';

export type AuditTrailEntry = {
  id: string;
  at: Date;
  /** Null when the operator or the system made the change. */
  actorName: string | null;
  entity: string;
  action: string;
  /** The agent an `user.*` entry is about. */
  subjectName: string | null;
  changes: AuditChanges;
};

export type AuditTrailPage = {
  entries: AuditTrailEntry[];
  /** The cursor of the next (older) page, or null on the last one. */
  nextBefore: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const actor = alias(users, 'actor');
const subject = alias(users, 'subject');

/**
 * Who changed what and when in the agency (company settings, agents and roles), newest first.
 * `before` is the id of the last entry already shown; an id of another agency matches nothing.
 */
export async function listAuditTrail(
  db: Database,
  principal: Principal,
  options: { limit: number; before?: string | null },
): Promise<AuditTrailPage> {
  if (!memberCan(principal, 'company:edit')) throw new Forbidden();
  if (options.before && !UUID.test(options.before)) return { entries: [], nextBefore: null };
  const olderThanCursor = options.before
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (select c.created_at, c.id from audit_log c where c.id = ${options.before} and c.agency_id = ${principal.agencyId})`
    : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      actorName: actor.name,
      entity: auditLog.entity,
      action: auditLog.action,
      subjectName: subject.name,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    // Only agents of the same agency are named: an entity id is never trusted across agencies.
    .leftJoin(subject, and(eq(auditLog.entity, 'user'), eq(subject.id, auditLog.entityId), eq(subject.agencyId, auditLog.agencyId)))
    .where(and(eq(auditLog.agencyId, principal.agencyId), olderThanCursor))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit + 1);
  const entries = rows.slice(0, options.limit);
  return { entries, nextBefore: rows.length > options.limit ? (entries.at(-1)?.id ?? null) : null };
}
