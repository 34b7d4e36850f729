import { Ban, BusFront, MapPin, RotateCcw } from '@/components/icons/icons';
import { StaticImage } from '@/components/ui/static-image';
import { getTranslations } from 'next-intl/server';
import { OfferBooking } from '@/components/bookings/picker/offer-booking';
import type { BookingLabels } from '@/components/bookings/picker/labels';
import type { Locale } from '@/i18n/locales';
import type { PublicOffer } from '@/server/catalog/queries';
import { describePolicy, type PickUpMode, policySummary } from '@/shared/bookings/offer-terms';
import type { DisplayCurrency } from '@/shared/money/money';
import { AgentRate } from './agent-tour-details';
import { PriceList } from './price-list';

export async function OfferCard({
  offer,
  locale,
  currency,
  tourSlug,
  bookingLabels,
  refundFeePercent,
}: {
  offer: PublicOffer;
  /** The processing fee kept from every refund (settings), told under a policy that refunds. */
  refundFeePercent: number;
  locale: Locale;
  /** The site's default display currency, in which the retail prices are preformatted. */
  currency: DisplayCurrency;
  tourSlug: string;
  bookingLabels: BookingLabels;
}) {
  const [t, policyT] = await Promise.all([getTranslations('catalog'), getTranslations('cancellationPolicy')]);
  const summary = policySummary(offer.cancellationPolicy);
  const perKind = { adult: t('card.perAdult'), child: t('card.perChild'), trip: t('card.perTrip') };
  return (
    <article className="grid gap-4 rounded-xl border border-border p-4 md:grid-cols-[200px_1fr_auto]" data-testid="offer" data-offer-id={offer.id} data-pick-up={offer.pickUp}>
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
        {/* Server-rendered text and a native disclosure: the cached page gets no client script for it. */}
        <div className="mt-3 grid gap-1.5 text-sm">
          <p className="flex items-start gap-1.5" data-testid="offer-pick-up">
            <PickUpIcon mode={offer.pickUp} />
            {t(`tour.pickUp.${offer.pickUp}`)}
          </p>
          <details className="group" data-testid="offer-policy">
            <summary className="flex w-fit cursor-pointer list-none items-start gap-1.5 rounded-sm underline decoration-dotted underline-offset-4 focus-visible:ring-3 focus-visible:ring-primary/40 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
              {summary === 'nonRefundable' ? (
                <Ban aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
              ) : (
                <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
              )}
              <span>
                <span className="sr-only">{policyT('summary.details')}: </span>
                {policyT(`summary.${summary}`)}
              </span>
            </summary>
            <ul className="mt-1 grid gap-0.5 pl-5.5 text-muted-foreground">
              {describePolicy(offer.cancellationPolicy, policyT).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {summary === 'nonRefundable' ? null : <li>{policyT('feeNote', { percent: refundFeePercent })}</li>}
            </ul>
          </details>
        </div>
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
          offer={{ id: offer.id, hasLiveAvailability: offer.hasLiveAvailability, availabilityType: offer.availabilityType, minPeople: offer.minPeople, retail: offer.retail }}
          tourSlug={tourSlug}
          labels={bookingLabels}
        />
      </div>
    </article>
  );
}

function PickUpIcon({ mode }: { mode: PickUpMode }) {
  const Icon = mode === 'none' ? MapPin : BusFront;
  return <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />;
}
