import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '@/server/db/connection';
import { agencies, bookings, ledgerEntries } from '@/server/db/schema';
import { RuleViolation } from '@/server/errors';
import { emitWebhookEvent } from '@/server/webhooks/emit-event';

// The agency ledger (DESIGN.md "Balance"): append-only entries with a running balance. Every
// change locks the agency row first, so concurrent bookings queue on it and available funds
// (balance + credit limit) are checked against the balance as it really is.

type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

export type LedgerPosting = {
  agencyId: string;
  kind: LedgerKind;
  amountMinor: number;
  description: string;
  bookingId?: string;
  /** A form submission's key: a second posting with the same key breaks a unique index. */
  submissionKey?: string;
};

/** The entry a posting wrote and the agency's balance after it. */
export type PostedEntry = { entryId: string; balanceAfterMinor: number };

export type AgencyFunds = { balanceMinor: number; creditLimitMinor: number };

/** Locks the agency row until the transaction ends and returns its funds. */
export async function lockAgencyFunds(tx: Transaction, agencyId: string): Promise<AgencyFunds> {
  const [row] = await tx
    .select({ balanceMinor: agencies.balanceMinor, creditLimitMinor: agencies.creditLimitMinor })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    // NO KEY UPDATE: it still queues concurrent debits, but does not conflict with the key-share
    // locks that foreign-key checks take when bookings and ledger rows referencing the agency are
    // inserted (FOR UPDATE would, and two bookings could then deadlock).
    .for('no key update');
  if (!row) throw new Error(`Agency ${agencyId} does not exist`);
  return row;
}

export function availableFunds(funds: AgencyFunds): number {
  return funds.balanceMinor + funds.creditLimitMinor;
}

/**
 * Takes money from the agency: refused with the spec's insufficient-balance message when it would
 * go past the credit limit.
 */
export async function debitAgency(tx: Transaction, posting: LedgerPosting): Promise<PostedEntry> {
  assertPositive(posting.amountMinor);
  return debitLockedAgency(tx, posting, await lockAgencyFunds(tx, posting.agencyId));
}

/**
 * The same debit for a caller that has locked the agency's row in `tx` already (lockAgencyFunds,
 * e.g. for the credit check) and passes the funds read under that lock: the row stays locked
 * until the transaction ends, so they are still the agency's funds, and it is not locked twice.
 */
export async function debitLockedAgency(tx: Transaction, posting: LedgerPosting, funds: AgencyFunds): Promise<PostedEntry> {
  assertPositive(posting.amountMinor);
  if (availableFunds(funds) < posting.amountMinor) throw new RuleViolation('checkout.insufficientBalance', {}, 'paymentMethod');
  return appendEntry(tx, posting, funds.balanceMinor - posting.amountMinor, { debitMinor: posting.amountMinor });
}

/** Gives money to the agency (refunds, deposits, top-ups). */
export async function creditAgency(tx: Transaction, posting: LedgerPosting): Promise<PostedEntry> {
  assertPositive(posting.amountMinor);
  const funds = await lockAgencyFunds(tx, posting.agencyId);
  const posted = await appendEntry(tx, posting, funds.balanceMinor + posting.amountMinor, { creditMinor: posting.amountMinor });
  // Every credit passes here (refunds, deposits, top-ups): the agency's endpoints hear of each, in
  // the posting's transaction.
  await emitWebhookEvent(tx, {
    agencyId: posting.agencyId,
    type: 'balance.credited',
    bookingId: posting.bookingId ?? null,
    data: async () => ({
      credit: {
        entryId: posted.entryId,
        kind: posting.kind,
        amountMinor: posting.amountMinor,
        currency: 'AED',
        balanceAfterMinor: posted.balanceAfterMinor,
        description: posting.description,
        bookingReference: posting.bookingId ? await bookingReference(tx, posting.bookingId) : null,
      },
    }),
  });
  return posted;
}

async function bookingReference(tx: Transaction, bookingId: string): Promise<string | null> {
  const [row] = await tx.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.reference ?? null;
}

async function appendEntry(
  tx: Transaction,
  posting: LedgerPosting,
  balanceAfterMinor: number,
  side: { debitMinor: number } | { creditMinor: number },
): Promise<PostedEntry> {
  const [entry] = await tx.insert(ledgerEntries).values({
    agencyId: posting.agencyId,
    bookingId: posting.bookingId,
    submissionKey: posting.submissionKey,
    kind: posting.kind,
    description: posting.description,
    balanceAfterMinor,
    // The time the entry was written under the lock, not when its transaction began (`now()`),
    // so entries in time order are in running-balance order however bookings interleave.
    createdAt: sql`clock_timestamp()`,
    ...side,
  }).returning({ id: ledgerEntries.id });
  await tx
    .update(agencies)
    .set({ balanceMinor: balanceAfterMinor, updatedAt: sql`now()` })
    .where(eq(agencies.id, posting.agencyId));
  return { entryId: entry!.id, balanceAfterMinor };
}

function assertPositive(amountMinor: number) {
  if (!Number.isInteger(amountMinor) || amountMinor <= 0) throw new Error(`A ledger amount must be positive whole minor units, got ${amountMinor}`);
}
