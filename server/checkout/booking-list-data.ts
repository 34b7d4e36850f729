import 'server-only';
import type { PayNowLabels, PayNowOption } from '@/components/pay/pay-now-form';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { payNowLabels, payNowOptions } from '@/server/checkout/pay-now-options';
import { type BookingListQuery, type DateRangeName, invertedDateRanges } from '@/shared/bookings/list-schema';
import type { Variant } from '@/shared/sites/site-variants';
import { type AgentOption, listAgencyAgentOptions, listTourOptions, type TourOption } from '@/server/bookings/list-options';
import { type BookingListPage, type BookingListScope, listBookings } from '@/server/bookings/list-queries';

export type BookingListData = {
  /** The filters' date ranges whose end is before their start: while any is, there is no list. */
  invertedRanges: DateRangeName[];
  list: BookingListPage | null;
  tours: TourOption[];
  /** The agent filter's choices, on the agency-wide list only. */
  agents: AgentOption[] | null;
  /** The Pay now form's ways and texts, when a row on this page needs payment. */
  payNow: { options: PayNowOption[]; labels: PayNowLabels } | null;
};

/** What all bookings, my bookings and requests show (here, above bookings, for the rows' Pay now): the page of rows and the filters' choices, scoped by the principal. */
export async function loadBookingListData(
  db: Database,
  principal: Principal,
  scope: BookingListScope,
  query: BookingListQuery,
  { variant, locale }: { variant: Variant; locale: Locale },
): Promise<BookingListData> {
  const invertedRanges = invertedDateRanges(query);
  const [list, tours, agents] = await Promise.all([
    // An inverted range matches nothing: no query, the page points at the range instead.
    invertedRanges.length > 0 ? null : listBookings(db, principal, scope, query),
    listTourOptions(db),
    scope === 'all' ? listAgencyAgentOptions(db, principal) : null,
  ]);
  // Pay now sits in the rows of bookings that need payment; without such a row its options are not asked.
  const needsPayment = list?.rows.some((row) => row.status === 'payment_required' || row.status === 'payment_failed') ?? false;
  const payNow = needsPayment ? { options: await payNowOptions(db, principal, variant, locale), labels: await payNowLabels() } : null;
  return { invertedRanges, list, tours, agents, payNow };
}
