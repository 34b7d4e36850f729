import { ExternalLink, MapPin } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import type { Locale } from '@/i18n/locales';
import type { MeetingPoint as MeetingPointData } from '@/server/db/schema';
import { mapsLink, staticMapShape } from './static-map';

/**
 * Where guests meet: the operator's map picture, else a map drawn from our own outlines (inline
 * SVG: no tiles, no request), and a link that opens the maps provider at the coordinates.
 */
export async function MeetingPoint({ point, locale }: { point: MeetingPointData; locale: Locale }) {
  const t = await getTranslations('catalog.tour');
  const name = point.name[locale];
  const mapLabel = t('mapOf', { place: name });
  return (
    <section aria-labelledby="meeting-point" className="rounded-xl border border-border p-5" data-testid="meeting-point">
      <h2 id="meeting-point" className="text-lg font-semibold">
        {t('meetingPoint')}
      </h2>
      <p className="mt-2 flex gap-1.5 text-sm">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        {name}
      </p>
      <div className="mt-3 overflow-hidden rounded-lg border border-border">
        {point.mapImage ? (
          <StaticImage
            src={point.mapImage}
            alt={mapLabel}
            width={640}
            height={480}
            sizes="(min-width: 1024px) 280px, 100vw"
            unoptimized={point.mapImage.startsWith('https://')}
            className="aspect-[4/3] w-full object-cover"
          />
        ) : (
          <GeneratedMap latitude={point.latitude} longitude={point.longitude} label={mapLabel} />
        )}
      </div>
      <a
        href={mapsLink(point.latitude, point.longitude)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        data-testid="maps-link"
      >
        {t('openInMaps')}
        <ExternalLink aria-hidden className="size-4" />
      </a>
    </section>
  );
}

function GeneratedMap({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const map = staticMapShape(latitude, longitude);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${map.width} ${map.height}`} width={map.width} height={map.height} className="block h-auto w-full bg-[#efe6d2]" data-testid="static-map">
      {map.sea.map((d) => (
        <path key={d} d={d} fill="#bcdcec" />
      ))}
      {map.country ? <path d={map.country} fill="#f6eed9" stroke="#b9a57c" strokeWidth={1.5} strokeLinejoin="round" /> : null}
      {map.grid ? <path d={map.grid} stroke="#d8ccb0" strokeWidth={1} fill="none" /> : null}
      <g transform={`translate(${map.pin.x} ${map.pin.y})`}>
        <circle r={14} fill="#e11d48" fillOpacity={0.2} />
        <path d="M0 0c-2-8-9-12-9-19a9 9 0 0 1 18 0c0 7-7 11-9 19z" fill="#e11d48" stroke="#fff" strokeWidth={1.5} />
        <circle cy={-19} r={3.2} fill="#fff" />
      </g>
    </svg>
  );
}
