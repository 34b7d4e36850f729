import { z } from 'zod';
import { approveAgencyOfAdmin } from '@/server/account/approve-agency';
import { getDb } from '@/server/db/database';
import { NotFound } from '@/server/errors';

const approvalSchema = z.object({ email: z.email() });

/**
 * Stands in for the operator console (a later issue) in end-to-end tests: approves the agency an
 * admin registered, through the same server function as `npm run agency:approve`. A 404 unless
 * TEST_HOOKS=1.
 */
export async function POST(request: Request) {
  if (process.env.TEST_HOOKS !== '1') return new Response(null, { status: 404 });
  const parsed = approvalSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json(z.flattenError(parsed.error), { status: 422 });
  try {
    return Response.json(await approveAgencyOfAdmin(await getDb(), parsed.data.email));
  } catch (error) {
    if (error instanceof NotFound) return new Response(null, { status: 404 });
    throw error;
  }
}
