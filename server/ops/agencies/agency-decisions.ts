import 'server-only';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { changedFields, recordStaffAudit } from '@/server/audit/audit';
import type { Database, Transaction } from '@/server/db/connection';
import { endSessions } from '@/server/auth/sessions';
import { agencies, users, widgets } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import type { Locale } from '@/i18n/locales';
import type { Mailer } from '@/server/mail/mailer';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { sendAgencyDecisionMail } from './agency-mail';

// The operator's decisions on an agency, each one transaction with its audit entry:
// approve a pending sign-up with a credit limit and terms, reject it with a reason, suspend an
// active agency (its agents are signed out) and reactivate it, change the credit limit and terms.
// A transition from the wrong status is refused and changes nothing. Approval keeps the sign-up's
// rule that an admin who has not verified the e-mail yet signs in only after verifying it.

type AgencyStatus = (typeof agencies.$inferSelect)['status'];
type AgencyRow = { name: string; status: AgencyStatus; creditLimitMinor: number; paymentTermsDays: number; statusReason: string | null };

export type DecisionContext = { origin: string; mailer?: Mailer; now?: Date };

async function lockAgency(tx: Transaction, agencyId: string): Promise<AgencyRow> {
  const [row] = await tx
    .select({
      name: agencies.name,
      status: agencies.status,
      creditLimitMinor: agencies.creditLimitMinor,
      paymentTermsDays: agencies.paymentTermsDays,
      statusReason: agencies.statusReason,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .for('no key update');
  if (!row) throw new NotFound();
  return row;
}

function requireStatus(row: AgencyRow, expected: AgencyStatus, code: string): void {
  if (row.status !== expected) throw new RuleViolation(`opsAgencies.errors.${code}`, { status: row.status });
}

async function agencyAdmin(tx: Transaction, agencyId: string): Promise<{ email: string; name: string; locale: Locale } | null> {
  const [admin] = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.role, 'admin'), inArray(users.status, ['active', 'emailNotVerified'])))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin ?? null;
}

async function setAgency(tx: Transaction, staff: StaffPrincipal, agencyId: string, before: AgencyRow, after: Partial<AgencyRow>, action: `agency.${string}`) {
  await tx
    .update(agencies)
    .set({ ...after, ...(after.status ? { statusChangedAt: sql`now()` } : {}), updatedAt: sql`now()` })
    .where(eq(agencies.id, agencyId));
  await recordStaffAudit(tx, { actorStaffId: staff.staffId, agencyId, entity: 'agency', entityId: agencyId, action, changes: changedFields(before, after) });
}

export async function approveAgencyAsStaff(
  db: Database,
  staff: StaffPrincipal,
  input: { agencyId: string; creditLimit: number; paymentTermsDays: number },
  context: DecisionContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockAgency(tx, input.agencyId);
    requireStatus(before, 'pending', 'notPending');
    await setAgency(
      tx,
      staff,
      input.agencyId,
      before,
      { status: 'active', creditLimitMinor: input.creditLimit, paymentTermsDays: input.paymentTermsDays, statusReason: null },
      'agency.approve',
    );
    const admin = await agencyAdmin(tx, input.agencyId);
    // In the language the admin signed up in, not the operator's.
    if (admin) await sendAgencyDecisionMail(tx, admin.email, { kind: 'agencyApproved', name: admin.name, company: before.name }, { ...context, locale: admin.locale });
  });
}

export async function rejectAgencyAsStaff(db: Database, staff: StaffPrincipal, input: { agencyId: string; reason: string }, context: DecisionContext): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockAgency(tx, input.agencyId);
    requireStatus(before, 'pending', 'notPending');
    await setAgency(tx, staff, input.agencyId, before, { status: 'rejected', statusReason: input.reason }, 'agency.reject');
    const admin = await agencyAdmin(tx, input.agencyId);
    if (admin) await sendAgencyDecisionMail(tx, admin.email, { kind: 'agencyRejected', name: admin.name, company: before.name, reason: input.reason }, { ...context, locale: admin.locale });
  });
}

/** An agency's widgets, whose sites only an active agency serves: the caller renews their cached pages. */
export type AgencyWidgetSites = { id: string; domain: string | null }[];

function agencyWidgetSites(tx: Transaction, agencyId: string): Promise<AgencyWidgetSites> {
  return tx.select({ id: widgets.id, domain: widgets.domain }).from(widgets).where(and(eq(widgets.agencyId, agencyId), isNull(widgets.deletedAt)));
}

/**
 * Active → suspended: its agents' sessions end, so they are signed out at their next request, and
 * its widget sites stop taking guests (the caller renews their cached pages from what this returns).
 */
export async function suspendAgencyAsStaff(db: Database, staff: StaffPrincipal, input: { agencyId: string; reason: string }): Promise<AgencyWidgetSites> {
  return db.transaction(async (tx) => {
    const before = await lockAgency(tx, input.agencyId);
    requireStatus(before, 'active', 'notActive');
    await setAgency(tx, staff, input.agencyId, before, { status: 'suspended', statusReason: input.reason }, 'agency.suspend');
    const agents = await tx.select({ id: users.id }).from(users).where(eq(users.agencyId, input.agencyId));
    for (const agent of agents) await endSessions(tx, 'agent', agent.id);
    return agencyWidgetSites(tx, input.agencyId);
  });
}

/** Suspended → active: its widget sites are served again (the caller renews their cached pages). */
export async function reactivateAgencyAsStaff(db: Database, staff: StaffPrincipal, input: { agencyId: string }): Promise<AgencyWidgetSites> {
  return db.transaction(async (tx) => {
    const before = await lockAgency(tx, input.agencyId);
    requireStatus(before, 'suspended', 'notSuspended');
    await setAgency(tx, staff, input.agencyId, before, { status: 'active', statusReason: null }, 'agency.reactivate');
    return agencyWidgetSites(tx, input.agencyId);
  });
}

/** The credit limit and payment terms of an approved agency (active or suspended). */
export async function changeAgencyTerms(db: Database, staff: StaffPrincipal, input: { agencyId: string; creditLimit: number; paymentTermsDays: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockAgency(tx, input.agencyId);
    if (before.status !== 'active' && before.status !== 'suspended') throw new RuleViolation('opsAgencies.errors.notApproved', { status: before.status });
    await setAgency(tx, staff, input.agencyId, before, { creditLimitMinor: input.creditLimit, paymentTermsDays: input.paymentTermsDays }, 'agency.terms');
  });
}
