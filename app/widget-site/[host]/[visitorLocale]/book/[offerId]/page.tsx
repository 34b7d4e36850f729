import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GuestCheckoutSection } from '@/components/guest-bookings/guest-checkout-section';
import { WidgetSiteFooter, WidgetSiteHeader } from '@/components/widget-sites/widget-site-landing';
import { getDb } from '@/server/db/database';
import { loadGuestBookableDays } from '@/server/widgets/guest-bookings/guest-checkout-page';
import { loadWidgetSite } from '@/server/widgets/sites/widget-site';

type Params = Promise<{ host: string; visitorLocale: string; offerId: string }>;

// Open dates and a fresh idempotency key on every visit: rendered per request (the proxy gives it
// a nonce), never cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { host, offerId } = await params;
  const site = await loadWidgetSite(host);
  const offer = site?.offers.find((candidate) => candidate.offerId === offerId);
  return { title: offer ? `${offer.tourTitle} — ${offer.name}` : undefined, robots: { index: false, follow: false }, icons: [] };
}

/** A guest books one of the site's offers at the site's price and pays by card. */
export default async function WidgetBookPage({ params }: { params: Params }) {
  const { host, offerId } = await params;
  const site = await loadWidgetSite(host);
  const offer = site?.offers.find((candidate) => candidate.offerId === offerId);
  if (!site || !offer) notFound();
  setRequestLocale(site.locale);
  const [t, days] = await Promise.all([getTranslations({ locale: site.locale, namespace: 'widgetSites' }), loadGuestBookableDays(await getDb(), offerId)]);
  return (
    <div className="flex min-h-dvh flex-col bg-white text-zinc-900">
      <WidgetSiteHeader site={site} t={t} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <GuestCheckoutSection
          offerId={offerId}
          tourTitle={offer.tourTitle}
          offerName={offer.name}
          prices={offer.prices}
          days={days}
          locale={site.locale}
          currency={site.currency}
          rates={site.rates}
        />
      </main>
      <WidgetSiteFooter site={site} t={t} />
    </div>
  );
}
