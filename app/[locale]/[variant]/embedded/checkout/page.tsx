import type { Metadata } from 'next';
import { ArrowLeft } from '@/components/icons/icons';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { EmbedHeightReporter } from '@/components/guest-bookings/embed-height-reporter';
import { GuestCheckoutSection } from '@/components/guest-bookings/guest-checkout-section';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { embedChannelOf, embedQuery, loadEmbedWidget, queryValue } from '@/server/widgets/embeds/embed-widget';
import { loadGuestBookableDays } from '@/server/widgets/guest-bookings/guest-checkout-page';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Open dates and a fresh idempotency key on every visit, per widget and framing site: rendered per
// request (the proxy gives it a nonce and a frame-ancestors naming the query's `site`), never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * An embed offer's checkout, in the same frame as its tickets. The payment opens in a
 * new top-level window (never inside the frame); the payer comes back to /embedded/booking there.
 */
export default async function EmbeddedCheckoutPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const [{ locale }, query] = await Promise.all([resolveSiteParams(params), searchParams]);
  const channel = embedChannelOf(query);
  const widget = channel ? await loadEmbedWidget(channel.widgetId, channel.site) : null;
  const offer = widget?.offers.find((candidate) => candidate.offerId === queryValue(query, 'offer'));
  if (!channel || !widget || !offer) notFound();
  // In the widget's language, as its tickets (../page.tsx): the action's answers are in the path's.
  if (locale !== widget.locale) redirect(`${localizedPath(widget.locale, '/embedded/checkout')}?${embedQuery(channel, { offer: offer.offerId })}`);
  const [t, days] = await Promise.all([getTranslations({ locale: widget.locale, namespace: 'widgetBookings.embed' }), loadGuestBookableDays(await getDb(), offer.offerId)]);
  return (
    <main className="grid gap-4 bg-white p-4 text-zinc-900" data-testid="embed-checkout">
      {/* Client-side, like the "Book" link: the frame keeps the referrer naming the agency's page. */}
      <Link href={`${localizedPath(widget.locale, '/embedded')}?${embedQuery(channel)}`} prefetch={false} className="inline-flex w-fit items-center gap-1 text-sm font-medium underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {t('back')}
      </Link>
      <GuestCheckoutSection
        offerId={offer.offerId}
        tourTitle={offer.tourTitle}
        offerName={offer.name}
        prices={offer.prices}
        days={days}
        locale={widget.locale}
        currency={widget.currency}
        rates={widget.rates}
        embed={channel}
      />
      <EmbedHeightReporter site={channel.site} />
    </main>
  );
}
