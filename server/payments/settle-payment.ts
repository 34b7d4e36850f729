import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { applyPaidAmendment, failPaidAmendment } from '@/server/bookings/amendment-settlement';
import { moveBooking, releaseHold } from '@/server/bookings/booking-status';
import { type LockedBookingStock, lockBookingStock, takeStock } from '@/server/bookings/stock';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, paymentEvents, payments } from '@/server/db/schema';
import { isDomainError, RuleViolation } from '@/server/errors';
import { creditAgency } from '@/server/ledger/ledger';
import type { ChargeState, WebhookEvent } from './gateway';
import { findGateway } from './gateways';
import { queueRefunds, recordRefund } from './refunds';

// The one settlement (DESIGN.md "Payments"): the return URL, the webhook and the reconciliation
// job all call `settlePayment`, which believes only the provider's own answer (`retrieve`), checks
// it is this payment (our id, amount, currency) and moves the payment with a conditional update.
// Whichever caller comes second finds the payment already moved and changes nothing: one payment,
// one booking, one ledger entry, however many webhooks race the return.

export type PaymentStatus = (typeof payments.$inferSelect)['status'];

/** A booking this settlement completed: what its follow-ups (the guest's mail…) need to know. */
export type CompletedBooking = { bookingId: string; paymentId: string; widgetId: string | null };

/** What the settlement changed: the payment's status, and the booking it completed, if any. */
export type SettleResult = { status: PaymentStatus; changed: boolean; completed: CompletedBooking | null };

/**
 * Work that must happen with a completed booking, in the settlement's transaction (so a
 * settlement that rolls back does none of it). Payments know nothing of what it is: the
 * orchestrator (server/checkout/settlement.ts) passes its list.
 */
export type SettlementFollowUp = (tx: Transaction, completed: CompletedBooking) => Promise<void>;

export type SettleOptions = {
  event?: WebhookEvent;
  /** Required, so no caller forgets them: an empty list says there are none on purpose. */
  followUps: readonly SettlementFollowUp[];
};

/** The provider's answer is not this payment (another payment's id, a changed amount or currency). */
export class PaymentMismatch extends RuleViolation {
  constructor(readonly detail: string) {
    super('paymentErrors.mismatch');
  }
}

const OPEN: PaymentStatus[] = ['created', 'processing'];

export async function settlePayment(db: Database, paymentId: string, options: SettleOptions): Promise<SettleResult> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new RuleViolation('paymentErrors.unknown');
  const isOpen = OPEN.includes(payment.status);
  const unchanged = (status: PaymentStatus): SettleResult => ({ status, changed: false, completed: null });
  if (!isOpen && !options.event) return unchanged(payment.status);
  if (!payment.providerReference) return unchanged(payment.status);

  const gateway = findGateway(payment.provider);
  if (!gateway) throw new RuleViolation('paymentErrors.methodUnavailable');
  const state = isOpen ? await gateway.retrieve(payment.providerReference) : null;
  if (state) assertSamePayment(payment, state);

  const refunds: string[] = [];
  const result = await db.transaction(async (tx): Promise<SettleResult> => {
    if (options.event) await recordEvent(tx, payment.provider, options.event, payment.id);
    if (!state) return unchanged(payment.status);
    const target = targetStatus(state);
    if (!target) return unchanged(payment.status);
    const moved = await tx
      .update(payments)
      .set({
        status: target,
        failureCode: state.failureCode ?? null,
        settledAt: target === 'processing' ? null : sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, target === 'processing' ? ['created'] : OPEN)))
      .returning({ id: payments.id });
    if (moved.length === 0) {
      const [now] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
      return unchanged(now?.status ?? payment.status);
    }
    const completed = target === 'succeeded' ? await applySuccess(tx, payment, refunds) : null;
    if (completed) for (const followUp of options.followUps) await followUp(tx, completed);
    if (target === 'failed' || target === 'cancelled') await applyFailure(tx, payment);
    return { status: target, changed: true, completed };
  });
  await queueRefunds(refunds);
  return result;
}

function targetStatus(state: ChargeState): PaymentStatus | null {
  switch (state.status) {
    case 'pending':
      return null;
    case 'processing':
      return 'processing';
    case 'succeeded':
      return 'succeeded';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
  }
}

function assertSamePayment(payment: typeof payments.$inferSelect, state: ChargeState): void {
  if (state.paymentId !== null && state.paymentId !== payment.id) throw new PaymentMismatch(`provider says payment ${state.paymentId}`);
  if (state.amountMinor !== payment.amountMinor) throw new PaymentMismatch(`amount ${state.amountMinor} instead of ${payment.amountMinor}`);
  if (state.currency.toUpperCase() !== payment.currency) throw new PaymentMismatch(`currency ${state.currency} instead of ${payment.currency}`);
}

/** Stored once per provider + event id: a replay or a late, reordered event finds its row. */
async function recordEvent(tx: Transaction, provider: string, event: WebhookEvent, paymentId: string): Promise<void> {
  await tx
    .insert(paymentEvents)
    .values({ provider, eventId: event.eventId, paymentId, type: event.type, payload: event.payload ?? {} })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] });
}

type PaymentRow = typeof payments.$inferSelect;

/** Applies a succeeded payment; answers the booking it completed, if it completed one. */
async function applySuccess(tx: Transaction, payment: PaymentRow, refunds: string[]): Promise<CompletedBooking | null> {
  if (payment.purpose === 'top_up') {
    await creditAgency(tx, { agencyId: payment.agencyId, kind: 'top_up', amountMinor: payment.baseAmountMinor, description: `Card top-up (${payment.provider} ${payment.providerReference})` });
    return null;
  }
  if (payment.purpose === 'amendment') {
    // An amendment's difference: applied once, here (server/bookings/amendment-settlement.ts).
    await applyPaidAmendment(tx, payment, refunds);
    return null;
  }
  const booking = await lockBooking(tx, payment.bookingId!);
  const payable = booking.status === 'payment_required' || booking.status === 'payment_failed';
  if (!payable) {
    // Paid another way meanwhile (balance, another attempt) or cancelled: the money goes back.
    refunds.push(await recordRefund(tx, payment, { amountMinor: payment.amountMinor, reason: 'notPayable' }));
    return null;
  }
  if (!booking.holdsStock && booking.slotId && !(await retakeStock(tx, booking))) {
    // Paid after the hold expired and the slot filled up: not confirmed, refunded automatically.
    refunds.push(await recordRefund(tx, payment, { amountMinor: payment.amountMinor, reason: 'lateHold' }));
    await moveBooking(tx, booking.id, 'paidTooLate', { holdExpiresAt: null });
    return null;
  }
  await moveBooking(tx, booking.id, 'paid', {
    paymentMethod: payment.method,
    holdsStock: booking.slotId !== null,
    holdExpiresAt: null,
    chargeCurrency: payment.currency,
    chargeTotalMinor: payment.amountMinor,
    chargeFeeMinor: payment.feeMinor,
    chargeTaxMinor: payment.taxMinor,
  });
  return { bookingId: booking.id, paymentId: payment.id, widgetId: booking.widgetId };
}

/**
 * A failed attempt fails the booking only if it is the booking's latest attempt (an older one
 * failing after the agent already retried changes nothing) and gives the held stock back.
 */
async function applyFailure(tx: Transaction, payment: PaymentRow): Promise<void> {
  if (payment.purpose === 'amendment') return failPaidAmendment(tx, payment.id);
  if (payment.purpose !== 'booking' || !payment.bookingId) return;
  const booking = await lockBooking(tx, payment.bookingId);
  if (booking.status !== 'payment_required') return;
  const [latest] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, booking.id)).orderBy(desc(payments.attempt)).limit(1);
  if (latest?.id !== payment.id) return;
  await releaseHold(tx, booking.id);
  await moveBooking(tx, booking.id, 'paymentFailed', { holdExpiresAt: null });
}

async function lockBooking(tx: Transaction, bookingId: string): Promise<LockedBookingStock> {
  const booking = await lockBookingStock(tx, eq(bookings.id, bookingId));
  if (!booking) throw new Error(`Booking ${bookingId} of a payment does not exist`);
  return booking;
}

/** Takes the stock again in a savepoint, so a full slot leaves the transaction usable. */
async function retakeStock(tx: Transaction, booking: LockedBookingStock): Promise<boolean> {
  try {
    await tx.transaction((savepoint) => takeStock(savepoint, booking.slotId!, booking.stockMode, booking));
    return true;
  } catch (error) {
    if (isDomainError(error, 'ruleViolation')) return false;
    throw error;
  }
}
