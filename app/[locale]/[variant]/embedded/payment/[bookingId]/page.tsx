import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { GuestPaymentStep } from '@/components/guest-bookings/guest-payment-step';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { embedChannelOf, embedQuery } from '@/server/widgets/embeds/embed-widget';
import { loadGuestPaymentStep } from '@/server/widgets/guest-bookings/book-as-guest';

type Params = Promise<Awaited<SiteParams> & { bookingId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The hold and the booking's state change by the minute: never cached. Not framed
// (frame-ancestors 'none'): the embed's checkout opens it top-level, in a window of its own.
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Where an embed's checkout leads (EMBED_PAYMENT_PATH): the step on to the card payment, in the widget's language. */
export default async function EmbeddedPaymentPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const [{ bookingId }, query, { locale }] = await Promise.all([params, searchParams, resolveSiteParams(params)]);
  const channel = embedChannelOf(query);
  const step = channel ? await loadGuestPaymentStep(await getDb(), channel, bookingId) : null;
  if (!channel || !step) notFound();
  if (step.resultPath) redirect(step.resultPath);
  if (locale !== step.locale) redirect(`${localizedPath(step.locale, `/embedded/payment/${encodeURIComponent(bookingId)}`)}?${embedQuery(channel)}`);
  return (
    <main className="mx-auto w-full max-w-3xl bg-white px-4 py-8 text-zinc-900">
      <GuestPaymentStep step={step} embed={channel} />
    </main>
  );
}
