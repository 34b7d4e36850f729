import 'server-only';
import { and, asc, count, desc, eq, gte, ne, sql, sum } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { addMonths, monthOf, type StatementMonth } from '@/server/balance/statement-queries';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiInstant } from '@/shared/availability/rules';
import type { Database } from '@/server/db/connection';
import { bookings, widgets } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';

// What each widget sold and earned the agency, month by month. A widget booking's
// published total is what the guest paid (the widget's sale total), so its margin is published
// less NET, exactly the commission list's "agency receivable".

/** Months the report covers, the current Asia/Dubai month included: a year, so the report stays bounded. */
export const WIDGET_MARGIN_MONTHS = 12;

export type WidgetMarginRow = {
  widgetId: string;
  /** Deleted widgets keep their name: their bookings stay in the report. */
  widgetName: string;
  widgetDeleted: boolean;
  /** `yyyy-MM` in Asia/Dubai. */
  month: StatementMonth;
  bookings: number;
  /** AED fils: what the guests paid. */
  salesMinor: number;
  /** AED fils: sales less the NET cost. */
  marginMinor: number;
};

export type WidgetMarginReport = {
  rows: WidgetMarginRow[];
  totals: { bookings: number; salesMinor: number; marginMinor: number };
  /** The months covered, `yyyy-MM`, both included. */
  from: StatementMonth;
  to: StatementMonth;
};

/**
 * The month a booking counts in: when the guest booked (`bookings.created_at`) on the Asia/Dubai
 * calendar, not the travel date, so a month's figures are final once the month is over.
 */
const bookedMonth = sql<string>`to_char(${bookings.createdAt} at time zone 'Asia/Dubai', 'YYYY-MM')`;

/**
 * Completed widget bookings of the principal's agency per widget and month, newest month first,
 * then by widget name; the last WIDGET_MARGIN_MONTHS months. For the agency's seniors and admins
 * (b2b rates, like commissions); a junior is refused.
 */
export async function listWidgetMargins(db: Database, principal: Principal, now: Date = new Date()): Promise<WidgetMarginReport> {
  if (!memberCan(principal, 'rates:viewB2b')) throw new Forbidden();
  const to = monthOf(now);
  const from = addMonths(to, -(WIDGET_MARGIN_MONTHS - 1));
  // Driven from the agency's widgets (a handful of rows) into bookings_widget_created_idx
  // (widget_id, created_at): only widget bookings of the window are read, never the agency's
  // portal bookings. Both tables are filtered by the agency in SQL.
  const rows = await db
    .select({
      widgetId: widgets.id,
      widgetName: widgets.name,
      widgetDeleted: sql<boolean>`${widgets.deletedAt} is not null`,
      month: bookedMonth,
      bookings: count(),
      salesMinor: sum(bookings.publishedTotalMinor).mapWith(Number),
      marginMinor: sum(sql`${bookings.publishedTotalMinor} - ${bookings.netTotalMinor}`).mapWith(Number),
    })
    .from(widgets)
    .innerJoin(bookings, eq(bookings.widgetId, widgets.id))
    .where(
      and(
        eq(widgets.agencyId, principal.agencyId),
        eq(bookings.agencyId, principal.agencyId),
        eq(bookings.status, 'completed'),
        ne(bookings.paymentMethod, 'request'),
        gte(bookings.createdAt, dubaiInstant(`${from}-01`, null)),
      ),
    )
    .groupBy(widgets.id, widgets.name, widgets.deletedAt, bookedMonth)
    .orderBy(desc(bookedMonth), asc(widgets.name), asc(widgets.id));
  const totals = rows.reduce(
    (sums, row) => ({ bookings: sums.bookings + row.bookings, salesMinor: sums.salesMinor + row.salesMinor, marginMinor: sums.marginMinor + row.marginMinor }),
    { bookings: 0, salesMinor: 0, marginMinor: 0 },
  );
  return { rows, totals, from, to };
}
