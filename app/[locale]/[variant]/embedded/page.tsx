import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { EmbedHeightReporter } from '@/components/guest-bookings/embed-height-reporter';
import { EmbedOfferList } from '@/components/guest-bookings/embed-offer-list';
import { localizedPath } from '@/i18n/locales';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { embedChannelOf, embedQuery, loadEmbedWidget } from '@/server/widgets/embeds/embed-widget';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// Per widget and framing site, and per request: the proxy gives it a nonce and a frame-ancestors
// naming the `site` of its query (proxy.ts).
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** An embed's tickets, in the frame public/embed.js puts on the agency's page. */
export default async function EmbeddedTicketPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const [{ locale }, query] = await Promise.all([resolveSiteParams(params), searchParams]);
  const channel = embedChannelOf(query);
  const widget = channel ? await loadEmbedWidget(channel.widgetId, channel.site) : null;
  if (!channel || !widget) notFound();
  // The embed speaks its widget's language, on that language's path, so the page, its checkout
  // and what the checkout's action answers all agree, and the frame moves between them without a
  // reload (a redirect keeps the frame's referrer, the agency's page, which the height reporter reads).
  if (locale !== widget.locale) redirect(`${localizedPath(widget.locale, '/embedded')}?${embedQuery(channel)}`);
  const t = await getTranslations({ locale: widget.locale, namespace: 'widgetBookings' });
  const checkoutHref = (offerId: string) => `${localizedPath(widget.locale, '/embedded/checkout')}?${embedQuery(channel, { offer: offerId })}`;
  return (
    <main className="bg-white p-4 text-zinc-900" data-testid="embed-tickets">
      <EmbedOfferList widget={widget} checkoutHref={checkoutHref} t={t} />
      <EmbedHeightReporter site={channel.site} />
    </main>
  );
}
