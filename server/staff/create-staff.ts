import 'server-only';
import type { Database, Transaction } from '@/server/db/connection';
import { staffMembers } from '@/server/db/schema';
import { hashPassword } from '@/server/auth/password';
import type { StaffRole } from '@/shared/auth/permissions';
import { renewRecoveryCodes } from './recovery-codes';
import { newTotpSecret, totpUri } from './totp';

export type NewStaffMember = { email: string; name: string; role: StaffRole; password: string; totpSecret?: string };

/** What the new member needs once, to sign in: the authenticator link and the recovery codes. */
export type StaffEnrolment = { id: string; totpSecret: string; totpUri: string; recoveryCodes: string[] };

/**
 * Creates an enrolled staff account with a known password and secret: the demo's staff only. Real
 * staff enrol themselves through a one-time link (staff-enrolment.ts).
 */
export async function createStaffMember(tx: Database | Transaction, input: NewStaffMember): Promise<StaffEnrolment> {
  const email = input.email.trim().toLowerCase();
  const totpSecret = input.totpSecret ?? newTotpSecret();
  const [member] = await tx
    .insert(staffMembers)
    .values({ email, name: input.name.trim(), role: input.role, passwordHash: await hashPassword(input.password), totpSecret, enrolledAt: new Date() })
    .returning({ id: staffMembers.id });
  const recoveryCodes = await renewRecoveryCodes(tx, member!.id);
  return { id: member!.id, totpSecret, totpUri: totpUri(totpSecret, email), recoveryCodes };
}
