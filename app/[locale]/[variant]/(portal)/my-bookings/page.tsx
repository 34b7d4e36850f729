import { BookingListPage, bookingListMetadata, type BookingListSearchParams } from '@/components/bookings/lists/booking-list-page';
import { listSearch } from '@/components/bookings/lists/list-href';
import { requirePageAccess } from '@/server/auth/principal';
import { loadBookingListData } from '@/server/checkout/booking-list-data';
import { getDb } from '@/server/db/database';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

export const generateMetadata = bookingListMetadata('own');

export default async function MyBookingsPage({ params, searchParams }: { params: SiteParams; searchParams: BookingListSearchParams }) {
  const [{ locale, variant }, query] = await Promise.all([resolveSiteParams(params), searchParams.then(parseBookingListQuery)]);
  const principal = await requirePageAccess('/my-bookings', listSearch(query));
  const data = await loadBookingListData(await getDb(), principal, 'own', query, { variant, locale });
  return <BookingListPage locale={locale} principal={principal} scope="own" query={query} data={data} />;
}
