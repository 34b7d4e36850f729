import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { agencies, agencyInvoices } from '@/server/db/schema';
import { dayValue, type MessageValues, moneyValue, monthValue } from '@/i18n/message-values';
import { RuleViolation } from '@/server/errors';
import { type AgencyFunds, availableFunds, lockAgencyFunds } from '@/server/ledger/ledger';
import { DEFAULT_PAYMENT_TERMS_DAYS, monthTerms, type MonthTerms } from '@/shared/ledger/credit-terms';
import { findOverdueInvoice, type OverdueInvoice } from '@/server/ledger/invoice-payments';

/**
 * The enforced 30-day credit (spec §9), in the booking's transaction before its debit: an
 * agency with an overdue invoice may pay from its balance only what its balance itself covers;
 * the credit limit is closed to it until the invoice is paid. Card, cash and requests never reach here.
 */
export async function assertMayPayFromBalance(tx: Transaction, agencyId: string, amountMinor: number, now: Date): Promise<void> {
  await assertLockedFundsMayPay(tx, agencyId, await lockAgencyFunds(tx, agencyId), amountMinor, now);
}

/**
 * The same check on the funds a caller read under the agency's lock (lockAgencyFunds) in `tx`,
 * for a payment that then debits them (debitLockedAgency) without locking the row a second time.
 */
export async function assertLockedFundsMayPay(tx: Transaction, agencyId: string, funds: AgencyFunds, amountMinor: number, now: Date): Promise<void> {
  if (funds.balanceMinor >= amountMinor) return;
  const overdue = await findOverdueInvoice(tx, agencyId, now);
  if (!overdue) return;
  throw new RuleViolation('checkout.creditOverdue', overdueMessageValues(overdue), 'paymentMethod');
}

/** Funds a preview spends amount by amount: null when the amount is covered (and counted), else the booking's refusal. */
export type FundsPreview = { spend(amountMinor: number): RuleViolation | null };

/**
 * The agency's funds read without a lock, for a preview of several bookings paid in turn (a
 * spreadsheet's rows): each amount meets the two rules its booking will — past balance plus credit
 * (debitLockedAgency), or into the credit with an invoice overdue (assertLockedFundsMayPay).
 */
export async function previewFunds(db: Database, agencyId: string, now: Date): Promise<FundsPreview> {
  const [overdue, [agency]] = await Promise.all([
    findOverdueInvoice(db, agencyId, now),
    db.select({ balanceMinor: agencies.balanceMinor, creditLimitMinor: agencies.creditLimitMinor }).from(agencies).where(eq(agencies.id, agencyId)),
  ]);
  const funds: AgencyFunds = agency ?? { balanceMinor: 0, creditLimitMinor: 0 };
  let spentMinor = 0;
  return {
    spend(amountMinor) {
      const after = spentMinor + amountMinor;
      if (after > availableFunds(funds)) return new RuleViolation('checkout.insufficientBalance', {}, 'paymentMethod');
      if (after > funds.balanceMinor && overdue) return new RuleViolation('checkout.creditOverdue', overdueMessageValues(overdue), 'paymentMethod');
      spentMinor = after;
      return null;
    },
  };
}

export type CreditStanding = { overdue: OverdueInvoice | null; balanceMinor: number };

/** For the checkout and `/balance` pages: the agency's overdue invoice, if any, and its balance, read without locks. */
export async function loadCreditStanding(db: Database, agencyId: string, now: Date): Promise<CreditStanding> {
  const [overdue, [agency]] = await Promise.all([
    findOverdueInvoice(db, agencyId, now),
    db.select({ balanceMinor: agencies.balanceMinor }).from(agencies).where(eq(agencies.id, agencyId)),
  ]);
  return { overdue, balanceMinor: agency?.balanceMinor ?? 0 };
}

/**
 * The values of `checkout.creditOverdue` and `balance.creditOverdue`: the amount as money, the
 * month and due date as dates, each formatted in the language of whoever reads the message.
 */
export function overdueMessageValues(overdue: OverdueInvoice): MessageValues {
  return { amount: moneyValue(overdue.amountMinor, 'AED'), month: monthValue(overdue.month), dueOn: dayValue(overdue.dueOn) };
}

export type MonthCreditTerms = MonthTerms & { paymentTermsDays: number; invoiced: boolean };

/**
 * Spec §9's dates for one month of the agency, as `/balance` and the monthly invoice show them:
 * an invoiced month's stored due date (the one the credit check compares), else the date the
 * invoice run will store, from the same `invoiceDueDate` under the agency's payment terms.
 */
export async function loadMonthCreditTerms(db: Database, agencyId: string, month: string): Promise<MonthCreditTerms> {
  const [[agency], [invoice]] = await Promise.all([
    db.select({ paymentTermsDays: agencies.paymentTermsDays }).from(agencies).where(eq(agencies.id, agencyId)),
    db
      .select({ dueOn: agencyInvoices.dueOn })
      .from(agencyInvoices)
      .where(and(eq(agencyInvoices.agencyId, agencyId), eq(agencyInvoices.month, `${month}-01`))),
  ]);
  const paymentTermsDays = agency?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
  const terms = monthTerms(month, paymentTermsDays);
  return { ...terms, dueDate: invoice?.dueOn ?? terms.dueDate, paymentTermsDays, invoiced: invoice !== undefined };
}
