import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { issueAccountToken } from '@/server/account/account-tokens';
import { changedFields, recordAudit } from '@/server/audit/audit';
import { endSessions } from '@/server/auth/sessions';
import { hashPassword } from '@/server/auth/password';
import { memberCan } from '@/shared/auth/permissions';
import type { Principal } from '@/server/auth/principal';
import type { Database, Transaction } from '@/server/db/connection';
import { uniqueViolation } from '@/server/db/errors';
import { accountTokens, auditLog, users } from '@/server/db/schema';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { getMailer } from '@/server/mail/mailer';
import { AGENT_COLUMNS, type AgentStatus } from './agent-queries';
import type { AgentInput } from '@/shared/agents/agent-schema';
import { type InviteContext, inviteMail } from './invite-mail';

// Creating, editing, deleting and restoring an agency's agents (admins only). Every change runs
// in one transaction with its audit entry. Changes that could leave an agency without an active
// admin first lock the agency's active admins, so two admins deleting or demoting each other at
// the same moment cannot both succeed.

export type AgentContext = InviteContext & { now?: Date };

/** Invites a new agent: the account waits for its e-mail to be verified through the invitation link. */
export async function createAgent(db: Database, principal: Principal, input: AgentInput, context: AgentContext): Promise<{ id: string }> {
  assertCanManage(principal);
  // Nobody knows this password; the agent chooses one through the invitation link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return withUniqueEmail(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, input.email);
      const [agent] = await tx
        .insert(users)
        .values({ agencyId: principal.agencyId, ...input, status: 'emailNotVerified', passwordHash, locale: context.locale })
        .returning({ id: users.id });
      if (!agent) throw new Error('The new agent was not stored.');
      await sendInvite(tx, principal, { id: agent.id, ...input }, context);
      await recordAudit(tx, {
        agencyId: principal.agencyId,
        actorUserId: principal.userId,
        entity: 'user',
        entityId: agent.id,
        action: 'user.create',
        changes: changedFields({}, { ...input, status: 'emailNotVerified' }),
      });
      return { id: agent.id };
    }),
  );
}

/**
 * Changes an agent's details and role. Demoting the last active admin is refused. A new e-mail
 * of an agent still awaiting verification gets a fresh invitation (the old link stops working).
 */
export async function updateAgent(
  db: Database,
  principal: Principal,
  agentId: string,
  input: AgentInput,
  context: AgentContext,
): Promise<{ name: string; changed: string[]; reinvited: boolean }> {
  assertCanManage(principal);
  return withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const activeAdmins = await lockActiveAdmins(tx, principal.agencyId);
      const agent = await lockAgent(tx, principal, agentId);
      if (agent.status === 'deleted') throw new RuleViolation('agents.deletedNotEditable');
      const { name, email, phone, role, jobTitle } = agent;
      const changes = changedFields({ name, email, phone, role, jobTitle }, input);
      if (Object.keys(changes).length === 0) return { name: agent.name, changed: [], reinvited: false };
      if (changes.role && isActiveAdmin(agent) && activeAdmins <= 1) throw new RuleViolation('agents.lastAdmin', {}, 'role');
      if (changes.email) await assertEmailFree(tx, input.email, agent.id);

      await tx
        .update(users)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(users.id, agent.id));
      // A session keeps the role it began with in its cookie: the agent signs in again as the new one.
      if (changes.role) await endSessions(tx, 'agent', agent.id);
      const reinvited = Boolean(changes.email) && agent.status === 'emailNotVerified';
      if (reinvited) await sendInvite(tx, principal, { id: agent.id, ...input }, context);
      await recordAudit(tx, {
        agencyId: principal.agencyId,
        actorUserId: principal.userId,
        entity: 'user',
        entityId: agent.id,
        action: 'user.update',
        changes,
      });
      return { name: input.name, changed: Object.keys(changes), reinvited };
    }),
  );
}

/**
 * Deletes an agent: it can no longer sign in and its sessions end (their rows go, so even a
 * restore does not bring them back). Refuses the admin's own account and the last active admin.
 */
export async function deleteAgent(db: Database, principal: Principal, agentId: string, now = new Date()): Promise<{ name: string }> {
  assertCanManage(principal);
  if (agentId === principal.userId) throw new RuleViolation('agents.cannotDeleteSelf');
  return db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx, principal.agencyId);
    const agent = await lockAgent(tx, principal, agentId);
    // A repeated confirmation (double click, resubmitted form) finds the work done.
    if (agent.status === 'deleted') return { name: agent.name };
    if (isActiveAdmin(agent) && activeAdmins <= 1) throw new RuleViolation('agents.lastAdmin');

    await tx.update(users).set({ status: 'deleted', updatedAt: sql`now()` }).where(eq(users.id, agent.id));
    await endSessions(tx, 'agent', agent.id);
    // An invitation or reset link sent before must not bring the account back.
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, agent.id), isNull(accountTokens.usedAt)));
    await recordAudit(tx, {
      agencyId: principal.agencyId,
      actorUserId: principal.userId,
      entity: 'user',
      entityId: agent.id,
      action: 'user.delete',
      changes: { status: { from: agent.status, to: 'deleted' } },
    });
    return { name: agent.name };
  });
}

/**
 * Restores a deleted agent to the status it had before the deletion (active, or still awaiting
 * verification). The agent signs in anew: no session from before the deletion opens again.
 */
export async function restoreAgent(db: Database, principal: Principal, agentId: string): Promise<{ name: string; status: AgentStatus }> {
  assertCanManage(principal);
  return db.transaction(async (tx) => {
    const agent = await lockAgent(tx, principal, agentId);
    if (agent.status !== 'deleted') return { name: agent.name, status: agent.status };

    const status = await statusBeforeDeletion(tx, agent.id);
    await tx.update(users).set({ status, updatedAt: sql`now()` }).where(eq(users.id, agent.id));
    await endSessions(tx, 'agent', agent.id);
    await recordAudit(tx, {
      agencyId: principal.agencyId,
      actorUserId: principal.userId,
      entity: 'user',
      entityId: agent.id,
      action: 'user.restore',
      changes: { status: { from: 'deleted', to: status } },
    });
    return { name: agent.name, status };
  });
}

/** A new invitation for an agent who has not verified the e-mail yet; the earlier link stops working. */
export async function resendInvite(db: Database, principal: Principal, agentId: string, context: AgentContext): Promise<{ email: string }> {
  assertCanManage(principal);
  return db.transaction(async (tx) => {
    const agent = await lockAgent(tx, principal, agentId);
    if (agent.status !== 'emailNotVerified') throw new RuleViolation('agents.alreadyVerified');
    await sendInvite(tx, principal, agent, context);
    return { email: agent.email };
  });
}

function assertCanManage(principal: Principal): void {
  if (!memberCan(principal, 'users:manage')) throw new Forbidden();
}

function isActiveAdmin(agent: { role: string; status: AgentStatus }): boolean {
  return agent.role === 'admin' && agent.status === 'active';
}

/**
 * Locks the agency's active admins, in id order so that concurrent callers queue instead of
 * deadlocking, and counts them. Whoever waited sees the admins as the earlier change left them.
 */
async function lockActiveAdmins(tx: Transaction, agencyId: string): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.length;
}

/** The agent, locked, if it belongs to the principal's agency: another agency's id reads as none. */
async function lockAgent(tx: Transaction, principal: Principal, agentId: string) {
  const [agent] = await tx
    .select(AGENT_COLUMNS)
    .from(users)
    .where(and(eq(users.id, agentId), eq(users.agencyId, principal.agencyId)))
    .for('update');
  if (!agent) throw new NotFound();
  return agent;
}

async function assertEmailFree(tx: Transaction, email: string, exceptAgentId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptAgentId ? ne(users.id, exceptAgentId) : undefined))
    .limit(1);
  if (taken) throw new RuleViolation('agents.emailTaken', {}, 'email');
}

/** Two admins saving the same new e-mail at once: the unique index decides, with the same message. */
async function withUniqueEmail<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (uniqueViolation(error) === 'users_email_unique') throw new RuleViolation('agents.emailTaken', {}, 'email');
    throw error;
  }
}

async function sendInvite(
  tx: Transaction,
  principal: Principal,
  agent: Pick<AgentInput, 'name' | 'email' | 'role'> & { id: string },
  context: AgentContext,
): Promise<void> {
  const token = await issueAccountToken(tx, agent.id, 'invite', context.now);
  await getMailer().send(
    tx,
    inviteMail(context, { token, agent, inviterName: principal.name, agencyName: principal.agencyName }),
  );
}

async function statusBeforeDeletion(tx: Transaction, agentId: string): Promise<Exclude<AgentStatus, 'deleted'>> {
  const [deletion] = await tx
    .select({ changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, agentId), eq(auditLog.action, 'user.delete')))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return deletion?.changes.status?.from === 'emailNotVerified' ? 'emailNotVerified' : 'active';
}
