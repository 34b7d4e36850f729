import { z } from 'zod';
import { loadOffersPrices } from '@/server/catalog/lookups';
import { currencyField, offerPricesResponse } from '@/server/http/api-schemas';
import { runRoute } from '@/server/http/run-route';

/** At most this many offers in one call. */
const MAX_IDS = 50;

/**
 * Spec §7 `GET /b2b/offersPrices (ids, from, to, currencycode)`: b2b and recommended prices of the
 * offers (`ids` comma-separated), in minor units of `currencycode`. Unknown offers are left out.
 */
export const GET = runRoute({
  permission: null,
  apiScope: 'catalogue',
  query: z.object({
    from: z.iso.date({ error: 'Must be a date (yyyy-MM-dd)' }),
    to: z.iso.date({ error: 'Must be a date (yyyy-MM-dd)' }),
    ids: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(z.uuid({ error: 'Must be ids, comma-separated' })).min(1).max(MAX_IDS)),
    currencycode: currencyField,
  }),
  doc: { tag: 'Catalogue', summary: 'Offers’ b2b and recommended prices', response: offerPricesResponse },
  run: async ({ query }, { principal, db }) => loadOffersPrices(db, principal, query.ids, query.currencycode),
});
