import { z } from 'zod';
import type { FaqItem, LocalizedText } from '../schema';
import catalogueJson from './catalogue.json';
import { type DemoCatalogueData, demoCatalogueSchema } from './catalogue-schema';
import type { SeedCategory, SeedCity, SeedCountry, SeedHotel, SeedTour } from './types';

/** The demo catalogue as the seed inserts it: catalogue.json with its shared texts and pictures filled in. */
export type DemoCatalogue = {
  countries: SeedCountry[];
  cities: SeedCity[];
  categories: SeedCategory[];
  hotels: SeedHotel[];
  tours: SeedTour[];
};

let loaded: DemoCatalogue | undefined;

/** Reads catalogue.json once per process, checked against its schema. */
export function demoCatalogue(): DemoCatalogue {
  loaded ??= resolveCatalogue(parseCatalogue(catalogueJson));
  return loaded;
}

export function parseCatalogue(json: unknown): DemoCatalogueData {
  const result = demoCatalogueSchema.safeParse(json);
  if (!result.success) throw new Error(`The demo catalogue (server/db/seed/catalogue.json) is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}

const demoImage = (scene: string): string => `/images/demo/${scene}.webp`;

/** The schema has checked every reference; a miss here is a bug, not bad data. */
function named<V>(record: Record<string, V>, key: string): V {
  const value = record[key];
  if (value === undefined) throw new Error(`The demo catalogue names an unknown "${key}".`);
  return value;
}

function resolveCatalogue(data: DemoCatalogueData): DemoCatalogue {
  const paragraph = (part: string | LocalizedText): LocalizedText => (typeof part === 'string' ? named(data.terms, part) : part);
  const question = (entry: string | FaqItem): FaqItem => (typeof entry === 'string' ? named(data.faq, entry) : entry);
  return {
    countries: data.countries.map(({ heroScene, ...country }) => ({ ...country, heroImage: demoImage(heroScene) })),
    cities: data.cities.map(({ heroScene, ...city }) => ({ ...city, heroImage: demoImage(heroScene) })),
    categories: data.categories.map(({ heroScene, ...category }) => ({ ...category, heroImage: demoImage(heroScene) })),
    hotels: Object.entries(data.hotels).flatMap(([city, hotels]) => hotels.map((hotel) => ({ city, ...hotel }))),
    tours: data.tours.map(({ terms, cancellation, faq, photos, ...tour }) => {
      const parts = terms.map(paragraph);
      return {
        ...tour,
        terms: { en: parts.map((p) => p.en).join('\n\n'), ru: parts.map((p) => p.ru).join('\n\n') },
        cancellation: named(data.policies, cancellation),
        faq: faq.map(question),
        photos: photos.map((scene) => ({ url: demoImage(scene), alt: named(data.scenes, scene) })),
      };
    }),
  };
}
