import type { PaymentMethod } from '@/shared/bookings/checkout-schema';
import 'server-only';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiInstant } from '@/shared/availability/rules';
import type { Database } from '@/server/db/connection';
import { bookings, offers, tours, users, widgets, type LocalizedText } from '@/server/db/schema';
import { selectBookingRows } from './booking-rows';
import { Forbidden } from '@/server/errors';
import { contains } from '@/server/db/like';
import { visibleBookings } from './booking-scope';
import type { BookingStatus } from './create-booking';
import type { BookingListQuery } from '@/shared/bookings/list-schema';
import { type SupplierSide, supplierSide } from '@/shared/bookings/supplier-side';
import { seesNetRates } from '@/server/auth/customer-view';

/**
 * Which list: `all` the agency's bookings (seniors and admins), `own` the agent's own, `requests`
 * the quotation requests the agent may see (a junior's own, the agency's for the others), open
 * or decided.
 */
export type BookingListScope = 'all' | 'own' | 'requests';

export type BookingListRow = {
  reference: string;
  createdAt: Date;
  tourDate: string;
  startTime: string | null;
  tourTitle: LocalizedText;
  offerName: LocalizedText;
  guestName: string;
  agentName: string;
  status: BookingStatus;
  paymentMethod: PaymentMethod;
  adults: number;
  children: number;
  infants: number;
  /** AED fils. */
  publishedTotalMinor: number;
  /** Null for a role without b2b rights. */
  netTotalMinor: number | null;
  /** The widget a guest booked through, deleted ones too; null for a portal booking. */
  widgetName: string | null;
  /** The tour operator's side of a supplier-backed booking (reference, status, codes); null for our own inventory. */
  supplier: SupplierSide | null;
};

/**
 * `total` is exact up to COUNT_CAP; beyond it `totalIsCapped` is set and the list says "10,000+":
 * counting every row of a years-long list costs more than the page itself.
 */
export type BookingListPage = { rows: BookingListRow[]; total: number; totalIsCapped: boolean; page: number; onPage: number };

export const COUNT_CAP = 10_000;

const agent = alias(users, 'agent');

const SORT_COLUMNS = {
  createdAt: bookings.createdAt,
  tourDate: bookings.tourDate,
  reference: bookings.reference,
  guestName: bookings.guestName,
  publishedTotal: bookings.publishedTotalMinor,
} as const;

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The rows of a list as one condition, scoped to the principal in the query itself: the page and
 * the xlsx export select exactly the same bookings. Booking dates are days in Asia/Dubai.
 */
export function bookingListCondition(principal: Principal, scope: BookingListScope, query: BookingListQuery): SQL {
  if (scope === 'all' && !memberCan(principal, 'bookings:viewAll')) throw new Forbidden();
  const conditions: (SQL | undefined)[] = [
    scope === 'own' ? and(eq(bookings.agencyId, principal.agencyId), eq(bookings.agentId, principal.userId)) : visibleBookings(principal),
    // A request stays under Requests once decided (confirmed, paid, declined), showing its status now.
    scope === 'requests' ? isNotNull(bookings.requestReason) : undefined,
    query.status ? eq(bookings.status, query.status) : undefined,
    query.reference ? ilike(bookings.reference, contains(query.reference)) : undefined,
    query.guest ? ilike(bookings.guestName, contains(query.guest)) : undefined,
    query.bookedFrom ? gte(bookings.createdAt, dubaiInstant(query.bookedFrom, null)) : undefined,
    query.bookedTo ? lt(bookings.createdAt, dubaiInstant(nextDay(query.bookedTo), null)) : undefined,
    query.travelFrom ? gte(bookings.tourDate, query.travelFrom) : undefined,
    query.travelTo ? lte(bookings.tourDate, query.travelTo) : undefined,
    query.agent ? eq(bookings.agentId, query.agent) : undefined,
    query.tour ? eq(bookings.tourId, query.tour) : undefined,
  ];
  return and(...conditions) as SQL;
}

const ROW_COLUMNS = {
    reference: bookings.reference,
    createdAt: bookings.createdAt,
    tourDate: bookings.tourDate,
    startTime: bookings.startTime,
    tourTitle: tours.title,
    offerName: offers.name,
    guestName: bookings.guestName,
    agentName: agent.name,
    status: bookings.status,
    paymentMethod: bookings.paymentMethod,
    adults: bookings.adults,
    children: bookings.children,
    infants: bookings.infants,
    publishedTotalMinor: bookings.publishedTotalMinor,
    netTotalMinor: bookings.netTotalMinor,
    widgetId: bookings.widgetId,
    supplierReference: bookings.supplierReference,
    supplierStatus: bookings.supplierStatus,
    supplierTickets: bookings.supplierTickets,
};

function ordering(query: BookingListQuery) {
  const direction = query.dir === 'asc' ? asc : desc;
  // The reference breaks ties, so paging is stable.
  return [direction(SORT_COLUMNS[query.sort]), direction(bookings.reference)];
}

/** The sort column's SQL type, to read back a keyset cursor sent as text. */
const SORT_TYPES = { createdAt: 'timestamptz', tourDate: 'date', reference: 'text', guestName: 'text', publishedTotal: 'integer' } as const;

function selectRows(db: Database, where: SQL, query: BookingListQuery, limit: number, offset = 0) {
  return selectBookingRows(db, { ...ROW_COLUMNS, sortKey: sql<string>`${SORT_COLUMNS[query.sort]}::text` })
    .innerJoin(agent, eq(agent.id, bookings.agentId))
    .where(where)
    .orderBy(...ordering(query))
    .limit(limit)
    .offset(offset);
}

type SelectedRow = Omit<BookingListRow, 'widgetName' | 'supplier'> & Parameters<typeof supplierSide>[0] & { widgetId: string | null; sortKey: string };

/**
 * The rows as the principal may see them, with their widgets' names. NET figures only reach a role
 * allowed to see b2b rates. The names come from a second query by primary key for the widget ids
 * of these rows only (none at all when no row is a widget booking), rather than a join in the page
 * query: that query's plan, benchmarked at a million bookings, stays exactly as it was.
 */
async function presentRows(db: Database, principal: Principal, rows: SelectedRow[]): Promise<BookingListRow[]> {
  const seesNet = seesNetRates(principal);
  const names = await widgetNames(db, principal, rows.flatMap((row) => (row.widgetId === null ? [] : [row.widgetId])));
  return rows.map(({ sortKey: _sortKey, widgetId, supplierReference, supplierStatus, supplierTickets, ...row }) => ({
    ...row,
    supplier: supplierSide({ supplierReference, supplierStatus, supplierTickets }),
    netTotalMinor: seesNet ? row.netTotalMinor : null,
    widgetName: widgetId === null ? null : (names.get(widgetId) ?? null),
  }));
}

/** Widget id → name for the agency's widgets among `ids`: one probe of the primary key per id. */
async function widgetNames(db: Database, principal: Principal, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: widgets.id, name: widgets.name })
    .from(widgets)
    .where(and(inArray(widgets.id, [...new Set(ids)]), eq(widgets.agencyId, principal.agencyId)));
  return new Map(found.map((widget) => [widget.id, widget.name]));
}

/** One page of a list and the number of rows of the whole filtered list. */
export async function listBookings(db: Database, principal: Principal, scope: BookingListScope, query: BookingListQuery): Promise<BookingListPage> {
  const where = bookingListCondition(principal, scope, query);
  const [rows, [counted]] = await Promise.all([
    selectRows(db, where, query, query.onPage, (query.page - 1) * query.onPage),
    // Counted in the page's own order so the planner walks the page's index. Without the order it
    // may pick a sequential scan, and PostgreSQL's synchronized scans then start that scan where an
    // earlier one stopped, far from the agency's rows: every few requests took 300 ms instead of 25.
    db
      .select({ total: count() })
      .from(db.select({ one: sql`1` }).from(bookings).where(where).orderBy(...ordering(query)).limit(COUNT_CAP + 1).as('capped')),
  ]);
  const total = counted?.total ?? 0;
  return {
    rows: await presentRows(db, principal, rows),
    total: Math.min(total, COUNT_CAP),
    totalIsCapped: total > COUNT_CAP,
    page: query.page,
    onPage: query.onPage,
  };
}

/**
 * Every row of a filtered list in the list's order, a batch at a time, for exports that must not
 * hold the whole list in memory. Each batch continues after the last row of the previous one
 * (keyset paging on the sort column and the reference), so the last batch costs what the first does.
 */
export async function* streamBookingRows(
  db: Database,
  principal: Principal,
  scope: BookingListScope,
  query: BookingListQuery,
  batchSize = 1_000,
): AsyncGenerator<BookingListRow[]> {
  const where = bookingListCondition(principal, scope, query);
  const column = SORT_COLUMNS[query.sort];
  let after: SQL | undefined;
  for (;;) {
    const rows = await selectRows(db, and(where, after) as SQL, query, batchSize);
    if (rows.length > 0) yield await presentRows(db, principal, rows);
    if (rows.length < batchSize) return;
    // The cursor travels as text and is cast back, so timestamps keep their microseconds.
    const last = rows.at(-1)!;
    const cursor = sql`${last.sortKey}::${sql.raw(SORT_TYPES[query.sort])}`;
    after = query.dir === 'asc' ? sql`(${column}, ${bookings.reference}) > (${cursor}, ${last.reference})` : sql`(${column}, ${bookings.reference}) < (${cursor}, ${last.reference})`;
  }
}
