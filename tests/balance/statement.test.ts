import { asc, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { createBooking } from '@/server/bookings/create-booking';
import type { RefundQuote } from '@/server/bookings/refund-rules';
import { agencies, ledgerEntries, offers } from '@/server/db/schema';
import type { Database } from '@/server/db/connection';
import { invoiceDueDate, isPastDue, monthTerms } from '@/shared/ledger/credit-terms';
import { Forbidden, NotFound } from '@/server/errors';
import {
  addMonths,
  isStatementMonth,
  loadBalanceOverview,
  loadMonthlySummary,
  loadStatement,
  type StatementPage,
  type StatementRow,
  streamStatement,
} from '@/server/balance/statement-queries';
import { statementExportColumns } from '@/server/exports/statement-export';
import { addDays, agencyBalance, checkoutInput, DESERT_ROSE, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The balance page's reads on a real database: bookings debit the ledger, a cancellation credits
// the refund, and the entries are spread over three months (the last one starting on a Dubai
// midnight that is still the previous day in UTC).

let database: TestDatabase;
const now = new Date('2026-11-21T08:00:00Z');
const today = '2026-11-21';
const options = { locale: 'en' as const, now };
let senior: Principal;
let junior: Principal;
let otherSenior: Principal;
let cancelled: { reference: string; quote: RefundQuote };

/** When each Desert Rose entry is moved to, in posting order (Asia/Dubai wall-clock times). */
const DESERT_ROSE_TIMES = [
  '2026-09-15T09:00:00+04:00', // opening balance
  '2026-10-20T10:00:00+04:00', // booking 1
  '2026-10-20T10:00:00+04:00', // booking 2, the same instant: the id orders them
  '2026-11-01T00:30:00+04:00', // booking 3: 31 October in UTC, November in Dubai
  '2026-11-05T15:45:00+04:00', // refund of booking 1
  '2026-11-05T15:46:00+04:00', // the processing fee kept from it
];

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: now } });
  const { db } = database;
  [senior, junior, otherSenior] = await Promise.all([
    principalFor(db, 'senior@desertrose.test'),
    principalFor(db, 'junior@desertrose.test'),
    principalFor(db, 'senior@gulfhorizons.test'),
  ]);
  const offer = await findOffer(db, 'shared');
  // Refundable under the settings' tiers, whichever shared offer the seed put first.
  await db.update(offers).set({ cancellationPolicy: { kind: 'standard' } }).where(eq(offers.id, offer.id));
  const tourDate = addDays(today, 10);
  const slot = await prepareSlot(db, offer.id, tourDate, { left: 20 });
  const book = (principal: Principal, adults: number) =>
    createBooking(db, principal, checkoutInput({ offerId: offer.id, date: tourDate, time: slot.startTime, adults, paymentMethod: 'balance' }), options);
  const first = await book(senior, 2);
  await book(senior, 1);
  await book(senior, 3);
  cancelled = { reference: first.reference, quote: await cancelBooking(db, senior, first.reference, now) };
  await book(otherSenior, 2);

  // Move the entries into the past in posting order; ids break the tie of equal instants, so the
  // tied pair gets ids in posting order too.
  const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, DESERT_ROSE)).orderBy(asc(ledgerEntries.createdAt));
  expect(entries).toHaveLength(DESERT_ROSE_TIMES.length);
  const tiedIds = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
  for (const [index, entry] of entries.entries()) {
    const id = index === 1 || index === 2 ? tiedIds[index - 1]! : entry.id;
    await db.update(ledgerEntries).set({ id, createdAt: new Date(DESERT_ROSE_TIMES[index]!) }).where(eq(ledgerEntries.id, entry.id));
  }
  const others = await db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, otherSenior.agencyId)).orderBy(asc(ledgerEntries.createdAt));
  for (const [index, entry] of others.entries()) {
    await db.update(ledgerEntries).set({ createdAt: new Date(Date.parse('2026-10-20T10:00:00+04:00') + index * 60_000) }).where(eq(ledgerEntries.id, entry.id));
  }

  // A test-only adjustment after the refund, written as the ledger writes one.
  const balance = await agencyBalance(db, DESERT_ROSE);
  await db.insert(ledgerEntries).values({
    agencyId: DESERT_ROSE,
    kind: 'adjustment',
    debitMinor: 12_345,
    balanceAfterMinor: balance - 12_345,
    description: 'Bank charges',
    createdAt: new Date('2026-11-20T23:59:00+04:00'),
  });
  await db.update(agencies).set({ balanceMinor: balance - 12_345 }).where(eq(agencies.id, DESERT_ROSE));
});
afterAll(() => database.dispose());

/** The agency's whole ledger in posting order, read independently of the queries under test. */
async function wholeLedger(agencyId: string) {
  return database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.agencyId, agencyId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

function expectRunningBalances(statement: StatementPage) {
  expect(statement.broughtForwardMinor).toBe(statement.openingMinor);
  let balance = statement.openingMinor;
  for (const row of statement.rows) {
    balance += row.creditMinor - row.debitMinor;
    expect(row.balanceMinor).toBe(balance);
  }
  expect(statement.closingMinor).toBe(balance);
}

describe('the daily statement', () => {
  it('gives every row the running balance the ledger holds: the sum of all entries up to it', async () => {
    const { db } = database;
    const ledger = await wholeLedger(DESERT_ROSE);
    const sums = new Map<string, { sum: number; stored: number }>();
    let sum = 0;
    for (const entry of ledger) {
      sum += entry.creditMinor - entry.debitMinor;
      sums.set(entry.id, { sum, stored: entry.balanceAfterMinor });
    }

    const months = ['2026-09', '2026-10', '2026-11'];
    const statements = await Promise.all(months.map((month) => loadStatement(db, senior, month)));
    expect(statements.map((statement) => statement.rows.length)).toEqual([1, 2, 4]);
    for (const statement of statements) {
      expectRunningBalances(statement);
      for (const row of statement.rows) {
        expect(row.balanceMinor).toBe(sums.get(row.id)?.sum);
        expect(row.balanceMinor).toBe(sums.get(row.id)?.stored);
      }
    }
    expect(statements.flatMap((statement) => statement.rows.map((row) => row.id))).toEqual(ledger.map((entry) => entry.id));
    expect(statements[0]!.openingMinor).toBe(0);
    expect(statements[1]!.openingMinor).toBe(statements[0]!.closingMinor);
    expect(statements[2]!.openingMinor).toBe(statements[1]!.closingMinor);
    expect(statements[2]!.closingMinor).toBe(await agencyBalance(db, DESERT_ROSE));
  });

  it('shows Dubai days and times, kinds and booking references', async () => {
    const { rows } = await loadStatement(database.db, senior, '2026-11');
    expect(rows.map((row) => [row.day, row.time, row.kind])).toEqual([
      ['2026-11-01', '00:30', 'booking'],
      ['2026-11-05', '15:45', 'refund'],
      ['2026-11-05', '15:46', 'cancellation_fee'],
      ['2026-11-20', '23:59', 'adjustment'],
    ]);
    expect(rows[0]!.bookingReference).toMatch(/^TD-/);
    expect(rows[1]!.bookingReference).toMatch(/^TD-/);
    expect(rows[3]!.bookingReference).toBeNull();
    expect(rows[0]!.debitMinor).toBeGreaterThan(0);
    expect(rows[1]!.creditMinor).toBeGreaterThan(0);
  });

  it('shows a cancellation’s refund and the fee kept from it as their own lines, moving the balance by the net refund', async () => {
    const { rows } = await loadStatement(database.db, senior, '2026-11');
    const lines = rows.filter((row) => row.bookingReference === cancelled.reference);
    const { quote } = cancelled;
    expect(quote.feeMinor).toBeGreaterThan(0);
    expect(lines.map((row) => [row.kind, row.creditMinor, row.debitMinor])).toEqual([
      ['refund', quote.grossRefundMinor, 0],
      ['cancellation_fee', 0, quote.feeMinor],
    ]);
    const [refund, fee] = lines;
    expect(fee!.balanceMinor - (refund!.balanceMinor - refund!.creditMinor)).toBe(quote.refundMinor);
    const sheet = statementExportColumns('en');
    const description = sheet.find((column) => column.header === 'Description')!;
    expect(lines.map((row) => description.value({ opening: false, ...row }))).toEqual(['Refund', 'Cancellation fee']);
  });

  it('keeps the balance of a month without entries', async () => {
    const { db } = database;
    const november = await loadStatement(db, senior, '2026-11');
    expect(await loadStatement(db, senior, '2026-12')).toEqual({
      month: '2026-12',
      openingMinor: november.closingMinor,
      debitMinor: 0,
      creditMinor: 0,
      closingMinor: november.closingMinor,
      entries: 0,
      page: 1,
      pageCount: 1,
      broughtForwardMinor: november.closingMinor,
      rows: [],
    });
    expect((await loadStatement(db, senior, '2026-08')).closingMinor).toBe(0);
  });

  it('pages a busy month, each page bringing forward the balance the previous one ended on', async () => {
    const { db } = database;
    const whole = await loadStatement(db, senior, '2026-11');
    const pages = await Promise.all([1, 2, 3, 4].map((page) => loadStatement(db, senior, '2026-11', { page, pageSize: 1 })));
    expect(pages.map((page) => page.pageCount)).toEqual([4, 4, 4, 4]);
    expect(pages.flatMap((page) => page.rows)).toEqual(whole.rows);
    expect(pages[0]!.broughtForwardMinor).toBe(whole.openingMinor);
    for (let index = 1; index < pages.length; index++) expect(pages[index]!.broughtForwardMinor).toBe(pages[index - 1]!.rows.at(-1)!.balanceMinor);
    for (const page of pages) expect(page).toMatchObject({ openingMinor: whole.openingMinor, debitMinor: whole.debitMinor, creditMinor: whole.creditMinor, closingMinor: whole.closingMinor, entries: 4 });
    expect(await loadStatement(db, senior, '2026-11', { page: 99, pageSize: 1 })).toEqual(pages[3]);
  });

  it('streams the same rows a batch at a time for the export', async () => {
    const { db } = database;
    const months = ['2026-10', '2026-11'];
    for (const month of months) {
      const statement = await loadStatement(db, senior, month);
      const stream = await streamStatement(db, senior, month, 1);
      const streamed: StatementRow[] = [];
      for await (const batch of stream.batches) streamed.push(...batch);
      expect(stream.openingMinor).toBe(statement.openingMinor);
      expect(streamed).toEqual(statement.rows);
    }
  });

  it('refuses a month outside the calendar before the export starts', async () => {
    const { db } = database;
    for (const month of ['9999-12', '0000-01', '2101-01', '1999-12', '2026-1', '2026-00']) {
      expect(isStatementMonth(month), month).toBe(false);
      await expect(streamStatement(db, senior, month), month).rejects.toBeInstanceOf(NotFound);
      await expect(loadStatement(db, senior, month), month).rejects.toBeInstanceOf(NotFound);
    }
  });

  it('reads the first batch before handing the stream over, so a failing read fails before the first byte', async () => {
    const { db } = database;
    // The real database, whose second read (the statement's first batch, after the opening balance) fails.
    let reads = 0;
    const failingSecondRead = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'select') return Reflect.get(target, property, receiver);
        return (...args: Parameters<Database['select']>) => {
          reads += 1;
          if (reads === 2) throw new Error('the database went away');
          return target.select(...args);
        };
      },
    });
    await expect(streamStatement(failingSecondRead, senior, '2026-10')).rejects.toThrow('the database went away');
  });

  it('never shows another agency’s entries', async () => {
    const { db } = database;
    const others = await wholeLedger(otherSenior.agencyId);
    const otherIds = new Set(others.map((entry) => entry.id));
    const mine = await loadStatement(db, senior, '2026-10');
    expect(mine.rows.some((row) => otherIds.has(row.id))).toBe(false);
    const theirs = await loadStatement(db, otherSenior, '2026-10');
    expect(theirs.rows.map((row) => row.id)).toEqual(others.filter((entry) => entry.createdAt.toISOString().startsWith('2026-10')).map((entry) => entry.id));
    expectRunningBalances(theirs);
  });
});

describe('the monthly summary', () => {
  it('chains each month’s closing into the next month’s opening, from the agency’s first month on', async () => {
    const { db } = database;
    const summary = await loadMonthlySummary(db, senior, { months: 12, now });
    expect(summary.map((row) => row.month)).toEqual(['2026-11', '2026-10', '2026-09']);
    for (const row of summary) {
      const statement = await loadStatement(db, senior, row.month);
      expect(row).toMatchObject({
        openingMinor: statement.openingMinor,
        debitMinor: statement.debitMinor,
        creditMinor: statement.creditMinor,
        closingMinor: statement.closingMinor,
        entries: statement.rows.length,
      });
      expect(row.closingMinor).toBe(row.openingMinor + row.creditMinor - row.debitMinor);
    }
    for (let index = 0; index < summary.length - 1; index++) expect(summary[index]!.openingMinor).toBe(summary[index + 1]!.closingMinor);
    expect(summary[0]!.closingMinor).toBe(await agencyBalance(db, DESERT_ROSE));
  });

  it('opens a shorter window on the balance carried in, and runs on through quiet months', async () => {
    const { db } = database;
    const twoMonths = await loadMonthlySummary(db, senior, { months: 2, now: new Date('2027-01-10T08:00:00Z') });
    const november = await loadStatement(db, senior, '2026-11');
    expect(twoMonths).toEqual([
      { month: '2027-01', openingMinor: november.closingMinor, debitMinor: 0, creditMinor: 0, closingMinor: november.closingMinor, entries: 0 },
      { month: '2026-12', openingMinor: november.closingMinor, debitMinor: 0, creditMinor: 0, closingMinor: november.closingMinor, entries: 0 },
    ]);
  });
});

describe('the overview', () => {
  it('gives the balance, credit limit and available funds', async () => {
    const { db } = database;
    const [agency] = await db.select().from(agencies).where(eq(agencies.id, DESERT_ROSE));
    expect(await loadBalanceOverview(db, senior)).toEqual({
      balanceMinor: agency!.balanceMinor,
      creditLimitMinor: 5_000_000,
      availableMinor: agency!.balanceMinor + 5_000_000,
    });
  });
});

describe('access', () => {
  it('refuses a junior agent every balance read', async () => {
    const { db } = database;
    await expect(loadBalanceOverview(db, junior)).rejects.toBeInstanceOf(Forbidden);
    await expect(loadMonthlySummary(db, junior, { months: 12, now })).rejects.toBeInstanceOf(Forbidden);
    await expect(loadStatement(db, junior, '2026-11')).rejects.toBeInstanceOf(Forbidden);
    await expect(streamStatement(db, junior, '2026-11')).rejects.toBeInstanceOf(Forbidden);
  });
});

describe('the terms of a month', () => {
  it('clears the invoice 30 days after month end and issues the tax invoice after the 3rd of the next month', () => {
    expect(monthTerms('2026-11', 15)).toEqual({ dueDate: '2026-12-15', taxInvoiceAfter: '2026-12-03' });
    expect(invoiceDueDate('2028-02')).toBe('2028-03-30');
    expect(isPastDue('2026-12-30', '2026-12-30')).toBe(false);
    expect(isPastDue('2026-12-30', '2026-12-31')).toBe(true);
    expect(monthTerms('2026-11')).toEqual({ dueDate: '2026-12-30', taxInvoiceAfter: '2026-12-03' });
    expect(monthTerms('2026-12')).toEqual({ dueDate: '2027-01-30', taxInvoiceAfter: '2027-01-03' });
    expect(monthTerms('2027-02')).toEqual({ dueDate: '2027-03-30', taxInvoiceAfter: '2027-03-03' });
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});
