import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { GuestPaymentStep } from '@/components/guest-bookings/guest-payment-step';
import { WidgetSiteFooter, WidgetSiteHeader } from '@/components/widget-sites/widget-site-landing';
import { getDb } from '@/server/db/database';
import { loadGuestPaymentStep } from '@/server/widgets/guest-bookings/book-as-guest';
import { loadWidgetSite, widgetDomainOf } from '@/server/widgets/sites/widget-site';

type Params = Promise<{ host: string; visitorLocale: string; bookingId: string }>;

// The hold and the booking's state change by the minute: never cached.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false }, icons: [] };

/** Where a guest's checkout on the site leads (GUEST_PAYMENT_PATH): the step on to the card payment. */
export default async function WidgetPaymentPage({ params }: { params: Params }) {
  const { host, bookingId } = await params;
  const domain = widgetDomainOf(host);
  const site = await loadWidgetSite(host);
  if (!domain || !site) notFound();
  const step = await loadGuestPaymentStep(await getDb(), { host: domain }, bookingId);
  if (!step) notFound();
  // Already paid (a reload, the back button): its result.
  if (step.resultPath) redirect(step.resultPath);
  setRequestLocale(site.locale);
  const t = await getTranslations({ locale: site.locale, namespace: 'widgetSites' });
  return (
    <div className="flex min-h-dvh flex-col bg-white text-zinc-900">
      <WidgetSiteHeader site={site} t={t} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <GuestPaymentStep step={step} />
      </main>
      <WidgetSiteFooter site={site} t={t} />
    </div>
  );
}
