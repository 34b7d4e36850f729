import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { GuestVoucher, GuestVoucherExpired } from '@/components/guest-bookings/guest-voucher';
import { getDb } from '@/server/db/database';
import { guestVoucherPath, loadGuestVoucher, voucherPlaceOf } from '@/server/guest-handoff/guest-voucher';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

type Params = Promise<Awaited<SiteParams> & { token: string }>;

// A booking's voucher as it stands now, for whoever holds the link: never cached. Not framed.
export const dynamic = 'force-dynamic';

const lookUp = cache(async (token: string) => loadGuestVoucher(await getDb(), token, voucherPlaceOf((await headers()).get('host'))));

/** Titled by the agency, never by us (the white label): the root layout's title template is bypassed. */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [{ token }, { locale }] = await Promise.all([params, resolveSiteParams(params)]);
  const found = await lookUp(token);
  // The root layout's description, application name and portal title are ours: none of them here
  // (Next merges `other` key by key, so the portal title is overwritten, with the agency's name).
  const base: Metadata = { robots: { index: false, follow: false }, icons: [], referrer: 'no-referrer', description: null, applicationName: null };
  if (found.state === 'valid') {
    const t = await getTranslations({ locale: found.view.locale, namespace: 'guestHandoff.page' });
    return { ...base, title: { absolute: `${t('title')} · ${found.view.brand.name}` }, other: { 'portal-title': found.view.brand.name } };
  }
  const t = await getTranslations({ locale, namespace: 'guestHandoff.expired' });
  return { ...base, title: { absolute: t('metaTitle') }, other: { 'portal-title': t('metaTitle') } };
}

/**
 * The guest's voucher page, by the link the agent sent (docs/bookings.md#guest-hand-off): no
 * account, the agency's brand on any host, the language the agent chose. Expired: a page that says
 * so and nothing else; forged or altered: not found.
 */
export default async function GuestVoucherPage({ params }: { params: Params }) {
  const [{ token }, { locale }] = await Promise.all([params, resolveSiteParams(params)]);
  const found = await lookUp(token);
  if (found.state === 'invalid') notFound();
  if (found.state === 'expired') return <GuestVoucherExpired locale={locale} />;
  if (locale !== found.view.locale) redirect(guestVoucherPath(token, found.view.locale));
  return <GuestVoucher token={token} view={found.view} />;
}
