import { z } from 'zod';
import { listHotels } from '@/server/catalog/lookups';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/** Spec §7 public `GET /hotels/listbase (countryId)`: the pick-up hotels of a country. */
export const GET = runRoute({
  permission: PUBLIC,
  query: z.object({ countryId: z.uuid({ error: 'Must be an id' }) }),
  doc: { tag: 'Catalogue', summary: 'The hotels of a country' },
  run: async ({ query }, { db }) => listHotels(db, query.countryId),
});
