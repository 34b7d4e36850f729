// Spec §3: an offer's hero image is the tour photo at the offer's position, else the first
// category hero image. Pure.

import 'server-only';

export type HeroImageSources = {
  photos: readonly { position: number; url: string }[];
  categories: readonly { heroImage: string }[];
};

export function offerHeroImage(offerPosition: number, sources: HeroImageSources): string | null {
  const photo = sources.photos.find((candidate) => candidate.position === offerPosition);
  return photo?.url ?? sources.categories[0]?.heroImage ?? null;
}
