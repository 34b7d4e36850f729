import { inArray } from 'drizzle-orm';
import { staffMembers } from '../schema';
import type { Database } from '../connection';
import type { StaffRole } from '@/shared/auth/permissions';
import { createStaffMember } from '@/server/staff/create-staff';
import { DEMO_PASSWORD } from './agencies';

/**
 * The demo staff's TOTP secret (base32), fixed so the README, the start-up lines and the e2e
 * suite can produce codes. Any authenticator app takes it; `npm run ops:code` prints the current
 * code. Only ever seeded with demo data, never on a production database.
 */
export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

export const DEMO_STAFF: { email: string; name: string; role: StaffRole }[] = [
  { email: 'ops-admin@traveldesk.test', name: 'Layla Haddad', role: 'operator-admin' },
  { email: 'operator@traveldesk.test', name: 'Omar Farouk', role: 'operator' },
];

/** The demo operator and operator admin, with the demo password and TOTP secret. Idempotent. */
export async function seedStaff(db: Database): Promise<void> {
  const existing = await db
    .select({ email: staffMembers.email })
    .from(staffMembers)
    .where(inArray(staffMembers.email, DEMO_STAFF.map((member) => member.email)));
  const known = new Set(existing.map((row) => row.email));
  for (const member of DEMO_STAFF.filter((candidate) => !known.has(candidate.email))) {
    await createStaffMember(db, { ...member, password: DEMO_PASSWORD, totpSecret: DEMO_TOTP_SECRET });
  }
}
