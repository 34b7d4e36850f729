import 'server-only';
import { and, count, desc, eq, gte, lte, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { can } from '@/server/auth/permissions';
import type { Database } from '@/server/db/connection';
import { bookings, offers, tours, type LocalizedText } from '@/server/db/schema';
import { Forbidden } from '@/server/errors';

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

export type CommissionQuery = { travelFrom?: string; travelTo?: string; page: number; onPage: number };
export type CommissionPage = { rows: CommissionRow[]; total: number; totals: { salesMinor: number; receivableMinor: number }; page: number; onPage: number };

/**
 * Commissions are earned on bookings that went ahead: completed ones, not requests or
 * cancellations. Agency-wide (seniors and admins, who may see b2b rates).
 */
function commissionCondition(principal: Principal, query: Omit<CommissionQuery, 'page' | 'onPage'>): SQL {
  if (!can(principal.role, 'rates:viewB2b')) throw new Forbidden();
  return and(
    eq(bookings.agencyId, principal.agencyId),
    eq(bookings.status, 'completed'),
    ne(bookings.paymentMethod, 'request'),
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

export async function listCommissions(db: Database, principal: Principal, query: CommissionQuery): Promise<CommissionPage> {
  const where = commissionCondition(principal, query);
  const [rows, [totals]] = await Promise.all([
    db
      .select(COMMISSION_COLUMNS)
      .from(bookings)
      .innerJoin(tours, eq(tours.id, bookings.tourId))
      .innerJoin(offers, eq(offers.id, bookings.offerId))
      .where(where)
      .orderBy(desc(bookings.tourDate), desc(bookings.reference))
      .limit(query.onPage)
      .offset((query.page - 1) * query.onPage),
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
