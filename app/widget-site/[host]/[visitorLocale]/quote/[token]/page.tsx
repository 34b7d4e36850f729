import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { GuestQuotePage } from '@/components/quotes/guest-quote-page';
import { getDb } from '@/server/db/database';
import { findOfferedMethod } from '@/server/payments/payment-methods';
import { loadGuestQuote } from '@/server/quotes/quote-view';
import { loadWidgetSite, widgetDomainOf } from '@/server/widgets/sites/widget-site';
import { quotePaymentPlace } from '@/shared/quotes/quote-pricing';

type Params = Promise<{ host: string; visitorLocale: string; token: string }>;

// The same quote page as the portal's (app/[locale]/[variant]/quote/), rendered by the widget
// site's tree: the guest comes back here from the card page on the agency's domain (Next renders
// that return, an action's redirect, through the site's router). Only the site's own agency's quotes.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false }, icons: [], referrer: 'no-referrer' };

export default async function WidgetSiteQuotePage({ params }: { params: Params }) {
  const { host, token } = await params;
  const domain = widgetDomainOf(host);
  const site = await loadWidgetSite(host);
  if (!domain || !site) notFound();
  const view = await loadGuestQuote(await getDb(), token);
  if (!view || view.agencyId !== site.agencyId) notFound();
  setRequestLocale(view.locale);
  const sandbox = findOfferedMethod(quotePaymentPlace(view.currency), 'card')?.isSandbox ?? false;
  return <GuestQuotePage view={view} token={token} sandbox={sandbox} />;
}
