import { z } from 'zod';
import { loadCountryPage } from '@/server/catalog/queries';
import { NotFound } from '@/server/errors';
import { slugParam } from '@/server/http/api-schemas';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/** Spec §7 public `GET /countries/homepagebyurl/{url}`: a country's page by its slug: cities, categories, tours. */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ url: slugParam }),
  doc: { tag: 'Catalogue', summary: 'A country’s page by its slug', notFound: true },
  run: async (_input, { db, params }) => (await loadCountryPage(db, params.url)) ?? notFound(),
});

function notFound(): never {
  throw new NotFound();
}
