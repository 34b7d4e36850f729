import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Database, Transaction } from '@/server/db/connection';
import { staffEnrolments, staffMembers } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { hashPassword } from '@/server/auth/password';
import type { StaffRole } from '@/shared/auth/permissions';
import { OPS_ENROL_PREFIX } from '@/shared/auth/route-access';
import { renewRecoveryCodes } from './recovery-codes';
import { checkTotp, newTotpSecret, totpUri } from './totp';

// Every staff member chooses their own password and enrols their own authenticator through a
// one-time link: nobody else (not the operator admin who invites them, not the README) ever
// knows their secret. The first operator admin gets the link from `npm run ops:create-admin`.

export const ENROLMENT_LINK_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function enrolmentPath(token: string): string {
  return `${OPS_ENROL_PREFIX}${token}`;
}

/** A new one-time link for the member; earlier unused links stop working. Returns the token, shown once. */
export async function issueEnrolmentLink(tx: Database | Transaction, staffId: string, now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.delete(staffEnrolments).where(and(eq(staffEnrolments.staffId, staffId), isNull(staffEnrolments.usedAt)));
  await tx.insert(staffEnrolments).values({ staffId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + ENROLMENT_LINK_DAYS * 86_400_000) });
  return token;
}

/**
 * A member who has not enrolled yet: a random password and secret nobody knows stand in (the
 * columns are required), and sign-in refuses the account until the link is used.
 */
export async function createInvitedStaffMember(tx: Database | Transaction, input: { email: string; name: string; role: StaffRole }, now: Date = new Date()) {
  const email = input.email.trim().toLowerCase();
  const [member] = await tx
    .insert(staffMembers)
    .values({ email, name: input.name.trim(), role: input.role, passwordHash: await hashPassword(randomBytes(32).toString('base64url')), totpSecret: newTotpSecret() })
    .returning({ id: staffMembers.id });
  if (!member) throw new Error(`The staff member ${email} was not created`);
  return { id: member.id, email, token: await issueEnrolmentLink(tx, member.id, now) };
}

/**
 * The first operator admin (`npm run ops:create-admin`), refused once an active one has enrolled.
 * Run again for an admin who has not enrolled yet, it replaces their link (a lost link is no dead end).
 */
export async function createFirstOperatorAdmin(db: Database, input: { email: string; name: string }, now: Date = new Date()): Promise<{ email: string; token: string }> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: staffMembers.id, email: staffMembers.email, enrolledAt: staffMembers.enrolledAt })
      .from(staffMembers)
      .where(and(eq(staffMembers.role, 'operator-admin'), eq(staffMembers.status, 'active')))
      .for('update');
    const enrolled = admins.filter((admin) => admin.enrolledAt !== null);
    if (enrolled.length > 0) throw new RuleViolation('opsEnrol.errors.adminExists', { emails: enrolled.map((admin) => admin.email).join(', ') });
    const pending = admins.find((admin) => admin.email === email);
    if (pending) return { email, token: await issueEnrolmentLink(tx, pending.id, now) };
    const [taken] = await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, email)).limit(1);
    if (taken) throw new RuleViolation('opsStaff.errors.emailTaken', {}, 'email');
    const member = await createInvitedStaffMember(tx, { ...input, role: 'operator-admin' }, now);
    return { email: member.email, token: member.token };
  });
}

export type EnrolmentView = { email: string; name: string; totpSecret: string; totpUri: string; qrDataUrl: string };

async function liveEnrolment(tx: Database | Transaction, token: string, now: Date) {
  const [row] = await tx
    .select({ id: staffEnrolments.id, staffId: staffEnrolments.staffId, totpSecret: staffEnrolments.totpSecret, email: staffMembers.email, name: staffMembers.name })
    .from(staffEnrolments)
    .innerJoin(staffMembers, eq(staffMembers.id, staffEnrolments.staffId))
    .where(and(eq(staffEnrolments.tokenHash, hashToken(token)), isNull(staffEnrolments.usedAt), gt(staffEnrolments.expiresAt, now), eq(staffMembers.status, 'active')))
    .limit(1);
  return row ?? null;
}

/**
 * The enrolment page: the member's own new secret, made when the link is first opened and kept
 * with the link until a code from it is confirmed. Null for a used, expired or unknown link.
 */
export async function openEnrolment(db: Database, token: string, now: Date = new Date()): Promise<EnrolmentView | null> {
  const enrolment = await liveEnrolment(db, token, now);
  if (!enrolment) return null;
  let secret = enrolment.totpSecret;
  if (!secret) {
    // Two tabs opening the link at once keep the first secret made.
    await db.update(staffEnrolments).set({ totpSecret: newTotpSecret() }).where(and(eq(staffEnrolments.id, enrolment.id), isNull(staffEnrolments.totpSecret)));
    const [stored] = await db.select({ totpSecret: staffEnrolments.totpSecret }).from(staffEnrolments).where(eq(staffEnrolments.id, enrolment.id));
    secret = stored?.totpSecret ?? null;
  }
  if (!secret) return null;
  const uri = totpUri(secret, enrolment.email);
  // A PNG data URL rendered here: the secret never leaves the server for a third-party QR service.
  const qrDataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 });
  return { email: enrolment.email, name: enrolment.name, totpSecret: secret, totpUri: uri, qrDataUrl };
}

/**
 * Completes an enrolment: a code from the new secret proves the authenticator holds it; then the
 * member's password and secret are set, the link is used up and ten recovery codes are returned
 * (shown once). From here on every sign-in needs the second factor.
 */
export async function completeEnrolment(
  db: Database,
  input: { token: string; password: string; code: string },
  now: Date = new Date(),
): Promise<{ email: string; recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const enrolment = await liveEnrolment(tx, input.token, now);
    if (!enrolment?.totpSecret) throw new RuleViolation('opsEnrol.errors.linkInvalid');
    const check = await checkTotp(enrolment.totpSecret, input.code.trim(), null, now);
    if (!check.ok) throw new RuleViolation('opsEnrol.errors.code', {}, 'code');
    const used = await tx
      .update(staffEnrolments)
      .set({ usedAt: now })
      .where(and(eq(staffEnrolments.id, enrolment.id), isNull(staffEnrolments.usedAt)))
      .returning({ id: staffEnrolments.id });
    if (used.length !== 1) throw new RuleViolation('opsEnrol.errors.linkInvalid');
    await tx
      .update(staffMembers)
      .set({ passwordHash: await hashPassword(input.password), totpSecret: enrolment.totpSecret, totpLastStep: check.step, enrolledAt: now, updatedAt: now })
      .where(eq(staffMembers.id, enrolment.staffId));
    const recoveryCodes = await renewRecoveryCodes(tx, enrolment.staffId);
    return { email: enrolment.email, recoveryCodes };
  });
}
