import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { staffMembers } from '@/server/db/schema';
import type { StaffPrincipal } from '@/server/staff/staff-principal';

/** A seeded staff member as the console's principal. */
export async function staffFor(db: Database, email: string): Promise<StaffPrincipal> {
  const [row] = await db.select({ staffId: staffMembers.id, email: staffMembers.email, name: staffMembers.name, role: staffMembers.role }).from(staffMembers).where(eq(staffMembers.email, email));
  if (!row) throw new Error(`No seeded staff member ${email}`);
  return row;
}
