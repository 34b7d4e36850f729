import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { GuestBookingResult } from '@/components/guest-bookings/guest-booking-result';
import { GuestBrandHeader } from '@/components/guest-bookings/guest-brand-header';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { guestBookingPath, guestDocumentPath, loadGuestBookingByToken } from '@/server/widgets/guest-bookings/guest-booking-view';

type Params = Promise<Awaited<SiteParams> & { token: string }>;

// The booking as it stands now, for its guest only: never cached. Not framed (frame-ancestors
// 'none'): the guest opens it from the mail, top-level.
export const dynamic = 'force-dynamic';

const lookUp = cache(async (token: string) => loadGuestBookingByToken(await getDb(), token, 'embed'));

/**
 * Titled by the agency, never by us (the white label): the root layout's title template,
 * description, application name and portal title are ours, so each is replaced (Next merges
 * `other` key by key, so the portal title is overwritten with the agency's name).
 */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const view = await lookUp((await params).token);
  const brand = view?.brand.name ?? null;
  return {
    robots: { index: false, follow: false },
    icons: [],
    referrer: 'no-referrer',
    description: null,
    applicationName: null,
    title: { absolute: brand ?? '' },
    other: { 'portal-title': brand ?? '' },
  };
}

/**
 * An embed guest's booking, by the link in the confirmation mail (EMBED_GUEST_BOOKING_PATH): the
 * agency's pages that framed the embed cannot serve it, so the portal does, as the page the payment
 * returned to, in the agency's brand and the widget's language, without the portal's chrome.
 */
export default async function EmbeddedGuestBookingPage({ params }: { params: Params }) {
  const [{ token }, { locale }] = await Promise.all([params, resolveSiteParams(params)]);
  const view = await lookUp(token);
  if (!view) notFound();
  if (locale !== view.locale) redirect(localizedPath(view.locale, guestBookingPath(token, 'embed')));
  const has = (kind: 'voucher' | 'tickets') => (view.documents.includes(kind) ? guestDocumentPath(token, kind) : undefined);
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 bg-white px-4 py-8 text-zinc-900">
      <GuestBrandHeader brand={view.brand} />
      <GuestBookingResult booking={view.booking} locale={view.locale} voucherHref={has('voucher')} ticketsHref={has('tickets')} contacts={view.brand} />
    </main>
  );
}
