import { offerHeroImage } from '@/server/catalog/hero-image';
import { lowestPrice } from '@/shared/catalog/prices';
import { catalogTagsForTour } from '@/server/catalog/catalog-changes';

const photos = [
  { position: 0, url: '/a.webp' },
  { position: 1, url: '/b.webp' },
];
const categories = [{ heroImage: '/category-1.webp' }, { heroImage: '/category-2.webp' }];

describe('offer hero image (spec §3)', () => {
  it('takes the photo at the offer’s position', () => {
    expect(offerHeroImage(0, { photos, categories })).toBe('/a.webp');
    expect(offerHeroImage(1, { photos, categories })).toBe('/b.webp');
  });

  it('falls back to the first category’s hero image when no photo has that position', () => {
    expect(offerHeroImage(2, { photos, categories })).toBe('/category-1.webp');
  });

  it('has none when there is neither', () => {
    expect(offerHeroImage(3, { photos: [], categories: [] })).toBeNull();
  });
});

describe('tour card "from" price', () => {
  it('is the lowest adult or per-trip price, ignoring child prices', () => {
    expect(
      lowestPrice([
        { adult: 20_000, child: 5_000, trip: null },
        { adult: null, child: null, trip: 15_000 },
      ]),
    ).toBe(15_000);
    expect(lowestPrice([{ adult: null, child: 4_000, trip: null }])).toBeNull();
  });
});

describe('catalogue tags of a tour change', () => {
  it('covers the tour, its city and country, the sitemap, the cached searches, and the home promo only when featured', () => {
    const placement = { slug: 'dubai-frame', citySlug: 'dubai', countrySlug: 'uae', isFeatured: false };
    expect(catalogTagsForTour(placement)).toEqual([
      'catalog:tour:dubai-frame',
      'catalog:city:dubai',
      'catalog:country:uae',
      'catalog:sitemap',
      'catalog:search',
    ]);
    expect(catalogTagsForTour({ ...placement, isFeatured: true })).toContain('catalog:home');
  });
});
