import { and, eq } from 'drizzle-orm';
import { createBooking } from '@/server/bookings/create-booking';
import type { Database } from '@/server/db/connection';
import { agencies, agencyInvoices, users } from '@/server/db/schema';
import { EmbeddedQueue } from '@/server/jobs/embedded-queue';
import { installJobQueue } from '@/server/jobs/jobs';
import { creditAgency } from '@/server/ledger/ledger';
import { creditMonthlyJob } from '@/server/credit/credit-jobs';
import { findOverdueInvoice, recordPaidInvoices } from '@/server/ledger/invoice-payments';
import { issueMonthInvoices, lastEndedMonth } from '@/server/credit/issue-invoices';
import { localizeMessageValues } from '@/i18n/message-values';
import { assertMayPayFromBalance, loadMonthCreditTerms } from '@/server/credit/credit-standing';
import { dubaiInstant, dubaiToday } from '@/shared/availability/rules';
import { invoiceDueDate, lastDayOf } from '@/shared/ledger/credit-terms';
import { addDays, agencyBalance, checkoutInput, findOffer, prepareSlot, principalFor } from '../support/booking-fixtures';
import { rejection } from '../support/rejection';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The enforced 30-day credit (spec §9) on a real database. Ledger entries carry the
// real clock, so the invoiced month is this month and "later" is a `now` after it ends.

let database: TestDatabase;
const realNow = new Date();
const thisMonth = dubaiToday(realNow).slice(0, 7);
/** The 5th of next month, noon in Dubai: this month has ended. */
const nextMonth = (() => {
  const [year, month] = thisMonth.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(month === 12 ? year + 1 : year, month === 12 ? 0 : month, 5, 8));
})();
const tourDate = addDays(dubaiToday(realNow), 10);

beforeAll(async () => {
  database = await createTestDatabase({ demoData: { today: realNow } });
  installJobQueue(new EmbeddedQueue(database.db));
});
afterAll(() => database.dispose());

let agencyCount = 0;
/** A new approved agency with a zero balance, the given credit limit (AED fils) and terms. */
async function newAgency(db: Database, creditLimitMinor: number, paymentTermsDays = 30) {
  agencyCount += 1;
  const [agency] = await db
    .insert(agencies)
    .values({ name: `Credit Test ${agencyCount}`, status: 'active', creditLimitMinor, paymentTermsDays })
    .returning({ id: agencies.id });
  const email = `admin${agencyCount}.${Date.now()}@credit-test.test`;
  await db.insert(users).values({ agencyId: agency!.id, email, name: 'Admin', role: 'admin', status: 'active', passwordHash: 'x' });
  return { agencyId: agency!.id, principal: await principalFor(db, email) };
}

async function book(db: Database, principal: Awaited<ReturnType<typeof principalFor>>, paymentMethod: 'balance' | 'card' | 'cash' | 'request', adults = 1) {
  const offer = await findOffer(db, paymentMethod === 'request' ? 'request' : 'shared');
  const slot = paymentMethod === 'request' ? null : await prepareSlot(db, offer.id, tourDate, { left: 50 });
  return createBooking(db, principal, checkoutInput({ offerId: offer.id, date: tourDate, time: slot?.startTime ?? null, adults, paymentMethod }), {
    locale: 'en',
    now: realNow,
  });
}

async function invoicesOf(db: Database, agencyId: string) {
  return db.select().from(agencyInvoices).where(eq(agencyInvoices.agencyId, agencyId));
}

async function deposit(db: Database, agencyId: string, amountMinor: number) {
  await db.transaction((tx) => creditAgency(tx, { agencyId, kind: 'deposit', amountMinor, description: 'Bank transfer' }));
}

describe('issuing a month’s invoices', () => {
  it('invoices the month’s balance bookings once per agency, due the agency’s terms after the month’s end', async () => {
    const { db } = database;
    const { agencyId, principal } = await newAgency(db, 1_000_000, 15);
    await book(db, principal, 'balance', 2);
    await book(db, principal, 'cash');
    const owed = -(await agencyBalance(db, agencyId));
    expect(owed).toBeGreaterThan(0);

    const first = await issueMonthInvoices(db, thisMonth, { now: nextMonth });
    expect(first.issued).toBeGreaterThanOrEqual(1);
    const [invoice, ...more] = await invoicesOf(db, agencyId);
    expect(more).toHaveLength(0);
    expect(invoice).toMatchObject({ month: `${thisMonth}-01`, amountMinor: owed, dueOn: invoiceDueDate(thisMonth, 15), paidAt: null });
    // The month's last day plus 15, whatever day the run happened to issue it.
    expect(invoice!.dueOn).toBe(addDays(lastDayOf(thisMonth), 15));

    const again = await issueMonthInvoices(db, thisMonth, { now: nextMonth });
    expect(again.issued).toBe(0);
    expect(await invoicesOf(db, agencyId)).toHaveLength(1);
  });

  it('issues nothing for an agency without balance bookings, and refuses a month that has not ended', async () => {
    const { db } = database;
    const { agencyId, principal } = await newAgency(db, 0);
    await book(db, principal, 'cash');
    await issueMonthInvoices(db, thisMonth, { now: nextMonth });
    expect(await invoicesOf(db, agencyId)).toHaveLength(0);
    const refused = await rejection(issueMonthInvoices(db, thisMonth, { now: realNow }));
    expect(refused).toMatchObject({ message: 'opsAgencies.invoices.errors.monthNotEnded', field: 'month' });
    expect(lastEndedMonth(nextMonth)).toBe(thisMonth);
  });

  it('marks an invoice the balance already covered paid at once (first in, first out)', async () => {
    const { db } = database;
    const { agencyId, principal } = await newAgency(db, 0);
    await deposit(db, agencyId, 500_000);
    await book(db, principal, 'balance');
    await issueMonthInvoices(db, thisMonth, { now: nextMonth });
    const [invoice] = await invoicesOf(db, agencyId);
    expect(invoice?.amountMinor).toBeGreaterThan(0);
    expect(invoice?.paidAt).not.toBeNull();
  });
});

describe('the paid rule and the overdue agency', () => {
  it('keeps an unpaid invoice overdue after its due date until credits cover the month', async () => {
    const { db } = database;
    const { agencyId, principal } = await newAgency(db, 1_000_000, 10);
    await book(db, principal, 'balance', 2);
    await issueMonthInvoices(db, thisMonth, { now: nextMonth });
    const [invoice] = await invoicesOf(db, agencyId);
    expect(invoice?.paidAt).toBeNull();
    const afterDue = dubaiInstant(addDays(invoice!.dueOn, 2), '12:00');
    expect(await findOverdueInvoice(db, agencyId, nextMonth)).toBeNull();
    const overdue = await findOverdueInvoice(db, agencyId, afterDue);
    expect(overdue).toMatchObject({ invoiceId: invoice!.id, amountMinor: invoice!.amountMinor });

    // Paying part of it is not paying it.
    await deposit(db, agencyId, invoice!.amountMinor - 1);
    expect(await recordPaidInvoices(db, agencyId)).toBe(0);
    await deposit(db, agencyId, 1);
    expect(await recordPaidInvoices(db, agencyId)).toBe(1);
    expect(await findOverdueInvoice(db, agencyId, afterDue)).toBeNull();
    const [paid] = await invoicesOf(db, agencyId);
    expect(paid?.paidAt).not.toBeNull();
  });
});

describe('one due date', () => {
  it('is the date /balance shows before and after the invoice run, and the first day past it closes the credit', async () => {
    const { db } = database;
    const { agencyId, principal } = await newAgency(db, 1_000_000, 10);
    await book(db, principal, 'balance', 2);
    const expected = invoiceDueDate(thisMonth, 10);

    const shownBefore = await loadMonthCreditTerms(db, agencyId, thisMonth);
    expect(shownBefore).toMatchObject({ dueDate: expected, paymentTermsDays: 10, invoiced: false });
    await issueMonthInvoices(db, thisMonth, { now: nextMonth });
    const [invoice] = await invoicesOf(db, agencyId);
    expect(invoice?.dueOn).toBe(expected);
    // The operator changing the terms later does not move an issued invoice's date on /balance.
    await db.update(agencies).set({ paymentTermsDays: 45 }).where(eq(agencies.id, agencyId));
    expect(await loadMonthCreditTerms(db, agencyId, thisMonth)).toMatchObject({ dueDate: expected, paymentTermsDays: 45, invoiced: true });

    const onDueDay = dubaiInstant(expected, '23:00');
    const dayAfter = dubaiInstant(addDays(expected, 1), '00:30');
    expect(await findOverdueInvoice(db, agencyId, onDueDay)).toBeNull();
    await expect(db.transaction((tx) => assertMayPayFromBalance(tx, agencyId, 100, onDueDay))).resolves.toBeUndefined();
    expect(await findOverdueInvoice(db, agencyId, dayAfter)).toMatchObject({ dueOn: expected });
    const refused = await rejection(db.transaction((tx) => assertMayPayFromBalance(tx, agencyId, 100, dayAfter)));
    expect(refused).toMatchObject({ message: 'checkout.creditOverdue', values: { dueOn: { day: expected } } });
  });
});

describe('an overdue agency at checkout', () => {
  /** An agency with an overdue invoice and a debt it has not paid. */
  async function overdueAgency(db: Database) {
    const created = await newAgency(db, 1_000_000, 0);
    await book(db, created.principal, 'balance', 2);
    await issueMonthInvoices(db, thisMonth, { now: nextMonth });
    // Its due date moved to yesterday in real time, so the real clock finds it overdue.
    await db
      .update(agencyInvoices)
      .set({ dueOn: addDays(dubaiToday(realNow), -1) })
      .where(and(eq(agencyInvoices.agencyId, created.agencyId)));
    return created;
  }

  it('refuses a balance booking on credit with the clear message, changing nothing', async () => {
    const { db } = database;
    const { agencyId, principal } = await overdueAgency(db);
    const before = await agencyBalance(db, agencyId);
    const refused = await rejection(book(db, principal, 'balance'));
    expect(refused).toMatchObject({ message: 'checkout.creditOverdue', field: 'paymentMethod' });
    expect(refused.values).toMatchObject({ dueOn: { day: addDays(dubaiToday(realNow), -1) }, month: { month: thisMonth } });
    // Shown as money and dates in the reader's language, never as "1234.50" or an ISO date.
    expect(localizeMessageValues(refused.values, 'en')).toMatchObject({ amount: expect.stringMatching(/^AED\s[\d,]+\.\d{2}$/), dueOn: expect.stringMatching(/^\d{2} [A-Z][a-z]{2}, \d{2}$/) });
    expect(await agencyBalance(db, agencyId)).toBe(before);
  });

  it('still takes card, cash and request bookings', async () => {
    const { db } = database;
    const { principal } = await overdueAgency(db);
    expect(await book(db, principal, 'card')).toMatchObject({ status: 'payment_required' });
    expect(await book(db, principal, 'cash')).toMatchObject({ status: 'completed' });
    expect(await book(db, principal, 'request')).toMatchObject({ status: 'quotation_request' });
  });

  it('opens credit again once the invoice is paid (first in, first out, a positive balance means paid)', async () => {
    const { db } = database;
    const { agencyId, principal } = await overdueAgency(db);
    const [invoice] = await invoicesOf(db, agencyId);
    // Enough to pay the invoice and leave a positive balance for one more booking.
    await deposit(db, agencyId, invoice!.amountMinor + 1_000_000);
    expect(await book(db, principal, 'balance')).toMatchObject({ status: 'completed' });
    expect(await findOverdueInvoice(db, agencyId, realNow)).toBeNull();
  });
});

describe('the monthly job', () => {
  it('issues the month that last ended once per process and records payments every run', async () => {
    const { db } = database;
    const { agencyId, principal } = await newAgency(db, 1_000_000, 30);
    await book(db, principal, 'balance');
    const job = creditMonthlyJob(db, () => nextMonth);
    await job();
    await job();
    const [invoice, ...more] = await invoicesOf(db, agencyId);
    expect(more).toHaveLength(0);
    expect(invoice?.paidAt).toBeNull();
    await deposit(db, agencyId, invoice!.amountMinor);
    await job();
    expect((await invoicesOf(db, agencyId))[0]?.paidAt).not.toBeNull();
  });
});

describe('an agency the operator rejected', () => {
  it('books nothing, whatever the payment', async () => {
    const { db } = database;
    const { agencyId, principal } = await newAgency(db, 1_000_000);
    await db.update(agencies).set({ status: 'rejected' }).where(eq(agencies.id, agencyId));
    for (const method of ['balance', 'cash', 'request'] as const) {
      expect(await rejection(book(db, principal, method))).toMatchObject({ message: 'account.agencyRejected' });
    }
  });
});

describe('the month that last ended', () => {
  it('is read in Asia/Dubai and crosses the year', () => {
    expect(lastEndedMonth(new Date('2027-01-10T10:00:00Z'))).toBe('2026-12');
    // 01:00 on 1 December in Dubai is still 30 November in UTC.
    expect(lastEndedMonth(new Date('2026-11-30T21:00:00Z'))).toBe('2026-11');
    expect(lastEndedMonth(new Date('2026-11-30T19:00:00Z'))).toBe('2026-10');
  });
});
