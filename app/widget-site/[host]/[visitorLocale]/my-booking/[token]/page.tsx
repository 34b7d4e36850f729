import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GuestBookingResult } from '@/components/guest-bookings/guest-booking-result';
import { WidgetSiteFooter, WidgetSiteHeader } from '@/components/widget-sites/widget-site-landing';
import { getDb } from '@/server/db/database';
import { guestDocumentPath, loadGuestBookingByToken } from '@/server/widgets/guest-bookings/guest-booking-view';
import { loadWidgetSite, widgetDomainOf } from '@/server/widgets/sites/widget-site';

type Params = Promise<{ host: string; visitorLocale: string; token: string }>;

// The booking as it stands now, for its guest only: never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false }, icons: [], referrer: 'no-referrer' };

/** A guest's booking on the widget's site, by the link in the confirmation mail (GUEST_BOOKING_PATH). */
export default async function WidgetGuestBookingPage({ params }: { params: Params }) {
  const { host, token } = await params;
  const domain = widgetDomainOf(host);
  const site = await loadWidgetSite(host);
  if (!domain || !site) notFound();
  const view = await loadGuestBookingByToken(await getDb(), token, { host: domain });
  if (!view) notFound();
  setRequestLocale(site.locale);
  const t = await getTranslations({ locale: site.locale, namespace: 'widgetSites' });
  const has = (kind: 'voucher' | 'tickets') => (view.documents.includes(kind) ? guestDocumentPath(token, kind) : undefined);
  return (
    <div className="flex min-h-dvh flex-col bg-white text-zinc-900">
      <WidgetSiteHeader site={site} t={t} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <GuestBookingResult booking={view.booking} locale={view.locale} voucherHref={has('voucher')} ticketsHref={has('tickets')} contacts={view.brand} backHref="/" />
      </main>
      <WidgetSiteFooter site={site} t={t} />
    </div>
  );
}
