import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/server/db/database';
import { depositNotices } from '@/server/db/schema';
import { decideDepositNotice } from '@/server/top-up/credit-deposit-notice';

const decisionSchema = z.object({ bankReference: z.string().min(1), decision: z.enum(['credit', 'reject']) });

/**
 * Stands in for the operator console (a later issue) in end-to-end tests: credits or rejects the
 * deposit notice with a bank reference, through the same server function. A 404 unless TEST_HOOKS=1.
 */
export async function POST(request: Request) {
  if (process.env.TEST_HOOKS !== '1') return new Response(null, { status: 404 });
  const parsed = decisionSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json(z.flattenError(parsed.error), { status: 422 });
  const db = await getDb();
  const [notice] = await db
    .select({ id: depositNotices.id })
    .from(depositNotices)
    .where(eq(depositNotices.bankReference, parsed.data.bankReference))
    .limit(1);
  if (!notice) return new Response(null, { status: 404 });
  return Response.json(await decideDepositNotice(db, notice.id, parsed.data.decision));
}
