import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { GuestQuotePage } from '@/components/quotes/guest-quote-page';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { findOfferedMethod } from '@/server/payments/payment-methods';
import { guestQuotePath } from '@/server/quotes/quote-origin';
import { loadGuestQuote } from '@/server/quotes/quote-view';
import { quotePaymentPlace } from '@/shared/quotes/quote-pricing';

type Params = Promise<Awaited<SiteParams> & { token: string }>;

// A guest's quote as it stands now (a payment may have just settled): never cached, never indexed,
// no referrer (the token is the credential). Outside the public pages' shell: the page is the
// agency's, on our host or on its widget domain (server/routing/route-rules.ts), never ours.
export const dynamic = 'force-dynamic';

/** The title is the page's own, without the portal's name the root layout's template adds: the tab shows no brand of ours. */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'quotes.guest' });
  return { title: { absolute: t('metaTitle') }, description: null, applicationName: null, other: {}, robots: { index: false, follow: false }, icons: [], referrer: 'no-referrer' };
}

/** The agency's quote by its signed link (docs/guest-quotes.md), in the quote's language. */
export default async function QuotePage({ params }: { params: Params }) {
  const [{ token }, { locale }] = await Promise.all([params, resolveSiteParams(params)]);
  const view = await loadGuestQuote(await getDb(), token);
  if (!view) notFound();
  if (locale !== view.locale) redirect(guestQuotePath(view.locale, token));
  const sandbox = findOfferedMethod(quotePaymentPlace(view.currency), 'card')?.isSandbox ?? false;
  return <GuestQuotePage view={view} token={token} sandbox={sandbox} />;
}
