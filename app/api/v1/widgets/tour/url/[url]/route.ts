import { z } from 'zod';
import { PUBLIC, runRoute } from '@/server/http/run-route';
import { loadWidgetTourData, widgetTourQuerySchema } from '@/server/widgets/sites/widget-tour-data';

/**
 * Spec §7 `GET /widgets/tour/url/{url} (currencyCode, agencyGuid)`, public: the tour whose slug is
 * `url` as the agency's widget sells it (guest prices in `currencyCode`). Any failure answers
 * spec §8's 'could not get data' (404, or 422 for a query that does not parse).
 */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ url: z.string() }),
  query: widgetTourQuerySchema,
  doc: { tag: 'Catalogue', summary: 'A tour as an agency’s widget sells it', notFound: true },
  run: async ({ query }, { db, params }) => loadWidgetTourData(db, params.url, query),
});
