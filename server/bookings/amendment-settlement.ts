import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/server/audit/audit';
import { assertMayPayFromBalance } from '@/server/credit/credit-standing';
import type { Transaction } from '@/server/db/connection';
import { type AmendmentState, bookingAmendments, bookings, offers, type payments } from '@/server/db/schema';
import { isDomainError } from '@/server/errors';
import { creditAgency, debitAgency } from '@/server/ledger/ledger';
import { payingPayment, recordRefund } from '@/server/payments/refunds';
import { giveBackStock, takeStock } from './stock';

// An amendment's effects on the booking (server/checkout/amend-booking.ts decides them), and the
// settlement of one whose difference was paid through a provider. Kept apart from the deciding
// code so the payment settlement can call it without importing how payments start.

export type ApplyingBooking = {
  id: string;
  reference: string;
  agencyId: string;
  paymentMethod: string;
  slotId: string | null;
  holdsStock: boolean;
  stockMode: 'shared' | 'per_type';
  adults: number;
  children: number;
  infants: number;
};

export type Applying = {
  id: string;
  method: string;
  settledMinor: number;
  feeMinor: number;
  grossRefundMinor: number;
  from: AmendmentState;
  to: AmendmentState;
};

/**
 * The amendment's effects, in the caller's transaction under the booking's lock: tickets moved,
 * money moved (the balance; a provider refund of a decrease; an increase paid by provider was
 * settled before this), the booking re-issued, the history written.
 */
export async function applyAmendment(tx: Transaction, booking: ApplyingBooking, amendment: Applying, actorUserId: string | null, refunds: string[], now: Date): Promise<void> {
  const { from, to } = amendment;
  const movesStock = from.slotId !== to.slotId || from.adults !== to.adults || from.children !== to.children || from.infants !== to.infants;
  if (movesStock) {
    // Given back first, so a booking that grows in its own slot can use its own tickets.
    if (booking.holdsStock && booking.slotId) await giveBackStock(tx, booking.slotId, booking.stockMode, booking);
    await takeStock(tx, to.slotId!, booking.stockMode, to);
  }
  const label = `Amendment ${booking.reference}`;
  if (amendment.method === 'balance' && amendment.settledMinor > 0) {
    await assertMayPayFromBalance(tx, booking.agencyId, amendment.settledMinor, now);
    await debitAgency(tx, { agencyId: booking.agencyId, kind: 'booking', amountMinor: amendment.settledMinor, bookingId: booking.id, description: label });
  } else if (amendment.method === 'balance' && amendment.grossRefundMinor > 0) {
    // As a cancellation posts it (cancel-booking.ts): the tier's refund, then the fee kept from it.
    await creditAgency(tx, { agencyId: booking.agencyId, kind: 'refund', amountMinor: amendment.grossRefundMinor, bookingId: booking.id, description: `Refund ${label}` });
    if (amendment.feeMinor > 0) {
      await debitAgency(tx, { agencyId: booking.agencyId, kind: 'cancellation_fee', amountMinor: amendment.feeMinor, bookingId: booking.id, description: `Processing fee ${label}` });
    }
  } else if (amendment.method !== 'balance' && amendment.settledMinor < 0) {
    // A decrease of a provider-paid booking goes back to the payment that paid it, in its currency.
    const paying = await payingPayment(tx, booking.id);
    if (paying) {
      const share = Math.min(paying.amountMinor - paying.refundedMinor, Math.round((-amendment.settledMinor * paying.amountMinor) / paying.baseAmountMinor));
      if (share > 0) refunds.push(await recordRefund(tx, paying, { amountMinor: share, reason: `amendment:${amendment.id}` }));
    }
  }
  await tx
    .update(bookings)
    .set({
      tourDate: to.tourDate,
      startTime: to.startTime,
      slotId: to.slotId,
      adults: to.adults,
      children: to.children,
      infants: to.infants,
      guestName: to.guestName,
      guestPhone: to.guestPhone,
      guestEmail: to.guestEmail,
      guestNames: to.guestNames,
      netTotalMinor: to.netTotalMinor,
      publishedTotalMinor: to.publishedTotalMinor,
      discountMinor: to.discountMinor,
      // What the booking is paid with now: a later cancellation refunds its tier of this.
      ...(booking.paymentMethod === 'balance' ? { paidMinor: sql`${bookings.paidMinor} + ${to.netTotalMinor - from.netTotalMinor}` } : {}),
      holdsStock: movesStock ? true : booking.holdsStock,
      documentIssue: sql`${bookings.documentIssue} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, booking.id));
  await recordAudit(tx, {
    agencyId: booking.agencyId,
    actorUserId,
    entity: 'booking',
    entityId: booking.id,
    action: 'booking.amend',
    changes: changesOf(from, to, amendment.settledMinor),
  });
}

function changesOf(from: AmendmentState, to: AmendmentState, settledMinor: number) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['tourDate', 'startTime', 'adults', 'children', 'infants', 'guestName', 'guestPhone', 'guestEmail', 'guestNames', 'netTotalMinor'] as const) {
    if (JSON.stringify(from[key]) !== JSON.stringify(to[key])) changes[key] = { from: from[key], to: to[key] };
  }
  changes.settledMinor = { from: 0, to: settledMinor };
  return changes;
}

/**
 * A provider confirmed the card payment of an amendment's difference (server/payments/settle-payment.ts,
 * once per payment: its conditional update decides). Applied if the booking is still as it was
 * priced and the new slot still has the tickets; otherwise nothing changes and the payment goes
 * back whole.
 */
export async function applyPaidAmendment(tx: Transaction, payment: typeof payments.$inferSelect, refunds: string[], now = new Date()): Promise<void> {
  const [amendment] = await tx.select().from(bookingAmendments).where(eq(bookingAmendments.paymentId, payment.id));
  if (!amendment) throw new Error(`Payment ${payment.id} pays no amendment`);
  const [booking] = await tx
    .select({
      id: bookings.id,
      reference: bookings.reference,
      agencyId: bookings.agencyId,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      slotId: bookings.slotId,
      holdsStock: bookings.holdsStock,
      documentIssue: bookings.documentIssue,
      adults: bookings.adults,
      children: bookings.children,
      infants: bookings.infants,
      stockMode: offers.stockMode,
    })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(eq(bookings.id, amendment.bookingId))
    .for('update', { of: bookings });
  if (!booking) throw new Error(`Booking of amendment ${amendment.id} does not exist`);
  const fail = async (reason: string) => {
    await tx.update(bookingAmendments).set({ status: 'failed', failureReason: reason }).where(eq(bookingAmendments.id, amendment.id));
    refunds.push(await recordRefund(tx, payment, { amountMinor: payment.amountMinor, reason: 'notPayable' }));
  };
  if (amendment.status !== 'pending_payment' || booking.status !== 'completed' || booking.documentIssue !== amendment.fromIssue) return fail('bookingChanged');
  try {
    await tx.transaction((savepoint) =>
      applyAmendment(
        savepoint,
        booking,
        { id: amendment.id, method: 'provider', settledMinor: amendment.settledMinor, feeMinor: 0, grossRefundMinor: 0, from: amendment.fromState, to: amendment.toState },
        amendment.requestedBy,
        refunds,
        now,
      ),
    );
  } catch (error) {
    // The new slot filled up while the payer was paying: the booking stays as it was.
    if (isDomainError(error, 'ruleViolation')) return fail('soldOut');
    throw error;
  }
  await tx.update(bookingAmendments).set({ status: 'applied', appliedAt: now }).where(eq(bookingAmendments.id, amendment.id));
}

/** A failed or abandoned card payment of a difference: the amendment fails, the booking stays as it was. */
export async function failPaidAmendment(tx: Transaction, paymentId: string): Promise<void> {
  await tx
    .update(bookingAmendments)
    .set({ status: 'failed', failureReason: 'paymentFailed' })
    .where(and(eq(bookingAmendments.paymentId, paymentId), eq(bookingAmendments.status, 'pending_payment')));
}

