import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { recordStaffAudit } from '@/server/audit/audit';
import { giveBackStock, lockBookingStock, takeStock } from '@/server/bookings/stock';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, users } from '@/server/db/schema';
import { Conflict, NotFound, RuleViolation } from '@/server/errors';
import { debitAgency } from '@/server/ledger/ledger';
import { assertMayPayFromBalance } from '@/server/ops/credit/credit-standing';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { sendRequestMail } from './request-mail';

// The operator's decisions on a quotation request (issue 19 §4). Each locks the booking and acts
// only while it is still a request, so two operators (or a double click) decide it once; the
// agent is told by e-mail in the same transaction, and the change is audited there too.

/** The request, locked, with what deciding it needs; Conflict once it is no longer a request. */
async function lockOpenRequest(tx: Transaction, reference: string) {
  const booking = await lockBookingStock(tx, eq(bookings.reference, reference));
  if (!booking) throw new NotFound();
  if (booking.status !== 'quotation_request') throw new Conflict('opsRequests.errors.notOpen');
  const [extra] = await tx
    .select({ locale: bookings.locale, agentName: users.name, agentEmail: users.email, publishedTotalMinor: bookings.publishedTotalMinor })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.agentId))
    .where(eq(bookings.id, booking.id));
  return { ...booking, ...extra!, reference };
}

/** Prices a request: its b2b and retail totals become the quote (the request stays open). */
export async function quoteRequest(db: Database, staff: StaffPrincipal, input: { reference: string; netTotal: number; publishedTotal: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await lockOpenRequest(tx, input.reference);
    await tx
      .update(bookings)
      .set({ netTotalMinor: input.netTotal, publishedTotalMinor: input.publishedTotal, discountMinor: 0, quotedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(bookings.id, booking.id));
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId: booking.agencyId,
      entity: 'booking',
      entityId: booking.id,
      action: 'booking.quote',
      changes: {
        netTotalMinor: { from: booking.netTotalMinor, to: input.netTotal },
        publishedTotalMinor: { from: booking.publishedTotalMinor, to: input.publishedTotal },
      },
    });
  });
}

/**
 * Confirms a request at its price: `payment_required` for the agent to pay ("Pay now"), or, with
 * `balance`, paid at once from the agency's funds (balance + credit limit, the ledger's rule),
 * taking the slot's stock if it has one. Refused with the ledger's message when funds fall short.
 */
export async function confirmRequest(db: Database, staff: StaffPrincipal, input: { reference: string; settle: 'payment' | 'balance' }, origin: string): Promise<'payment_required' | 'completed'> {
  return db.transaction(async (tx) => {
    const booking = await lockOpenRequest(tx, input.reference);
    if (booking.netTotalMinor <= 0) throw new RuleViolation('opsRequests.errors.noPrice');
    const status = input.settle === 'balance' ? 'completed' : 'payment_required';
    if (input.settle === 'balance') {
      if (booking.slotId && !booking.holdsStock) await takeStock(tx, booking.slotId, booking.stockMode, booking);
      // An overdue agency pays from its balance only what the balance covers (issue 19 §3).
      await assertMayPayFromBalance(tx, booking.agencyId, booking.netTotalMinor, new Date())
        .then(() => debitAgency(tx, { agencyId: booking.agencyId, kind: 'booking', amountMinor: booking.netTotalMinor, bookingId: booking.id, description: `Booking ${booking.reference}` }))
        .catch((error: unknown) => {
          // The ledger names its own field; here the choice is the operator's `settle`.
          if (error instanceof RuleViolation) throw new RuleViolation(error.code, error.values, 'settle');
          throw error;
        });
    }
    await tx
      .update(bookings)
      .set({
        status,
        ...(input.settle === 'balance' && { paymentMethod: 'balance' as const, paidMinor: booking.netTotalMinor, holdsStock: booking.slotId !== null }),
        quotedAt: sql`coalesce(${bookings.quotedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'quotation_request')));
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId: booking.agencyId,
      entity: 'booking',
      entityId: booking.id,
      action: 'booking.confirm',
      changes: { status: { from: 'quotation_request', to: status }, ...(input.settle === 'balance' && { paidMinor: { from: 0, to: booking.netTotalMinor } }) },
    });
    await sendRequestMail(tx, booking, { kind: 'requestConfirmed', outcome: input.settle === 'balance' ? 'paidFromBalance' : 'paymentRequired', netTotalMinor: booking.netTotalMinor }, origin);
    return status;
  });
}

/** Declines a request with a reason the agent sees: cancelled, no charge, any stock it held given back. */
export async function declineRequest(db: Database, staff: StaffPrincipal, input: { reference: string; reason: string }, origin: string): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await lockOpenRequest(tx, input.reference);
    if (booking.holdsStock && booking.slotId) await giveBackStock(tx, booking.slotId, booking.stockMode, booking);
    await tx
      .update(bookings)
      .set({ status: 'cancelled', declineReason: input.reason, holdsStock: false, cancelledAt: sql`now()`, refundMinor: 0, cancellationFeeMinor: 0, updatedAt: sql`now()` })
      .where(eq(bookings.id, booking.id));
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId: booking.agencyId,
      entity: 'booking',
      entityId: booking.id,
      action: 'booking.decline',
      changes: { status: { from: 'quotation_request', to: 'cancelled' }, declineReason: { from: null, to: input.reason } },
    });
    await sendRequestMail(tx, booking, { kind: 'requestDeclined', reason: input.reason }, origin);
  });
}
