import { getImageProps } from 'next/image';
import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import type { Locale } from '@/i18n/locales';
import type { TourPage } from '@/server/catalog/queries';
import { GalleryButton, GalleryProvider } from './gallery-island';
import type { LightboxPhoto } from './lightbox';

/** Thumbnails shown under the hero; the rest are reached in the lightbox. */
const THUMBNAILS = 4;

/**
 * The hero photo and the gallery's thumbnails, server-rendered with fixed boxes (no layout shift),
 * each a button that opens the lightbox there. The hero keeps its preload and high fetch priority
 * (the page's LCP); the thumbnails load lazily.
 */
export async function TourGallery({ photos, locale }: { photos: TourPage['photos']; locale: Locale }) {
  const [hero, ...rest] = photos;
  if (!hero) return null;
  const t = await getTranslations('catalog.tour');
  const full: LightboxPhoto[] = photos.map((photo) => {
    const { props } = getImageProps({ src: photo.url, alt: photo.alt[locale], width: 1600, height: 1000, sizes: '100vw' });
    return { src: props.src, srcSet: props.srcSet, alt: photo.alt[locale] };
  });
  const label = (index: number) => t('openPhoto', { index: index + 1, count: photos.length, alt: photos[index]?.alt[locale] ?? '' });
  const thumbnails = rest.slice(0, THUMBNAILS);
  const hidden = photos.length - 1 - thumbnails.length;
  return (
    <GalleryProvider
      photos={full}
      labels={{ dialog: t('lightbox.dialog'), close: t('lightbox.close'), previous: t('lightbox.previous'), next: t('lightbox.next'), position: t.raw('lightbox.position') as string }}
    >
      <div className="mt-6 grid gap-2" data-testid="tour-gallery">
        <GalleryButton index={0} label={label(0)} className="block overflow-hidden rounded-2xl focus-visible:ring-4 focus-visible:ring-primary/50 focus-visible:outline-none">
          <StaticImage
            src={hero.url}
            alt={hero.alt[locale]}
            width={1600}
            height={1000}
            priority
            fetchPriority="high"
            sizes="(min-width: 1200px) 1152px, 100vw"
            className="aspect-[16/9] w-full object-cover md:aspect-[12/5]"
          />
        </GalleryButton>
        {thumbnails.length > 0 ? (
          <ul className="grid grid-cols-4 gap-2">
            {thumbnails.map((photo, index) => (
              <li key={photo.url} className="relative">
                <GalleryButton index={index + 1} label={label(index + 1)} className="block w-full overflow-hidden rounded-lg focus-visible:ring-4 focus-visible:ring-primary/50 focus-visible:outline-none">
                  <StaticImage src={photo.url} alt={photo.alt[locale]} width={640} height={400} sizes="(min-width: 1200px) 284px, 25vw" className="aspect-[16/10] w-full object-cover" />
                  {hidden > 0 && index === thumbnails.length - 1 ? (
                    <span aria-hidden className="absolute inset-0 flex items-center justify-center rounded-lg bg-black/50 text-sm font-medium text-white">
                      {t('allPhotos', { count: photos.length })}
                    </span>
                  ) : null}
                </GalleryButton>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </GalleryProvider>
  );
}
