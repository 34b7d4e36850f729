import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { BookingConversion } from '@/components/guest-bookings/booking-conversion';
import { GuestBookingResult } from '@/components/guest-bookings/guest-booking-result';
import { WidgetSiteFooter, WidgetSiteHeader } from '@/components/widget-sites/widget-site-landing';
import { getDb } from '@/server/db/database';
import { returnToWidgetSite } from '@/server/checkout/guest-return';
import { guestDocumentLinks } from '@/server/widgets/guest-bookings/guest-booking-view';
import { loadWidgetSite, widgetDomainOf } from '@/server/widgets/sites/widget-site';

type Params = Promise<{ host: string; visitorLocale: string; paymentId: string }>;

// Settled with the provider on every visit: never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false }, icons: [] };

/** Where the guest comes back from the card payment (GUEST_RETURN_PATH), and where the confirmation mail links. */
export default async function WidgetBookingPage({ params }: { params: Params }) {
  const { host, paymentId } = await params;
  const domain = widgetDomainOf(host);
  const site = await loadWidgetSite(host);
  if (!domain || !site) notFound();
  const booking = await returnToWidgetSite(await getDb(), { host: domain }, paymentId);
  if (!booking) notFound();
  setRequestLocale(site.locale);
  const t = await getTranslations({ locale: site.locale, namespace: 'widgetSites' });
  return (
    <div className="flex min-h-dvh flex-col bg-white text-zinc-900">
      <WidgetSiteHeader site={site} t={t} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <GuestBookingResult booking={booking} locale={site.locale} {...guestDocumentLinks(booking)} backHref="/" />
        <BookingConversion conversionActionId={site.conversionActionId} booking={booking} />
      </main>
      <WidgetSiteFooter site={site} t={t} />
    </div>
  );
}
