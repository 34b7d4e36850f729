import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import type { Locale } from '@/i18n/locales';
import type { TourPage } from '@/server/catalog/queries';
import { tourVideoOf } from '@/shared/catalog/tour-video';
import { TourVideoFacade } from './tour-video-facade';

/** The tour's video behind its poster (a photo of the tour, lazily loaded), or nothing. */
export async function TourVideo({ tour, locale }: { tour: TourPage; locale: Locale }) {
  const video = tourVideoOf(tour.videoUrl);
  if (!video) return null;
  const t = await getTranslations('catalog.tour');
  const poster = tour.photos[1] ?? tour.photos[0];
  return (
    <section aria-labelledby="video">
      <h2 id="video" className="text-xl font-semibold">
        {t('video')}
      </h2>
      <div className="mt-4">
        <TourVideoFacade video={video} title={tour.title[locale]} playLabel={t('watchVideo')}>
          {poster ? <StaticImage src={poster.url} alt="" width={1280} height={720} sizes="(min-width: 1024px) 800px, 100vw" className="size-full object-cover" /> : null}
        </TourVideoFacade>
      </div>
    </section>
  );
}
