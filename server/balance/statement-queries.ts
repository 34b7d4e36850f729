import 'server-only';
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiInstant, dubaiToday, dubaiWallClock } from '@/shared/availability/rules';
import type { Database } from '@/server/db/connection';
import { agencies, bookings, depositNotices, ledgerEntries } from '@/server/db/schema';
import { Forbidden, NotFound } from '@/server/errors';
import { isCalendarMonth } from '@/shared/dates';
import { availableFunds } from '@/server/ledger/ledger';
import { addMonths, lastDayOf } from '@/shared/ledger/credit-terms';

// The agency's balance page (spec §2 "Balance", §3 "Balance", §9 terms): reads of the append-only
// ledger, always in AED fils and Asia/Dubai months. A month's opening balance is the running
// balance of the last entry before it (one index probe on (agency_id, created_at)), never a sum
// of the agency's history, so a statement costs what its own month holds.

/** A calendar month in Asia/Dubai, `yyyy-MM`. */
export type StatementMonth = string;

export type LedgerEntryKind = (typeof ledgerEntries.$inferSelect)['kind'];

export type BalanceOverview = { balanceMinor: number; creditLimitMinor: number; availableMinor: number };

export type MonthlySummaryRow = {
  month: StatementMonth;
  /** The month's opening balance: the running balance of the last entry before it. */
  openingMinor: number;
  debitMinor: number;
  creditMinor: number;
  closingMinor: number;
  /** Entries in the whole month. */
  entries: number;
};

export type StatementRow = {
  id: string;
  createdAt: Date;
  /** Asia/Dubai day `yyyy-MM-dd` and time `HH:mm` of the posting. */
  day: string;
  time: string;
  kind: LedgerEntryKind;
  description: string;
  bookingReference: string | null;
  /** A credited deposit notice's bank reference, for a `deposit` entry. */
  bankReference: string | null;
  debitMinor: number;
  creditMinor: number;
  /** The balance after this entry: the opening balance plus every credit less every debit up to it. */
  balanceMinor: number;
};

/**
 * A `yyyy-MM` within the calendar the portal keeps (2000-01 … 2100-12): a month past 9999 has no
 * next month to end at, and the query failed.
 */
export function isStatementMonth(value: unknown): value is StatementMonth {
  return isCalendarMonth(value);
}

/** The Asia/Dubai month of an instant. */
export function monthOf(instant: Date): StatementMonth {
  return dubaiToday(instant).slice(0, 7);
}

// The calendar arithmetic and spec §9's terms are the shared credit rule's (shared/ledger).
export { addMonths, lastDayOf };

function monthStart(month: StatementMonth): Date {
  return dubaiInstant(`${month}-01`, null);
}

function assertCanView(principal: Principal) {
  if (!memberCan(principal, 'balance:view')) throw new Forbidden();
}

function ofAgency(principal: Principal): SQL {
  return eq(ledgerEntries.agencyId, principal.agencyId);
}

/** The running balance of the agency's last entry before `instant`: a correlated-free scalar subquery. */
function balanceBefore(principal: Principal, instant: Date) {
  return sql<number | null>`(
    select ${ledgerEntries.balanceAfterMinor} from ${ledgerEntries}
    where ${and(ofAgency(principal), lt(ledgerEntries.createdAt, instant))}
    order by ${ledgerEntries.createdAt} desc, ${ledgerEntries.id} desc limit 1
  )`.mapWith((value: unknown) => (value === null ? null : Number(value)));
}

/** For the rare view without entries of its own, where no row carries the opening balance. */
async function loadBalanceBefore(db: Database, principal: Principal, instant: Date): Promise<number | null> {
  const [row] = await db
    .select({ balance: ledgerEntries.balanceAfterMinor })
    .from(ledgerEntries)
    .where(and(ofAgency(principal), lt(ledgerEntries.createdAt, instant)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(1);
  return row?.balance ?? null;
}

/** The agency's balance, credit limit and available funds (balance + credit limit). */
export async function loadBalanceOverview(db: Database, principal: Principal): Promise<BalanceOverview> {
  assertCanView(principal);
  const [row] = await db
    .select({ balanceMinor: agencies.balanceMinor, creditLimitMinor: agencies.creditLimitMinor })
    .from(agencies)
    .where(eq(agencies.id, principal.agencyId));
  if (!row) throw new NotFound();
  return { ...row, availableMinor: availableFunds(row) };
}

const dubaiMonth = sql<string>`to_char((${ledgerEntries.createdAt} at time zone 'UTC') + interval '4 hours', 'YYYY-MM')`;

/**
 * The last `months` months up to `now`'s month, newest first: opening, debits, credits and closing
 * of each, from one grouped query. Months before the agency's first entry are left out.
 */
export async function loadMonthlySummary(
  db: Database,
  principal: Principal,
  options: { months: number; now?: Date },
): Promise<MonthlySummaryRow[]> {
  assertCanView(principal);
  const last = monthOf(options.now ?? new Date());
  const first = addMonths(last, 1 - Math.max(1, options.months));
  const from = monthStart(first);
  const grouped = await db
    .select({
      month: dubaiMonth,
      debitMinor: sql`sum(${ledgerEntries.debitMinor})`.mapWith(Number),
      creditMinor: sql`sum(${ledgerEntries.creditMinor})`.mapWith(Number),
      entries: sql`count(*)`.mapWith(Number),
      openingMinor: balanceBefore(principal, from),
    })
    .from(ledgerEntries)
    .where(and(ofAgency(principal), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, monthStart(addMonths(last, 1)))))
    .groupBy(dubaiMonth);
  const opening = grouped.length > 0 ? (grouped[0]?.openingMinor ?? null) : await loadBalanceBefore(db, principal, from);
  const byMonth = new Map(grouped.map((row) => [row.month, row]));

  const rows: MonthlySummaryRow[] = [];
  let balance = opening ?? 0;
  let started = opening !== null;
  for (let month = first; month <= last; month = addMonths(month, 1)) {
    const totals = byMonth.get(month);
    started ||= totals !== undefined;
    if (!started) continue;
    const debitMinor = totals?.debitMinor ?? 0;
    const creditMinor = totals?.creditMinor ?? 0;
    const closingMinor = balance + creditMinor - debitMinor;
    rows.push({ month, openingMinor: balance, debitMinor, creditMinor, closingMinor, entries: totals?.entries ?? 0 });
    balance = closingMinor;
  }
  return rows.reverse();
}

/** Rows on one page of a statement: a busy month is paged, so a page renders in the same time whatever the month holds. */
export const STATEMENT_PAGE_SIZE = 250;

const STATEMENT_COLUMNS = {
  id: ledgerEntries.id,
  createdAt: ledgerEntries.createdAt,
  // Text keeps the microseconds a JS Date drops, for the export's keyset cursor.
  cursor: sql<string>`${ledgerEntries.createdAt}::text`,
  kind: ledgerEntries.kind,
  description: ledgerEntries.description,
  bookingReference: bookings.reference,
  bankReference: depositNotices.bankReference,
  debitMinor: ledgerEntries.debitMinor,
  creditMinor: ledgerEntries.creditMinor,
  balanceMinor: ledgerEntries.balanceAfterMinor,
};

type EntryRow = Omit<StatementRow, 'day' | 'time'> & { cursor: string };

function inMonth(principal: Principal, month: StatementMonth): SQL {
  return and(ofAgency(principal), gte(ledgerEntries.createdAt, monthStart(month)), lt(ledgerEntries.createdAt, monthStart(addMonths(month, 1)))) as SQL;
}

/**
 * The month's debits, credits and number of entries as one uncorrelated scalar subquery, which
 * PostgreSQL runs once per query (an InitPlan) whatever its statistics say; a joined aggregate
 * was re-run per row on a table not yet analysed (PGlite has no autovacuum).
 */
function monthTotals(principal: Principal, month: StatementMonth) {
  return sql`(
    select array[coalesce(sum(${ledgerEntries.debitMinor}), 0), coalesce(sum(${ledgerEntries.creditMinor}), 0), count(*)]
    from ${ledgerEntries} where ${inMonth(principal, month)}
  )`.mapWith((value: unknown): MonthTotals => {
    const [debitMinor, creditMinor, entries] = (typeof value === 'string' ? value.replace(/[{}]/g, '').split(',') : (value as unknown[])).map(Number);
    return { debitMinor: debitMinor ?? 0, creditMinor: creditMinor ?? 0, entries: entries ?? 0 };
  });
}

type MonthTotals = { debitMinor: number; creditMinor: number; entries: number };

// The booking is the agency's own: the ledger row and the booking share the agency id.
const ownBooking = and(eq(bookings.id, ledgerEntries.bookingId), eq(bookings.agencyId, ledgerEntries.agencyId));
// The deposit notice a `deposit` entry credited, of the same agency (its index on agency_id finds it).
const creditedNotice = and(eq(depositNotices.ledgerEntryId, ledgerEntries.id), eq(depositNotices.agencyId, ledgerEntries.agencyId));

function selectEntries(db: Database, where: SQL, limit: number) {
  return db
    .select(STATEMENT_COLUMNS)
    .from(ledgerEntries)
    .leftJoin(bookings, ownBooking)
    .leftJoin(depositNotices, creditedNotice)
    .where(where)
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    .limit(limit);
}

function toStatementRow({ cursor: _cursor, ...entry }: EntryRow): StatementRow {
  const local = dubaiWallClock(entry.createdAt).toISOString();
  return { ...entry, day: local.slice(0, 10), time: local.slice(11, 16) };
}

/** One page of a month's statement, with the month's totals. */
export type StatementPage = MonthlySummaryRow & {
  page: number;
  pageCount: number;
  /** The running balance before this page's first row (the month's opening on page 1). */
  broughtForwardMinor: number;
  rows: StatementRow[];
};

/**
 * One page of a month's statement, in posting order, each row with the running balance the ledger
 * wrote with it, and the month's opening, totals and closing: one query (the month's aggregate is
 * joined in once). A page past the end is read again as the last page.
 */
export async function loadStatement(
  db: Database,
  principal: Principal,
  month: StatementMonth,
  options: { page?: number; pageSize?: number } = {},
): Promise<StatementPage> {
  assertCanView(principal);
  if (!isStatementMonth(month)) throw new NotFound();
  const pageSize = options.pageSize ?? STATEMENT_PAGE_SIZE;
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const summary = { totals: monthTotals(principal, month), openingMinor: balanceBefore(principal, monthStart(month)) };
  const found = await db
    .select({ ...STATEMENT_COLUMNS, month: summary })
    .from(ledgerEntries)
    .leftJoin(bookings, ownBooking)
    .leftJoin(depositNotices, creditedNotice)
    .where(inMonth(principal, month))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const { totals, openingMinor } = found[0]?.month ?? (await db.select(summary).from(sql`(select 1) as one`))[0]!;
  const opening = openingMinor ?? 0;
  const pageCount = Math.max(1, Math.ceil(totals.entries / pageSize));
  if (found.length === 0 && page > pageCount) return loadStatement(db, principal, month, { page: pageCount, pageSize });

  const rows = found.map(({ month: _month, ...entry }) => toStatementRow(entry));
  const firstRow = rows[0];
  return {
    month,
    openingMinor: opening,
    debitMinor: totals.debitMinor,
    creditMinor: totals.creditMinor,
    closingMinor: opening + totals.creditMinor - totals.debitMinor,
    entries: totals.entries,
    page: Math.min(page, pageCount),
    pageCount,
    broughtForwardMinor: firstRow ? firstRow.balanceMinor - firstRow.creditMinor + firstRow.debitMinor : opening,
    rows,
  };
}

export type StatementStream = { openingMinor: number; batches: AsyncGenerator<StatementRow[]> };

/**
 * A month's whole statement a batch at a time (keyset paging on (created_at, id)), for the xlsx
 * export: the month's opening balance, then the rows with their running balances. The first batch
 * is read before this returns, so a read that fails fails here, before the download has started,
 * rather than cutting off a response already sent as 200; later batches are read as they are asked for.
 */
export async function streamStatement(db: Database, principal: Principal, month: StatementMonth, batchSize = 2_000): Promise<StatementStream> {
  assertCanView(principal);
  if (!isStatementMonth(month)) throw new NotFound();
  const openingMinor = (await loadBalanceBefore(db, principal, monthStart(month))) ?? 0;
  const read = (after: SQL | undefined) => selectEntries(db, and(inMonth(principal, month), after) as SQL, batchSize);
  // A parameter, not a captured variable, so a batch is let go once the next one replaces it.
  async function* batches(entries: EntryRow[]): AsyncGenerator<StatementRow[]> {
    for (;;) {
      if (entries.length > 0) yield entries.map(toStatementRow);
      const last = entries.at(-1);
      if (!last || entries.length < batchSize) return;
      entries = await read(sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) > (${last.cursor}::timestamptz, ${last.id}::uuid)`);
    }
  }
  return { openingMinor, batches: batches(await read(undefined)) };
}
