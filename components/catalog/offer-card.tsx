import { StaticImage } from '@/components/ui/static-image';
import { getTranslations } from 'next-intl/server';
import { OfferBooking } from '@/components/bookings/picker/offer-booking';
import type { BookingLabels } from '@/components/bookings/picker/labels';
import type { Locale } from '@/i18n/locales';
import type { PublicOffer } from '@/server/catalog/queries';
import type { DisplayCurrency } from '@/server/shared/money/money';
import { AgentRate } from './agent-tour-details';
import { PriceList } from './price-list';

export async function OfferCard({
  offer,
  locale,
  currency,
  tourSlug,
  bookingLabels,
}: {
  offer: PublicOffer;
  locale: Locale;
  /** The site's default display currency, in which the retail prices are preformatted. */
  currency: DisplayCurrency;
  tourSlug: string;
  bookingLabels: BookingLabels;
}) {
  const t = await getTranslations('catalog');
  const perKind = { adult: t('card.perAdult'), child: t('card.perChild'), trip: t('card.perTrip') };
  return (
    <article className="grid gap-4 rounded-xl border border-border p-4 md:grid-cols-[200px_1fr_auto]" data-testid="offer" data-offer-id={offer.id}>
      {offer.heroImage ? (
        <StaticImage
          src={offer.heroImage}
          alt=""
          width={400}
          height={250}
          sizes="(min-width: 768px) 200px, 100vw"
          className="aspect-[16/10] w-full rounded-lg object-cover"
        />
      ) : null}
      <div>
        <h3 className="font-semibold">{offer.name[locale]}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{offer.description[locale]}</p>
        <ul className="mt-2 flex flex-wrap gap-2 text-xs">
          {!offer.hasLiveAvailability ? (
            <li className="rounded-full bg-muted px-2 py-1" title={t('tour.onRequestNote')}>
              {t('card.onRequest')}
            </li>
          ) : null}
          {offer.minPeople > 1 ? <li className="rounded-full bg-muted px-2 py-1">{t('tour.minPeople', { count: offer.minPeople })}</li> : null}
        </ul>
      </div>
      <div className="grid content-start gap-2 md:min-w-52">
        <div>
          <p className="text-xs text-muted-foreground">{t('tour.retail')}</p>
          <PriceList prices={offer.retail} labels={perKind} priceClassName="font-semibold" preformatIn={{ currency, locale }} />
        </div>
        <AgentRate offerId={offer.id} labels={{ agentRate: t('tour.agentRate'), loading: t('tour.loadingAgentRates'), ...perKind }} />
      </div>
      <div className="grid md:col-span-3">
        <OfferBooking
          offer={{ id: offer.id, hasLiveAvailability: offer.hasLiveAvailability, minPeople: offer.minPeople, retail: offer.retail }}
          tourSlug={tourSlug}
          labels={bookingLabels}
        />
      </div>
    </article>
  );
}
