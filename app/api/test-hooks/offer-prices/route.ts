import { z } from 'zod';
import { changeOfferPrices, offerPriceChangeSchema, revalidateCatalog } from '@/server/catalog/catalog-changes';
import { getDb } from '@/server/db/database';

/**
 * Stands in for the operator console (a later issue) in end-to-end tests: changes an offer's
 * prices through the same server function. A 404 unless TEST_HOOKS=1.
 */
export async function POST(request: Request) {
  if (process.env.TEST_HOOKS !== '1') return new Response(null, { status: 404 });
  const parsed = offerPriceChangeSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json(z.flattenError(parsed.error), { status: 422 });
  const tags = await changeOfferPrices(await getDb(), parsed.data);
  if (!tags) return new Response(null, { status: 404 });
  revalidateCatalog(tags);
  return Response.json({ revalidated: tags });
}
