import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewQuotePage } from '@/components/quotes/new-quote-page';
import { CustomerViewHidden } from '@/components/customer-view/customer-view-hidden';
import { inCustomerView } from '@/server/auth/customer-view';
import { requirePageAccess } from '@/server/auth/principal';
import { loadCheckoutView } from '@/server/bookings/checkout-queries';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { bookingSelectionSchema } from '@/shared/bookings/checkout-schema';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'quotes.new' });
  return { title: t('title'), robots: { index: false } };
}

/** A new guest quote for the selection the tour page's picker made (the checkout's parameters). */
export default async function NewQuoteRoute({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const [{ locale }, query] = await Promise.all([resolveSiteParams(params), searchParams]);
  const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
  const principal = await requirePageAccess('/quotes/new', search.size > 0 ? `?${search}` : '');
  // Quotes are priced on the NET, and show the margin: hidden while the guest is looking.
  if (inCustomerView(principal)) return <CustomerViewHidden title={(await getTranslations({ locale, namespace: 'quotes.new' }))('title')} />;
  const selection = bookingSelectionSchema.safeParse({
    offerId: query.offer,
    date: query.date,
    time: query.time ?? null,
    adults: query.adults ?? 1,
    children: query.children ?? 0,
    infants: query.infants ?? 0,
  });
  const view = selection.success ? await loadCheckoutView(await getDb(), principal, selection.data, new Date(), null) : null;
  return <NewQuotePage locale={locale} view={view} />;
}
