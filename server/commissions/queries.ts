import 'server-only';
import { and, count, desc, eq, gte, ilike, lte, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database } from '@/server/db/connection';
import { bookings, offers, tours, type LocalizedText } from '@/server/db/schema';
import { selectBookingRows } from '@/server/bookings/booking-rows';
import { Forbidden } from '@/server/errors';
import type { BookingListQuery } from '@/shared/bookings/list-schema';
import { contains } from '@/server/db/like';

/** Spec §3's commission row. Money in AED fils. */
export type CommissionRow = {
  reference: string;
  /** The travel date. */
  tourDate: string;
  tourTitle: LocalizedText;
  offerName: LocalizedText;
  guestName: string;
  /** What the guest pays: the published (retail) total. */
  totalSalesMinor: number;
  /** The agency's share: published less NET (for cash on tour the operator pays it out). */
  agencyReceivableMinor: number;
};

/** The booking lists' query; commissions use its reference, guest and travel-date filters and paging. */
export type CommissionQuery = Pick<BookingListQuery, 'reference' | 'guest' | 'travelFrom' | 'travelTo' | 'page' | 'onPage'>;
export type CommissionPage = { rows: CommissionRow[]; total: number; totals: { salesMinor: number; receivableMinor: number }; page: number; onPage: number };

/**
 * Commissions are earned on bookings that went ahead: completed ones, not requests or
 * cancellations. Agency-wide (seniors and admins, who may see b2b rates).
 */
function commissionCondition(principal: Principal, query: Omit<CommissionQuery, 'page' | 'onPage'>): SQL {
  if (!memberCan(principal, 'rates:viewB2b')) throw new Forbidden();
  return and(
    eq(bookings.agencyId, principal.agencyId),
    eq(bookings.status, 'completed'),
    ne(bookings.paymentMethod, 'request'),
    query.reference ? ilike(bookings.reference, contains(query.reference)) : undefined,
    query.guest ? ilike(bookings.guestName, contains(query.guest)) : undefined,
    query.travelFrom ? gte(bookings.tourDate, query.travelFrom) : undefined,
    query.travelTo ? lte(bookings.tourDate, query.travelTo) : undefined,
  ) as SQL;
}

const receivable = sql<number>`${bookings.publishedTotalMinor} - ${bookings.netTotalMinor}`;

const COMMISSION_COLUMNS = {
  reference: bookings.reference,
  tourDate: bookings.tourDate,
  tourTitle: tours.title,
  offerName: offers.name,
  guestName: bookings.guestName,
  totalSalesMinor: bookings.publishedTotalMinor,
  agencyReceivableMinor: receivable.mapWith(Number),
};

function selectCommissions(db: Database, where: SQL, limit: number, offset = 0) {
  return selectBookingRows(db, COMMISSION_COLUMNS)
    .where(where)
    .orderBy(desc(bookings.tourDate), desc(bookings.reference))
    .limit(limit)
    .offset(offset);
}

export async function listCommissions(db: Database, principal: Principal, query: CommissionQuery): Promise<CommissionPage> {
  const where = commissionCondition(principal, query);
  const [rows, [totals]] = await Promise.all([
    selectCommissions(db, where, query.onPage, (query.page - 1) * query.onPage),
    db
      .select({ total: count(), sales: sum(bookings.publishedTotalMinor).mapWith(Number), receivable: sum(receivable).mapWith(Number) })
      .from(bookings)
      .where(where),
  ]);
  return {
    rows,
    total: totals?.total ?? 0,
    totals: { salesMinor: totals?.sales ?? 0, receivableMinor: totals?.receivable ?? 0 },
    page: query.page,
    onPage: query.onPage,
  };
}

/** Every commission row of the filtered list, newest travel date first, a batch at a time (keyset). */
export async function* streamCommissionRows(db: Database, principal: Principal, query: CommissionQuery, batchSize = 1_000): AsyncGenerator<CommissionRow[]> {
  const where = commissionCondition(principal, query);
  let after: SQL | undefined;
  for (;;) {
    const rows = await selectCommissions(db, and(where, after) as SQL, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = sql`(${bookings.tourDate}, ${bookings.reference}) < (${last.tourDate}::date, ${last.reference})`;
  }
}

/** Throws Forbidden when the principal may not see commissions (for exports, before any byte is sent). */
export function assertCanSeeCommissions(principal: Principal): void {
  commissionCondition(principal, {});
}
