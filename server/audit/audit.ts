import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { auditLog } from '@/server/db/schema';

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export type AuditEntry = {
  agencyId: string;
  /** Null when the system or the operator made the change. */
  actorUserId: string | null;
  entity: 'agency' | 'user' | 'widget' | 'apiKey' | 'webhook' | 'booking' | 'quote';
  entityId: string;
  action:
    | 'agency.create'
    | 'agency.update'
    | 'agency.approve'
    | 'user.create'
    | 'user.update'
    | 'user.delete'
    | 'user.restore'
    | 'user.password'
    | 'widget.create'
    | 'widget.update'
    | 'widget.delete'
    | 'widget.domain'
    | 'apiKey.create'
    | 'apiKey.revoke'
    | 'webhook.create'
    | 'webhook.enable'
    | 'webhook.disable'
    | 'webhook.delete'
    | 'booking.guestHandoff'
    | 'booking.amend'
    | 'quote.sentToGuest';
  changes: AuditChanges;
};

/** Records a change in the caller's transaction, so the trail and the change commit together. */
export async function recordAudit(tx: Database | Transaction, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

/**
 * The latest record of `action` on an entity within the last `seconds`, with its age in seconds:
 * what a "just done, not again" guard reads (a mail to a guest sent a moment ago).
 */
export async function recentAuditRecord(
  tx: Database | Transaction,
  { entity, entityId, action, seconds }: Pick<AuditEntry, 'entity' | 'entityId' | 'action'> & { seconds: number },
): Promise<{ changes: AuditChanges; ageSeconds: number } | null> {
  const [row] = await tx
    .select({ changes: auditLog.changes, ageSeconds: sql<number>`extract(epoch from (now() - ${auditLog.createdAt}))::float8` })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId), eq(auditLog.action, action), sql`${auditLog.createdAt} > now() - make_interval(secs => ${seconds})`))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row ? { changes: row.changes, ageSeconds: Number(row.ageSeconds) } : null;
}

/** A change made in the operator console: who on the staff, what, and for which agency if any. */
export type StaffAuditEntry = {
  actorStaffId: string;
  /** The agency the change concerns; null for the catalogue, settings and staff. */
  agencyId?: string | null;
  /** e.g. `agency`, `booking`, `deposit`, `ledger`, `tour`, `offer`, `slot`, `promo`, `settings`, `staff`, `mail`. */
  entity: string;
  /** Null for the settings, whose changed keys are in `changes`. */
  entityId: string | null;
  /** `<entity>.<verb>`, e.g. `agency.approve`, `booking.quote`, `tour.update`. */
  action: `${string}.${string}`;
  changes: AuditChanges;
};

/** Records a console change in the caller's transaction, like recordAudit. */
export async function recordStaffAudit(tx: Database | Transaction, entry: StaffAuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, agencyId: entry.agencyId ?? null, actorUserId: null });
}

/** The fields whose values differ, compared as JSON (dates and nested objects included). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field];
    if (JSON.stringify(from ?? null) !== JSON.stringify(to ?? null)) changes[field] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}
