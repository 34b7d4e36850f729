import { z } from 'zod';
import { loadCityPage } from '@/server/catalog/queries';
import { NotFound } from '@/server/errors';
import { slugParam } from '@/server/http/api-schemas';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/**
 * Spec §7 public `GET /cities/homepage/{x}/{y}`: the page of city `y` of country `x` (slugs); a
 * city of another country is not found.
 */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ x: slugParam, y: slugParam }),
  doc: { tag: 'Catalogue', summary: 'A city’s page by its country’s and its own slug', notFound: true },
  run: async (_input, { db, params }) => {
    const page = await loadCityPage(db, params.y);
    if (!page || page.country.slug !== params.x) throw new NotFound();
    return page;
  },
});
