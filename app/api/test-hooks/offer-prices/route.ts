import { changeOfferPrices, offerPriceChangeSchema, revalidateCatalog } from '@/server/catalog/catalog-changes';
import { NotFound } from '@/server/errors';
import { runRoute, TEST_HOOK } from '@/server/http/run-route';

/**
 * Stands in for the operator console (a later issue) in end-to-end tests: changes an offer's
 * prices through the same server function. A 404 unless TEST_HOOKS=1.
 */
export const POST = runRoute({
  permission: TEST_HOOK,
  body: { kind: 'json', schema: offerPriceChangeSchema, maxBytes: 16 * 1024 },
  run: async ({ body }, { db }) => {
    const tags = await changeOfferPrices(db, body);
    if (!tags) throw new NotFound();
    revalidateCatalog(tags);
    return { revalidated: tags };
  },
});
