import 'server-only';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { contains } from '@/server/db/like';
import { agencies, auditLog, staffMembers, users } from '@/server/db/schema';
import { isCalendarDay } from '@/shared/dates';
import { hasControlCharacters } from '@/shared/text';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { dubaiDayEnd, dubaiDayStart } from '@/server/ops/outbox/outbox-queries';

// The whole audit log, newest first, paged by keyset on (created_at, id): the next
// page starts below the last row shown, so a deep page costs what the first does.

export const AUDIT_PAGE_SIZE = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AuditFilters = {
  /** Agency name (part of it). */
  agency?: string;
  /** Agent e-mail or name (part of it). */
  user?: string;
  /** Staff member e-mail or name (part of it). */
  staff?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
  /** Keyset cursor: the id of the last row shown; the page holds the rows older than it. */
  before?: string;
};

export function parseAuditFilters(params: Record<string, string | string[] | undefined>): AuditFilters {
  const one = (key: string) => {
    const value = params[key];
    const first = Array.isArray(value) ? value[0] : value;
    const trimmed = first?.trim();
    return trimmed && trimmed.length <= 200 && !hasControlCharacters(trimmed) ? trimmed : undefined;
  };
  const entity = one('entity');
  const before = one('before');
  const entityId = one('entityId');
  const from = one('from');
  const to = one('to');
  return {
    agency: one('agency'),
    user: one('user'),
    staff: one('staff'),
    entity: entity && /^[a-z][a-zA-Z]{0,39}$/.test(entity) ? entity : undefined,
    entityId: entityId && UUID.test(entityId) ? entityId.toLowerCase() : undefined,
    from: isCalendarDay(from) ? from : undefined,
    to: isCalendarDay(to) ? to : undefined,
    before: before && UUID.test(before) ? before.toLowerCase() : undefined,
  };
}

export type AuditRow = {
  id: string;
  createdAt: Date;
  entity: string;
  entityId: string | null;
  action: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  agencyName: string | null;
  agent: { email: string; name: string; role: string } | null;
  staff: { email: string; name: string; role: string } | null;
};

export async function listAuditLog(db: Database, _staff: StaffPrincipal, filters: AuditFilters): Promise<{ rows: AuditRow[]; next: string | null }> {
  const conditions: (SQL | undefined)[] = [];
  if (filters.agency) conditions.push(ilike(agencies.name, contains(filters.agency)));
  if (filters.user) conditions.push(or(ilike(users.email, contains(filters.user)), ilike(users.name, contains(filters.user))));
  if (filters.staff) conditions.push(or(ilike(staffMembers.email, contains(filters.staff)), ilike(staffMembers.name, contains(filters.staff))));
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.entityId) conditions.push(eq(auditLog.entityId, filters.entityId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, dubaiDayStart(filters.from)));
  if (filters.to) conditions.push(lt(auditLog.createdAt, dubaiDayEnd(filters.to)));
  if (filters.before) {
    // The cursor row's own time, read in SQL: microseconds a JavaScript date would round away.
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (select c.created_at, c.id from audit_log c where c.id = ${filters.before}::uuid)`);
  }
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      changes: auditLog.changes,
      agencyName: agencies.name,
      agentEmail: users.email,
      agentName: users.name,
      agentRole: users.role,
      staffEmail: staffMembers.email,
      staffName: staffMembers.name,
      staffRole: staffMembers.role,
    })
    .from(auditLog)
    .leftJoin(agencies, eq(agencies.id, auditLog.agencyId))
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(staffMembers, eq(staffMembers.id, auditLog.actorStaffId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE).map(
    (row): AuditRow => ({
      id: row.id,
      createdAt: row.createdAt,
      entity: row.entity,
      entityId: row.entityId,
      action: row.action,
      changes: row.changes,
      agencyName: row.agencyName,
      agent: row.agentEmail ? { email: row.agentEmail, name: row.agentName ?? '', role: row.agentRole ?? '' } : null,
      staff: row.staffEmail ? { email: row.staffEmail, name: row.staffName ?? '', role: row.staffRole ?? '' } : null,
    }),
  );
  const last = page.at(-1);
  return { rows: page, next: rows.length > AUDIT_PAGE_SIZE && last ? last.id : null };
}

/** A change's value as one readable line: text as is, other values as compact JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
