import { placeSections } from '@/components/catalog/place-sections';
import type { Category, TourCard } from '@/server/catalog/queries';

// A country or city page shows each tour once, at most N cards per category, and says how many the
// category has for its "see all" link.

const category = (slug: string): Category => ({ slug, name: { en: slug, ru: slug }, heroImage: '' });
const tour = (slug: string, categorySlugs: string[]): TourCard => ({
  slug,
  title: { en: slug, ru: slug },
  summary: { en: '', ru: '' },
  heroImage: null,
  durationMinutes: 60,
  fromPrice: null,
  city: { slug: 'dubai', name: { en: 'Dubai', ru: 'Дубай' }, heroImage: '' },
  categorySlugs,
});

describe('placeSections', () => {
  const categories = [category('safari'), category('cruises'), category('culture')];
  const tours = [
    tour('a', ['safari', 'culture']),
    tour('b', ['safari']),
    tour('c', ['safari', 'cruises']),
    tour('d', ['cruises']),
    tour('e', []),
  ];

  it('shows each tour once, in the first of its categories with room', () => {
    const sections = placeSections(categories, tours, 10);
    expect(sections.map((section) => [section.category?.slug ?? null, section.tours.map((t) => t.slug), section.total])).toEqual([
      ['safari', ['a', 'b', 'c'], 3],
      ['cruises', ['d'], 2],
      [null, ['e'], 1],
    ]);
    const shown = sections.flatMap((section) => section.tours.map((t) => t.slug));
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('caps each category and leaves the rest to its "see all" count', () => {
    const sections = placeSections(categories, tours, 2);
    expect(sections.map((section) => [section.category?.slug ?? null, section.tours.map((t) => t.slug), section.total])).toEqual([
      ['safari', ['a', 'b'], 3],
      ['cruises', ['c', 'd'], 2],
      [null, ['e'], 1],
    ]);
  });
});
