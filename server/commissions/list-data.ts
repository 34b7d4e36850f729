import 'server-only';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { type BookingListQuery, invertedDateRanges } from '@/shared/bookings/list-schema';
import { type CommissionPage, listCommissions } from './queries';
import { listWidgetMargins, type WidgetMarginReport } from './widget-margins';

export type CommissionListData = {
  /** Whether the travel range is inverted: it matches nothing, so there is no list. */
  inverted: boolean;
  list: CommissionPage | null;
  widgetMargins: WidgetMarginReport;
};

/** What the commissions list shows: the agency's page of commission rows and its widget sales report. */
export async function loadCommissionListData(db: Database, principal: Principal, query: BookingListQuery): Promise<CommissionListData> {
  // Only the travel range filters commissions; an inverted one matches nothing, so it is not asked.
  const inverted = invertedDateRanges({ travelFrom: query.travelFrom, travelTo: query.travelTo }).length > 0;
  // The widget report does not follow the list's filters: it always covers its own last 12 months.
  const [list, widgetMargins] = await Promise.all([inverted ? null : listCommissions(db, principal, query), listWidgetMargins(db, principal)]);
  return { inverted, list, widgetMargins };
}
