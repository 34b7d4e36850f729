import { BookingListPage, bookingListMetadata, type BookingListSearchParams } from '@/components/bookings/lists/booking-list-page';
import { listSearch } from '@/components/bookings/lists/list-href';
import { requirePageAccess } from '@/server/auth/principal';
import { loadBookingListData } from '@/server/checkout/booking-list-data';
import { getDb } from '@/server/db/database';
import { parseBookingListQuery } from '@/shared/bookings/list-schema';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

export const generateMetadata = bookingListMetadata('requests');

export default async function RequestsPage({ params, searchParams }: { params: SiteParams; searchParams: BookingListSearchParams }) {
  const [{ locale, variant }, query] = await Promise.all([resolveSiteParams(params), searchParams.then(parseBookingListQuery)]);
  const principal = await requirePageAccess('/requests', listSearch(query));
  const data = await loadBookingListData(await getDb(), principal, 'requests', query, { variant, locale });
  return <BookingListPage locale={locale} principal={principal} scope="requests" query={query} data={data} />;
}
