import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { BookingListSearchParams } from '@/components/bookings/lists/booking-list-page';
import { listSearch } from '@/components/bookings/lists/list-href';
import { CommissionListPage } from '@/components/commissions/commission-list-page';
import { requirePageAccess } from '@/server/auth/principal';
import { loadCommissionListData } from '@/server/commissions/list-data';
import { getDb } from '@/server/db/database';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { CustomerViewHidden } from '@/components/customer-view/customer-view-hidden';
import { inCustomerView } from '@/server/auth/customer-view';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'commissions' });
  return { title: t('title'), robots: { index: false } };
}

export default async function MyCommissionsPage({ params, searchParams }: { params: SiteParams; searchParams: BookingListSearchParams }) {
  const [{ locale }, query] = await Promise.all([resolveSiteParams(params), searchParams.then(parseBookingListQuery)]);
  const principal = await requirePageAccess('/my-commissions', listSearch(query));
  if (inCustomerView(principal)) return <CustomerViewHidden title={(await getTranslations('commissions'))('title')} />;
  return <CommissionListPage locale={locale} query={query} data={await loadCommissionListData(await getDb(), principal, query)} />;
}
