import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { QuoteListPage } from '@/components/quotes/quote-list-page';
import { CustomerViewHidden } from '@/components/customer-view/customer-view-hidden';
import { inCustomerView } from '@/server/auth/customer-view';
import { requirePageAccess } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { linkOrigin } from '@/server/http/link-origin';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { listAgencyQuotes } from '@/server/quotes/quote-view';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'quotes' });
  return { title: t('title'), robots: { index: false } };
}

/** The agency's guest quotes, newest first, with where each stands. */
export default async function QuotesRoute({ params }: { params: SiteParams }) {
  const { locale } = await resolveSiteParams(params);
  const principal = await requirePageAccess('/quotes');
  // Quotes are priced on the NET, and show the margin: hidden while the guest is looking.
  if (inCustomerView(principal)) return <CustomerViewHidden title={(await getTranslations({ locale, namespace: 'quotes' }))('title')} />;
  return <QuoteListPage locale={locale} origin={linkOrigin(await headers())} quotes={await listAgencyQuotes(await getDb(), principal, locale)} />;
}
