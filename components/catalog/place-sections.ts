// A country or city page's sections (docs/catalogue.md): one per category of its tours, in the
// categories' order, each tour shown once — in the first of its categories that still has room —
// and at most `perSection` cards per section, with the category's full count for its "see all"
// link (a host without the search passes Infinity: nothing is left behind such a link). Pure.
import type { Category, TourCard } from '@/server/catalog/queries';

export type PlaceSection = { category: Category | null; tours: TourCard[]; total: number };

export function placeSections(categories: Category[], tours: TourCard[], perSection: number): PlaceSection[] {
  const shown = new Set<string>();
  const sections: PlaceSection[] = categories.map((category) => {
    const inCategory = tours.filter((tour) => tour.categorySlugs.includes(category.slug));
    const picked = inCategory.filter((tour) => !shown.has(tour.slug)).slice(0, perSection);
    for (const tour of picked) shown.add(tour.slug);
    return { category, tours: picked, total: inCategory.length };
  });
  // A tour the operator has not put in a category is still one of the place's tours. One whose
  // categories were all full is behind their "see all" links.
  const rest = tours.filter((tour) => tour.categorySlugs.length === 0);
  return [...sections.filter((section) => section.tours.length > 0), ...(rest.length > 0 ? [{ category: null, tours: rest, total: rest.length }] : [])];
}
