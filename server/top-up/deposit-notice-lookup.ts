import 'server-only';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { depositNotices } from '@/server/db/schema';
import { NotFound } from '@/server/errors';

/**
 * The id of the deposit notice with a bank reference, for the stand-in of the operator console
 * (end-to-end tests know a notice by the reference they typed). NotFound when there is none.
 */
export async function findDepositNoticeId(db: Database, bankReference: string): Promise<string> {
  const [notice] = await db
    .select({ id: depositNotices.id })
    .from(depositNotices)
    .where(eq(depositNotices.bankReference, bankReference))
    .limit(1);
  if (!notice) throw new NotFound();
  return notice.id;
}
