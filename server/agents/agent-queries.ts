import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '@/server/auth/principal';
import { memberCan, type Role } from '@/shared/auth/permissions';
import type { AuditChanges } from '@/server/audit/audit';
import type { Database } from '@/server/db/connection';
import { auditLog, users } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';

export type AgentStatus = (typeof users.$inferSelect)['status'];

/** An agent as the agents page shows it (spec §3 "Agent"). */
export type AgentRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  jobTitle: string | null;
  status: AgentStatus;
};

/** The columns of an agent as the page shows it. */
export const AGENT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  jobTitle: users.jobTitle,
  status: users.status,
};

/** The agents of the principal's agency: active ones first, then those awaiting e-mail verification, then deleted; by name within each. */
export async function listAgencyAgents(db: Database, principal: Principal): Promise<AgentRow[]> {
  if (!memberCan(principal, 'users:manage')) throw new Forbidden();
  return db
    .select(AGENT_COLUMNS)
    .from(users)
    .where(eq(users.agencyId, principal.agencyId))
    .orderBy(
      sql`case ${users.status} when 'active' then 0 when 'emailNotVerified' then 1 else 2 end`,
      asc(sql`lower(${users.name})`),
      asc(users.email),
    );
}

/** What happened to the agent: `user.create` and so on in the audit log. */
export type AgentChangeKind = 'create' | 'update' | 'delete' | 'restore';

export type AgentChange = {
  id: string;
  at: Date;
  kind: AgentChangeKind;
  actorName: string | null;
  agentName: string;
  changes: AuditChanges;
};

/** The newest changes to the agency's agents (who changed what and when), newest first. */
export async function listAgentChanges(db: Database, principal: Principal, limit = 10): Promise<AgentChange[]> {
  if (!memberCan(principal, 'users:manage')) throw new Forbidden();
  const actor = alias(users, 'actor');
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      action: auditLog.action,
      actorName: actor.name,
      agentName: users.name,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .innerJoin(users, and(eq(users.id, auditLog.entityId), eq(users.agencyId, auditLog.agencyId)))
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .where(and(eq(auditLog.agencyId, principal.agencyId), eq(auditLog.entity, 'user'), inArray(auditLog.action, Object.keys(CHANGE_KINDS))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map(({ action, ...row }) => ({ ...row, kind: CHANGE_KINDS[action as keyof typeof CHANGE_KINDS] }));
}

/** The agent changes the agents page reports (password changes are the agent's own business). */
const CHANGE_KINDS = {
  'user.create': 'create',
  'user.update': 'update',
  'user.delete': 'delete',
  'user.restore': 'restore',
} as const satisfies Record<string, AgentChangeKind>;
