import { getPrincipal } from '@/server/auth/principal';
import { getAgentTourDetails } from '@/server/catalog/agent-details';
import { getDb } from '@/server/db/database';

const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * Agent-only parts of a tour page (b2b rates, notes to agents), fetched by the page's client
 * island so the cached public HTML never contains them.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const principal = await getPrincipal();
  if (!principal) return Response.json({ message: 'Unauthorized' }, { status: 401, headers: PRIVATE });
  const { slug } = await params;
  const details = await getAgentTourDetails(await getDb(), principal, slug);
  if (!details) return Response.json({ message: 'Not found' }, { status: 404, headers: PRIVATE });
  return Response.json(details, { headers: PRIVATE });
}
