import 'server-only';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { staffMembers } from '@/server/db/schema';
import { decoyPasswordHash, verifyPassword } from '@/server/auth/password';
import { admitSignIn, recordSignInSuccess } from '@/server/auth/sign-in-throttle';
import type { StaffRole } from '@/shared/auth/permissions';
import { consumeRecoveryCode, looksLikeRecoveryCode } from './recovery-codes';
import { clearWrongSecondFactors, recordWrongSecondFactor, secondFactorLockedFor } from './second-factor-lockout';
import { checkTotp } from './totp';

export type AuthenticatedStaff = { id: string; email: string; name: string; role: StaffRole };

export type StaffAuthenticationResult =
  | { ok: true; staff: AuthenticatedStaff }
  | { ok: false; reason: 'invalidCredentials' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number }
  | { ok: false; reason: 'factorLocked'; retryAfterSeconds: number };

/**
 * Checks a staff member's e-mail, password and second factor (a TOTP code, or one of their
 * recovery codes). Throttled like agents' sign-ins, under its own key; every failure looks the
 * same, so a guesser learns nothing about which part was wrong, except a second factor locked
 * after repeated wrong codes (second-factor-lockout.ts), which the right password is told about.
 * A member who has not enrolled yet cannot sign in.
 */
export async function authenticateStaff(
  db: Database,
  input: { email: string; password: string; code: string; address: string },
  now: Date = new Date(),
): Promise<StaffAuthenticationResult> {
  const email = input.email.trim().toLowerCase();
  const attempt = { email: `staff:${email}`, address: input.address };
  const admission = await admitSignIn(db, attempt, now);
  if (!admission.allowed) return { ok: false, reason: 'throttled', retryAfterSeconds: admission.retryAfterSeconds };

  const [member] = await db.select().from(staffMembers).where(eq(staffMembers.email, email)).limit(1);
  const passwordMatches = await verifyPassword(member?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!member || !passwordMatches || member.status !== 'active' || !member.enrolledAt) return { ok: false, reason: 'invalidCredentials' };
  const lockedFor = await secondFactorLockedFor(db, member.id, now);
  if (lockedFor !== null) return { ok: false, reason: 'factorLocked', retryAfterSeconds: lockedFor };
  if (!(await secondFactorHolds(db, member, input.code, now))) {
    const locks = await recordWrongSecondFactor(db, member, now);
    return locks === null ? { ok: false, reason: 'invalidCredentials' } : { ok: false, reason: 'factorLocked', retryAfterSeconds: locks };
  }

  await clearWrongSecondFactors(db, member.id);
  await recordSignInSuccess(db, attempt);
  return { ok: true, staff: { id: member.id, email: member.email, name: member.name, role: member.role } };
}

async function secondFactorHolds(db: Database, member: typeof staffMembers.$inferSelect, code: string, now: Date): Promise<boolean> {
  const trimmed = code.trim();
  if (looksLikeRecoveryCode(trimmed)) return consumeRecoveryCode(db, member.id, trimmed, now);
  const check = await checkTotp(member.totpSecret, trimmed, member.totpLastStep, now);
  if (!check.ok) return false;
  // The step is claimed with a conditional update, so two sign-ins with one code cannot both pass.
  const claimed = await db
    .update(staffMembers)
    .set({ totpLastStep: check.step })
    .where(and(eq(staffMembers.id, member.id), or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, check.step))))
    .returning({ id: staffMembers.id });
  return claimed.length === 1;
}
