import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BookingConversion } from '@/components/guest-bookings/booking-conversion';
import { GuestBookingResult } from '@/components/guest-bookings/guest-booking-result';
import { GuestBrandHeader } from '@/components/guest-bookings/guest-brand-header';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { embedChannelOf, embedQuery } from '@/server/widgets/embeds/embed-widget';
import { returnToWidgetSite } from '@/server/checkout/guest-return';
import { guestDocumentLinks, loadGuestBrand } from '@/server/widgets/guest-bookings/guest-booking-view';
import { loadWidgetSaleForBooking } from '@/server/widgets/guest-bookings/widget-sale';

type Params = Promise<Awaited<SiteParams> & { paymentId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Settled with the provider on every visit: never cached. Not framed (frame-ancestors 'none'):
// the payer lands here top-level, in the window the embed's checkout opened for the payment.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Where an embed's payer comes back from the card payment (EMBED_RETURN_PATH), in the widget's language. */
export default async function EmbeddedBookingPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const [{ paymentId }, query, { locale }] = await Promise.all([params, searchParams, resolveSiteParams(params)]);
  const channel = embedChannelOf(query);
  const db = await getDb();
  // The same channel rule as the booking's: its widget, named with the domain it was framed on.
  const sale = channel ? await loadWidgetSaleForBooking(db, channel, paymentId) : null;
  if (!channel || !sale) notFound();
  // The payment returns to the unprefixed path; the page is in the widget's language, on its path.
  if (locale !== sale.locale) redirect(`${localizedPath(sale.locale, `/embedded/booking/${encodeURIComponent(paymentId)}`)}?${embedQuery(channel)}`);
  const booking = await returnToWidgetSite(db, channel, paymentId);
  if (!booking) notFound();
  const [t, brand] = await Promise.all([getTranslations({ locale: sale.locale, namespace: 'widgetBookings.result' }), loadGuestBrand(db, sale.widgetId)]);
  const pending = booking.paymentStatus === 'created' || booking.paymentStatus === 'processing';
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 bg-white px-4 py-8 text-zinc-900">
      {brand ? <GuestBrandHeader brand={brand} /> : null}
      <GuestBookingResult booking={booking} locale={sale.locale} {...guestDocumentLinks(booking)} contacts={brand ?? undefined} />
      <BookingConversion conversionActionId={sale.conversionActionId} booking={booking} />
      {pending ? null : <p className="text-sm text-zinc-600">{t('closeWindow')}</p>}
    </main>
  );
}
