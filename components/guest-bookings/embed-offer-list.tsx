import { Clock } from '@/components/icons/icons';
import Link from 'next/link';
import { StaticImage } from '@/components/ui/static-image';
import { formatAedAs } from '@/shared/money/money';
import { GuestPriceList } from '@/components/widget-sites/guest-price-list';
import type { EmbedWidget } from '@/server/widgets/embeds/embed-widget';

const PER_KIND = { adult: 'form.perAdult', child: 'form.perChild', trip: 'form.perTrip' } as const;

/** The `widgetBookings` messages in the widget's language: getTranslations on a page, createTranslator in a test. */
export type WidgetBookingsTranslator = (key: string, values?: Record<string, string | number>) => string;

type EmbedOffer = EmbedWidget['offers'][number];

/** The offers grouped by tour, in the agency's order of each tour's first offer. */
function toursOf(offers: readonly EmbedOffer[]): EmbedOffer[][] {
  const groups = new Map<string, EmbedOffer[]>();
  for (const offer of offers) groups.set(offer.tourSlug, [...(groups.get(offer.tourSlug) ?? []), offer]);
  return [...groups.values()];
}

type ListProps = { widget: Pick<EmbedWidget, 'type' | 'offersTitle' | 'offers' | 'currency' | 'locale' | 'rates'>; checkoutHref: (offerId: string) => string; t: WidgetBookingsTranslator };

/**
 * An embed's tickets, framed on the agency's page: each offer at the guest's prices in
 * the widget's currency and language, with a "Book" link to its checkout in the same frame. A
 * client-side link: the frame keeps its document, and with it the referrer naming the agency's
 * page, which the height reporter needs (a full load would name this page instead).
 * "Embedded" is one tour's tickets: the tour is the heading and its offers follow; "multi-tour
 * embedded" lists several tours, each under its own heading.
 */
export function EmbedOfferList({ widget, checkoutHref, t }: ListProps) {
  const single = widget.type === 'embedded';
  const tours = toursOf(widget.offers);
  const title = widget.offersTitle || (single && tours[0]?.[0] ? tours[0][0].tourTitle : t('embed.title'));
  return (
    <section aria-labelledby="embed-offers" className="@container grid gap-4" data-testid="embed-offer-list" data-type={widget.type}>
      <h1 id="embed-offers" className="text-xl font-semibold">
        {title}
      </h1>
      {widget.offers.length === 0 ? <p className="text-zinc-600">{t('embed.empty')}</p> : null}
      {single ? (
        <>
          {tours[0]?.[0]?.tourSummary ? <p className="text-zinc-700">{tours[0][0].tourSummary}</p> : null}
          <OfferItems offers={widget.offers} widget={widget} checkoutHref={checkoutHref} t={t} heading="h2" />
        </>
      ) : (
        tours.map((offers) => (
          <section key={offers[0]!.tourSlug} aria-label={offers[0]!.tourTitle} className="grid gap-3" data-testid="embed-tour">
            <h2 className="text-lg font-semibold">{offers[0]!.tourTitle}</h2>
            <OfferItems offers={offers} widget={widget} checkoutHref={checkoutHref} t={t} heading="h3" />
          </section>
        ))
      )}
    </section>
  );
}

function OfferItems({ offers, widget, checkoutHref, t, heading: Heading }: Omit<ListProps, 'widget'> & { widget: ListProps['widget']; offers: readonly EmbedOffer[]; heading: 'h2' | 'h3' }) {
  const price = (fils: number) => formatAedAs(fils, widget.currency, widget.locale, widget.rates ?? undefined);
  return (
    <ul className="grid gap-3">
      {offers.map((offer) => (
        <li key={offer.offerId} className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-3 @min-[40rem]:flex-row" data-testid="embed-offer" data-offer-id={offer.offerId}>
          {offer.photoUrl ? (
            <StaticImage src={offer.photoUrl} alt="" width={320} height={200} sizes="(min-width: 640px) 160px, 100vw" className="aspect-[16/10] w-full rounded-lg object-cover @min-[40rem]:w-40" />
          ) : null}
          <div className="flex flex-1 flex-col gap-2">
            <div>
              <Heading className="font-semibold">{offer.name}</Heading>
              <p className="flex items-center gap-1 text-sm text-zinc-600">
                <Clock aria-hidden className="size-4" />
                <span className="sr-only">{t('embed.durationLabel')}: </span>
                {t('embed.duration', { hours: Math.floor(offer.durationMinutes / 60), minutes: offer.durationMinutes % 60 })}
              </p>
            </div>
            <div className="mt-auto flex flex-wrap items-end justify-between gap-3">
              <GuestPriceList
                prices={offer.prices}
                format={price}
                labels={{ from: (amount) => t('embed.from', { price: amount }), list: t('embed.prices'), per: { adult: t(PER_KIND.adult), child: t(PER_KIND.child), trip: t(PER_KIND.trip) } }}
                fromClassName="font-semibold"
                testId="embed-offer-prices"
              />
              <Link
                href={checkoutHref(offer.offerId)}
                prefetch={false}
                aria-label={t('embed.bookOffer', { offer: offer.name })}
                className="inline-flex h-10 items-center rounded-lg bg-zinc-900 px-4 text-sm font-medium text-white hover:bg-zinc-700 focus-visible:ring-3 focus-visible:ring-zinc-400 focus-visible:outline-none"
                data-testid="embed-book"
              >
                {t('embed.book')}
              </Link>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
