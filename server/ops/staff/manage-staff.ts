import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { changedFields, recordStaffAudit } from '@/server/audit/audit';
import type { Database, Transaction } from '@/server/db/connection';
import { staffMembers, staffRecoveryCodes } from '@/server/db/schema';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import staffMessages from '@/messages/ops-staff/en.json';
import { NotFound, RuleViolation } from '@/server/errors';
import type { StaffRole } from '@/shared/auth/permissions';
import { renewRecoveryCodes } from '@/server/staff/recovery-codes';
import { endSessions } from '@/server/auth/sessions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { createInvitedStaffMember, ENROLMENT_LINK_DAYS, enrolmentPath, issueEnrolmentLink } from '@/server/staff/staff-enrolment';
import { newTotpSecret } from '@/server/staff/totp';
import type { CreateStaffInput } from './staff-schemas';

// Staff management, for the operator admin. Guard rails: nobody disables or demotes
// themself, and the last active operator admin is never demoted or disabled (checked under a lock
// on the active admins, so two admins demoting each other at once cannot both succeed).

export const STAFF_PAGE_SIZE = 50;

export type StaffRow = { id: string; email: string; name: string; role: StaffRole; status: 'active' | 'disabled'; createdAt: Date };

export async function listStaff(db: Database, _staff: StaffPrincipal, page: number): Promise<{ rows: StaffRow[]; hasNext: boolean }> {
  const rows = await db
    .select({ id: staffMembers.id, email: staffMembers.email, name: staffMembers.name, role: staffMembers.role, status: staffMembers.status, createdAt: staffMembers.createdAt })
    .from(staffMembers)
    .orderBy(asc(staffMembers.email))
    .limit(STAFF_PAGE_SIZE + 1)
    .offset((page - 1) * STAFF_PAGE_SIZE);
  return { rows: rows.slice(0, STAFF_PAGE_SIZE), hasNext: rows.length > STAFF_PAGE_SIZE };
}

/** What the operator admin sees once after inviting or resetting a member: the member's one-time link. */
export type StaffInvitationView = { email: string; enrolmentUrl: string };

/**
 * The member's one-time enrolment link, mailed to them and shown once to the admin (to pass on if
 * the mail does not arrive). Their password and authenticator secret they choose there, alone.
 */
async function sendEnrolmentLink(tx: Transaction, member: { email: string; name: string }, token: string, origin: string, mailer: Mailer): Promise<StaffInvitationView> {
  const enrolmentUrl = `${origin}${enrolmentPath(token)}`;
  // Staff mail is in English, the console's working language.
  const t = createTranslator({ locale: 'en', messages: staffMessages, namespace: 'opsEnrol.mail' });
  await mailer.send(tx, { to: member.email, subject: t('subject'), text: t('body', { name: member.name, link: enrolmentUrl, days: ENROLMENT_LINK_DAYS }), kind: 'staffInvite' });
  return { email: member.email, enrolmentUrl };
}

export type StaffLinkContext = { origin: string; mailer?: Mailer };

export async function createStaff(db: Database, actor: StaffPrincipal, input: CreateStaffInput, context: StaffLinkContext): Promise<StaffInvitationView> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, input.email)).limit(1);
    if (existing) throw new RuleViolation('opsStaff.errors.emailTaken', {}, 'email');
    const invited = await createInvitedStaffMember(tx, input);
    await recordStaffAudit(tx, {
      actorStaffId: actor.staffId,
      entity: 'staff',
      entityId: invited.id,
      action: 'staff.create',
      changes: { email: { from: null, to: input.email }, name: { from: null, to: input.name }, role: { from: null, to: input.role } },
    });
    return sendEnrolmentLink(tx, { email: invited.email, name: input.name }, invited.token, context.origin, context.mailer ?? getMailer());
  });
}

async function lockMember(tx: Transaction, staffId: string) {
  const [member] = await tx
    .select({ id: staffMembers.id, email: staffMembers.email, name: staffMembers.name, role: staffMembers.role, status: staffMembers.status })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffId))
    .for('update');
  if (!member) throw new NotFound();
  return member;
}

/** Refuses a change that would leave no active operator admin. */
async function keepAnActiveAdmin(tx: Transaction, member: { id: string; role: StaffRole; status: string }) {
  if (member.role !== 'operator-admin' || member.status !== 'active') return;
  const admins = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, 'operator-admin'), eq(staffMembers.status, 'active')))
    .for('update');
  if (admins.filter((admin) => admin.id !== member.id).length === 0) throw new RuleViolation('opsStaff.errors.lastAdmin');
}

/** A new role; the member's sessions end, so the new permissions hold from the next sign-in. */
export async function changeStaffRole(db: Database, actor: StaffPrincipal, staffId: string, role: StaffRole): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, staffId);
    if (member.role === role) return;
    if (member.id === actor.staffId) throw new RuleViolation('opsStaff.errors.self');
    if (role !== 'operator-admin') await keepAnActiveAdmin(tx, member);
    await tx.update(staffMembers).set({ role, updatedAt: new Date() }).where(eq(staffMembers.id, staffId));
    await endSessions(tx, 'staff', staffId);
    await recordStaffAudit(tx, { actorStaffId: actor.staffId, entity: 'staff', entityId: staffId, action: 'staff.role', changes: changedFields({ role: member.role }, { role }) });
  });
}

/** Disables (ending every session) or enables a member. */
export async function setStaffStatus(db: Database, actor: StaffPrincipal, staffId: string, status: 'active' | 'disabled'): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, staffId);
    if (member.status === status) return;
    if (member.id === actor.staffId) throw new RuleViolation('opsStaff.errors.self');
    if (status === 'disabled') await keepAnActiveAdmin(tx, member);
    await tx.update(staffMembers).set({ status, updatedAt: new Date() }).where(eq(staffMembers.id, staffId));
    if (status === 'disabled') await endSessions(tx, 'staff', staffId);
    await recordStaffAudit(tx, {
      actorStaffId: actor.staffId,
      entity: 'staff',
      entityId: staffId,
      action: status === 'disabled' ? 'staff.disable' : 'staff.enable',
      changes: changedFields({ status: member.status }, { status }),
    });
  });
}

/**
 * For a member who lost their authenticator: every session ends, the old secret and password stop
 * working, and the member enrols again through a new one-time link (nobody but them sees the new
 * secret). Not for oneself: one's own session would end before the link could be read.
 */
export async function resetStaffSecondFactor(db: Database, actor: StaffPrincipal, staffId: string, context: StaffLinkContext): Promise<StaffInvitationView> {
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, staffId);
    if (member.id === actor.staffId) throw new RuleViolation('opsStaff.errors.selfFactor');
    await tx.update(staffMembers).set({ totpSecret: newTotpSecret(), totpLastStep: null, enrolledAt: null, updatedAt: new Date() }).where(eq(staffMembers.id, staffId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    await endSessions(tx, 'staff', staffId);
    await recordStaffAudit(tx, { actorStaffId: actor.staffId, entity: 'staff', entityId: staffId, action: 'staff.resetFactor', changes: { totpSecret: { from: '••••', to: '•••• (new)' } } });
    return sendEnrolmentLink(tx, member, await issueEnrolmentLink(tx, staffId), context.origin, context.mailer ?? getMailer());
  });
}

/** Ten new recovery codes (the old ones stop working); the authenticator stays. */
export async function renewStaffRecoveryCodes(db: Database, actor: StaffPrincipal, staffId: string): Promise<{ email: string; recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const member = await lockMember(tx, staffId);
    const recoveryCodes = await renewRecoveryCodes(tx, staffId);
    await recordStaffAudit(tx, { actorStaffId: actor.staffId, entity: 'staff', entityId: staffId, action: 'staff.renewCodes', changes: { recoveryCodes: { from: 10, to: 10 } } });
    return { email: member.email, recoveryCodes };
  });
}

