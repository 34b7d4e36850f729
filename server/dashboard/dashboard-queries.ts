// The agent dashboard (docs/dashboard.md): what an agency user reads first after signing in. Every
// block is one bounded query scoped like the booking lists (visibleBookings: a junior sees their
// own bookings, seniors and admins their agency's), walking an index of the agency's rows, so the
// page stays under its 100 ms p99 on the 1,000,000-booking data set (bench/back-office.mjs).
import 'server-only';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { seesAgencyMoney, seesNetRates } from '@/server/auth/customer-view';
import { dubaiInstant, dubaiToday } from '@/shared/availability/rules';
import type { Database } from '@/server/db/connection';
import { agencyInvoices, bookings, ledgerEntries, offers, tours, type LocalizedText } from '@/server/db/schema';
import { rowsOf } from '@/server/db/result-rows';
import { loadBalanceOverview } from '@/server/balance/statement-queries';
import { selectBookingRows } from '@/server/bookings/booking-rows';
import { visibleBookings } from '@/server/bookings/booking-scope';
import type { BookingStatus } from '@/server/bookings/create-booking';
import { bookingPolicy } from '@/server/bookings/refund-rules';
import { loadSettings } from '@/server/settings/settings';
import type { Settings } from '@/server/settings/defaults';
import { type BookingCancellationPolicy, refundTiersOf } from '@/shared/bookings/offer-terms';

/** A booking as a dashboard block lists it. Money in AED fils (the published, retail total). */
export type DashboardBooking = {
  reference: string;
  tourDate: string;
  startTime: string | null;
  tourTitle: LocalizedText;
  guestName: string;
  status: BookingStatus;
  guests: number;
  publishedTotalMinor: number;
  /** Until when a provider payment holds the seats; null when nothing is held. */
  holdExpiresAt: Date | null;
  /** Set on a quotation request (why it became one). */
  requestReason: string | null;
  createdAt: Date;
};

/** A booking whose free cancellation ends soon: the instant it ends. */
export type DeadlineBooking = DashboardBooking & { freeUntil: Date };

export type DashboardMoney = {
  balanceMinor: number;
  creditLimitMinor: number;
  availableMinor: number;
  /** The oldest unpaid invoice: when it is due and how much. */
  nextInvoice: { dueOn: string; amountMinor: number } | null;
};

export type DashboardCharts = {
  /** The last 12 months (Asia/Dubai), oldest first, every month present. */
  months: { month: string; salesMinor: number; commissionMinor: number }[];
  /** The balance at each day's end over the last 90 days, oldest first; empty without balance rights. */
  balance: { day: string; balanceMinor: number }[];
  /** The most booked tours of the last 90 days. */
  topTours: { title: LocalizedText; bookings: number; salesMinor: number }[];
};

export type DashboardData = {
  today: string;
  departures: DashboardBooking[];
  openRequests: DashboardBooking[];
  paymentsDue: DashboardBooking[];
  recent: DashboardBooking[];
  /** The first few, soonest first; `deadlinesTotal` counts them all. */
  deadlines: DeadlineBooking[];
  deadlinesTotal: number;
  /** Null for a role that may not see the balance, and in customer view. */
  money: DashboardMoney | null;
  /** Null for a role that may not see b2b figures (commissions), and in customer view. */
  charts: DashboardCharts | null;
};

const BLOCK_LIMIT = 8;
export const DEPARTURE_DAYS = 7;
/** The digest's and the block's window: free cancellation ending within the next 48 hours. */
export const DEADLINE_WINDOW_HOURS = 48;
export const CHART_MONTHS = 12;
export const BALANCE_DAYS = 90;
export const TOP_TOUR_DAYS = 90;
const TOP_TOURS = 5;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const ROW_COLUMNS = {
  reference: bookings.reference,
  tourDate: bookings.tourDate,
  startTime: bookings.startTime,
  tourTitle: tours.title,
  guestName: bookings.guestName,
  status: bookings.status,
  guests: sql<number>`${bookings.adults} + ${bookings.children} + ${bookings.infants}`.mapWith(Number),
  publishedTotalMinor: bookings.publishedTotalMinor,
  holdExpiresAt: bookings.holdExpiresAt,
  requestReason: bookings.requestReason,
  createdAt: bookings.createdAt,
};

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function rows(db: Database, where: SQL) {
  return selectBookingRows(db, ROW_COLUMNS).where(where);
}

/** Departures of the next 7 days (today included), soonest first: bookings that go ahead. */
function loadDepartures(db: Database, principal: Principal, today: string) {
  return rows(
    db,
    and(
      visibleBookings(principal),
      gte(bookings.tourDate, today),
      lte(bookings.tourDate, addDays(today, DEPARTURE_DAYS - 1)),
      inArray(bookings.status, ['completed', 'payment_required']),
    ) as SQL,
  )
    .orderBy(asc(bookings.tourDate), asc(bookings.startTime), asc(bookings.reference))
    .limit(BLOCK_LIMIT);
}

/** Requests still waiting for the operator or for payment, newest first (the open-work index). */
function loadOpenRequests(db: Database, principal: Principal) {
  return rows(
    db,
    and(visibleBookings(principal), inArray(bookings.status, ['quotation_request', 'payment_required']), isNotNull(bookings.requestReason)) as SQL,
  )
    .orderBy(desc(bookings.createdAt))
    .limit(BLOCK_LIMIT);
}

/** Bookings waiting for payment: seats held by a running payment first, the hold ending soonest on top. */
function loadPaymentsDue(db: Database, principal: Principal) {
  return rows(db, and(visibleBookings(principal), eq(bookings.status, 'payment_required')) as SQL)
    .orderBy(sql`${bookings.holdExpiresAt} asc nulls last`, desc(bookings.createdAt))
    .limit(BLOCK_LIMIT);
}

function loadRecent(db: Database, principal: Principal) {
  return rows(db, visibleBookings(principal))
    .orderBy(desc(bookings.createdAt), desc(bookings.reference))
    .limit(BLOCK_LIMIT);
}

/**
 * When free cancellation ends: the start of the last window that still refunds 100 % (refund
 * tiers: more than 48 h, 24–48 h, less than 24 h before the start, server/bookings/refund-rules.ts).
 * Null when no window refunds in full.
 */
export function freeCancellationEnds(booking: { tourDate: string; startTime: string | null }, policy: BookingCancellationPolicy): Date | null {
  const tiers = refundTiersOf(policy);
  const start = dubaiInstant(booking.tourDate, booking.startTime).getTime();
  if (tiers.lessThan24h === 100 && tiers.between24hAnd48h === 100 && tiers.moreThan48h === 100) return new Date(start);
  if (tiers.between24hAnd48h === 100 && tiers.moreThan48h === 100) return new Date(start - 24 * HOUR_MS);
  if (tiers.moreThan48h === 100) return new Date(start - 48 * HOUR_MS);
  return null;
}

/** How far ahead a tour may start and still have its free cancellation end within the window. */
const DEADLINE_TOUR_DAYS = Math.ceil((DEADLINE_WINDOW_HOURS + 48) / 24) + 1;

/**
 * Completed bookings whose free cancellation ends within the next 48 hours, the soonest first. The
 * deadline depends on each booking's policy, so the candidates are the bookings starting within the
 * window plus the longest tier (a few days of the agency's travel-date index) and the rule picks them.
 * `where` is the scope: the principal's (dashboard) or an agency's (digest).
 */
export async function loadDeadlines(db: Database, where: SQL, now: Date, settings: Pick<Settings, 'refundTiers'>): Promise<(DeadlineBooking & { agentId: string; agencyId: string })[]> {
  const today = dubaiToday(now);
  const candidates = await selectBookingRows(db, {
    ...ROW_COLUMNS,
    agentId: bookings.agentId,
    agencyId: bookings.agencyId,
    cancellationPolicy: bookings.cancellationPolicy,
    offerPolicy: offers.cancellationPolicy,
  })
    .where(and(where, eq(bookings.status, 'completed'), gte(bookings.tourDate, today), lte(bookings.tourDate, addDays(today, DEADLINE_TOUR_DAYS))) as SQL)
    .orderBy(asc(bookings.tourDate), asc(bookings.startTime), asc(bookings.reference));
  const end = now.getTime() + DEADLINE_WINDOW_HOURS * HOUR_MS;
  return candidates
    .flatMap(({ cancellationPolicy, offerPolicy, ...row }) => {
      const freeUntil = freeCancellationEnds(row, bookingPolicy({ cancellationPolicy, offerPolicy }, settings));
      return freeUntil && freeUntil.getTime() > now.getTime() && freeUntil.getTime() <= end ? [{ ...row, freeUntil }] : [];
    })
    .sort((a, b) => a.freeUntil.getTime() - b.freeUntil.getTime());
}

async function loadMoney(db: Database, principal: Principal): Promise<DashboardMoney | null> {
  if (!seesAgencyMoney(principal)) return null;
  const [overview, [invoice]] = await Promise.all([
    loadBalanceOverview(db, principal),
    db
      .select({ dueOn: agencyInvoices.dueOn, amountMinor: agencyInvoices.amountMinor })
      .from(agencyInvoices)
      .where(and(eq(agencyInvoices.agencyId, principal.agencyId), isNull(agencyInvoices.paidAt)))
      .orderBy(asc(agencyInvoices.dueOn))
      .limit(1),
  ]);
  return { ...overview, nextInvoice: invoice ?? null };
}

/** The month (`yyyy-MM`) `months` before `today`'s month, and the instant it starts in Dubai. */
function monthStart(today: string, monthsBack: number): { month: string; instant: Date } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - monthsBack, 1));
  const day = first.toISOString().slice(0, 10);
  return { month: day.slice(0, 7), instant: dubaiInstant(day, null) };
}

const salesCondition = (agencyId: string, from: Date) =>
  and(eq(bookings.agencyId, agencyId), eq(bookings.status, 'completed'), sql`${bookings.paymentMethod} <> 'request'`, gte(bookings.createdAt, from)) as SQL;

/**
 * Sales and commissions of each of the last 12 months: one range of the covering index per month
 * (a lateral sum over each month's bounds), never an expression per row — grouping the heavy
 * agency's ~90,000 rows of a year by a computed month took 80 ms, the twelve ranges take 15.
 */
async function loadMonthlySales(db: Database, agencyId: string, today: string): Promise<DashboardCharts['months']> {
  const months = Array.from({ length: CHART_MONTHS }, (_, index) => {
    const start = monthStart(today, CHART_MONTHS - 1 - index);
    return { month: start.month, start: start.instant.toISOString(), end: monthStart(today, CHART_MONTHS - 2 - index).instant.toISOString() };
  });
  const bounds = sql.join(
    months.map((month) => sql`(${month.month}, ${month.start}::timestamptz, ${month.end}::timestamptz)`),
    sql`, `,
  );
  // Sums come back as text from postgres.js (bigint) and as numbers from PGlite: Number() reads both.
  const result = await db.execute(sql`
    select m.month, s.sales, s.commission
      from (values ${bounds}) as m(month, start, finish)
      cross join lateral (
        select sum(${bookings.publishedTotalMinor}) as sales, sum(${bookings.publishedTotalMinor} - ${bookings.netTotalMinor}) as commission
          from ${bookings}
         where ${bookings.agencyId} = ${agencyId} and ${bookings.status} = 'completed' and ${bookings.paymentMethod} <> 'request'
           and ${bookings.createdAt} >= m.start and ${bookings.createdAt} < m.finish
      ) as s
     order by m.month`);
  const byMonth = new Map(rowsOf<{ month: string; sales: string | number | null; commission: string | number | null }>(result).map((row) => [row.month, row]));
  return months.map(({ month }) => ({
    month,
    salesMinor: Number(byMonth.get(month)?.sales ?? 0),
    commissionMinor: Number(byMonth.get(month)?.commission ?? 0),
  }));
}

/** An agency's charts, from the database as it is now, or (the page) through a short cache per agency. */
export type ChartsLoader = (agencyId: string, today: string, withBalance: boolean) => Promise<DashboardCharts>;

async function loadCharts(db: Database, principal: Principal, today: string, load: ChartsLoader | undefined): Promise<DashboardCharts | null> {
  // Commissions are b2b figures: only for the roles that see NET rates (and not in customer view), agency-wide like /my-commissions.
  if (!seesNetRates(principal)) return null;
  const withBalance = seesAgencyMoney(principal);
  return load ? load(principal.agencyId, today, withBalance) : loadAgencyCharts(db, principal.agencyId, today, withBalance);
}

/** Sales and commissions per month for 12 months, the top tours of the last 90 days, and (`withBalance`) the balance over 90 days. */
export async function loadAgencyCharts(db: Database, agencyId: string, today: string, withBalance: boolean): Promise<DashboardCharts> {
  const since = dubaiInstant(addDays(today, -TOP_TOUR_DAYS), null);
  const [perMonth, top, balance] = await Promise.all([
    loadMonthlySales(db, agencyId, today),
    db
      .select({
        tourId: bookings.tourId,
        bookings: sql<number>`count(*)`.mapWith(Number),
        salesMinor: sql<number>`sum(${bookings.publishedTotalMinor})`.mapWith(Number),
      })
      .from(bookings)
      .where(salesCondition(agencyId, since))
      .groupBy(bookings.tourId)
      .orderBy(sql`count(*) desc`, bookings.tourId)
      .limit(TOP_TOURS),
    withBalance ? loadBalanceHistory(db, agencyId, today) : [],
  ]);
  const titles = top.length
    ? new Map((await db.select({ id: tours.id, title: tours.title }).from(tours).where(inArray(tours.id, top.map((row) => row.tourId)))).map((tour) => [tour.id, tour.title]))
    : new Map<string, LocalizedText>();
  return {
    months: perMonth,
    balance,
    topTours: top.flatMap((row) => {
      const title = titles.get(row.tourId);
      return title ? [{ title, bookings: row.bookings, salesMinor: row.salesMinor }] : [];
    }),
  };
}

/**
 * The balance at each day's end over the last 90 days: for each day the last ledger entry before
 * its end, one backward probe of the agency's ledger index per day (a lateral LIMIT 1). Days before
 * the agency's first entry are left out. Sorting a busy agency's month of 10,000 entries by a
 * computed day instead took 35 ms; the 90 probes take a few.
 */
async function loadBalanceHistory(db: Database, agencyId: string, today: string): Promise<{ day: string; balanceMinor: number }[]> {
  const days = Array.from({ length: BALANCE_DAYS }, (_, index) => addDays(today, index - (BALANCE_DAYS - 1)));
  const ends = sql.join(
    days.map((day) => sql`(${day}, ${dubaiInstant(addDays(day, 1), null).toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select d.day, e.balance
      from (values ${ends}) as d(day, day_end)
      cross join lateral (
        select ${ledgerEntries.balanceAfterMinor} as balance
          from ${ledgerEntries}
         where ${ledgerEntries.agencyId} = ${agencyId} and ${ledgerEntries.createdAt} < d.day_end
         order by ${ledgerEntries.createdAt} desc, ${ledgerEntries.id} desc
         limit 1
      ) as e
     order by d.day`);
  return rowsOf<{ day: string; balance: string | number }>(result).map((row) => ({ day: row.day, balanceMinor: Number(row.balance) }));
}

/** Everything the dashboard shows to `principal`, its blocks read side by side; `charts` reads the charts (default: the database now). */
export async function loadDashboard(db: Database, principal: Principal, now = new Date(), options: { charts?: ChartsLoader } = {}): Promise<DashboardData> {
  const today = dubaiToday(now);
  const settings = await loadSettings(db);
  const [departures, openRequests, paymentsDue, recent, deadlines, money, charts] = await Promise.all([
    loadDepartures(db, principal, today),
    loadOpenRequests(db, principal),
    loadPaymentsDue(db, principal),
    loadRecent(db, principal),
    loadDeadlines(db, visibleBookings(principal), now, settings),
    loadMoney(db, principal),
    loadCharts(db, principal, today, options.charts),
  ]);
  return {
    today,
    departures,
    openRequests,
    paymentsDue,
    recent,
    deadlines: deadlines.slice(0, BLOCK_LIMIT).map(({ agentId: _agentId, agencyId: _agencyId, ...row }) => row),
    deadlinesTotal: deadlines.length,
    money,
    charts,
  };
}
