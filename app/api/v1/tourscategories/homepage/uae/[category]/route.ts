import { z } from 'zod';
import { loadCountryPage, searchTourCards } from '@/server/catalog/queries';
import { NotFound } from '@/server/errors';
import { slugParam } from '@/server/http/api-schemas';
import { PUBLIC, runRoute } from '@/server/http/run-route';

/** The country the spec's path names, by its slug in the catalogue. */
const UAE = 'uae';
/** Enough pages of the search to hold a category's every tour. */
const ALL_PAGES = 50;

/** Spec §7 public `GET /tourscategories/homepage/uae/{category}`: the category and its tours in the UAE. */
export const GET = runRoute({
  permission: PUBLIC,
  params: z.object({ category: slugParam }),
  doc: { tag: 'Catalogue', summary: 'A category’s tours in the UAE', notFound: true },
  run: async (_input, { db, params }) => {
    const country = await loadCountryPage(db, UAE);
    const category = country?.categories.find((candidate) => candidate.slug === params.category);
    if (!country || !category) throw new NotFound();
    const found = await searchTourCards(db, { category: category.slug }, ALL_PAGES);
    const inCountry = new Set(country.tours.map((tour) => tour.slug));
    return { category, tours: found.tours.filter((tour) => inCountry.has(tour.slug)) };
  },
});
