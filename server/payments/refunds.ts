import 'server-only';
import { and, asc, eq, isNull, ne, notLike, sql, sum } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/connection';
import { bookingAmendments, paymentRefunds, payments } from '@/server/db/schema';
import { sendJob } from '@/server/jobs/jobs';
import { emitPaymentRefunded } from '@/server/webhooks/emit-event';
import type { ChargeCurrency } from './gateway';
import { findGateway } from './gateways';

// Refunds through the provider that took the money: recorded in the transaction
// that decides them, then sent by a job that retries until the provider takes them. A refund the
// provider refuses stays `pending` with its error and is shown so: never lost, never sent twice
// (one per payment and reason; the provider's idempotency key is the refund id).

/** `supplierRefused`: the booking's supplier would not confirm it, so its payment goes back whole. */
export type RefundReason = 'cancellation' | 'lateHold' | 'notPayable' | 'supplierRefused' | AmendmentRefundReason;
/** The decrease of one amendment (server/bookings/amendment-settlement.ts): part of a payment, once per amendment. */
export type AmendmentRefundReason = `amendment:${string}`;

/** Records a refund of `payment`; returns its id (the existing one when it was already recorded). */
export async function recordRefund(tx: Transaction, payment: { id: string; bookingId: string | null; currency: string }, refund: { amountMinor: number; reason: RefundReason }): Promise<string> {
  await tx
    .insert(paymentRefunds)
    .values({ paymentId: payment.id, bookingId: payment.bookingId, amountMinor: refund.amountMinor, currency: payment.currency, reason: refund.reason })
    .onConflictDoNothing({ target: [paymentRefunds.paymentId, paymentRefunds.reason] });
  const [row] = await tx
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, payment.id), eq(paymentRefunds.reason, refund.reason)));
  return row!.id;
}

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The provider payment that paid a booking. A booking has several succeeded attempts only when
 * one was paid after the booking no longer needed it; that one is refunded whole (`notPayable`,
 * `lateHold`) and did not pay the booking, so the first other one did.
 */
export async function payingPayment(db: Database | Transaction, bookingId: string): Promise<PaymentRow | null> {
  const succeeded = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.purpose, 'booking'), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.settledAt), asc(payments.attempt));
  if (succeeded.length === 0) return null;
  const returnedWhole = await db
    .select({ paymentId: paymentRefunds.paymentId })
    .from(paymentRefunds)
    // Cancellations and amendments give back part of a payment that did pay the booking.
    .where(and(eq(paymentRefunds.bookingId, bookingId), ne(paymentRefunds.reason, 'cancellation'), notLike(paymentRefunds.reason, 'amendment:%')));
  const whole = new Set(returnedWhole.map((refund) => refund.paymentId));
  return succeeded.find((payment) => !whole.has(payment.id)) ?? null;
}

/** A provider payment that paid a booking, and what is left of it after the refunds recorded against it. */
export type PaidShare = { payment: PaymentRow; remainingMinor: number };

/**
 * Every provider payment that paid a booking: its own (payingPayment), then each applied
 * amendment's difference, each less the refunds recorded against it (an amendment's decrease, also
 * while the provider has not taken it yet). A cancellation refunds its tier of each, the way each came.
 */
export async function payingPayments(db: Database | Transaction, bookingId: string, found?: PaymentRow | null): Promise<PaidShare[]> {
  // The booking's own payment, when the caller has read it already.
  const paying = found === undefined ? await payingPayment(db, bookingId) : found;
  if (!paying) return [];
  const [amendments, recorded] = await Promise.all([
    db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(bookingAmendments, eq(bookingAmendments.paymentId, payments.id))
      .where(and(eq(payments.bookingId, bookingId), eq(payments.purpose, 'amendment'), eq(payments.status, 'succeeded'), eq(bookingAmendments.status, 'applied')))
      .orderBy(asc(payments.settledAt), asc(payments.attempt)),
    db
      .select({ paymentId: paymentRefunds.paymentId, amountMinor: sum(paymentRefunds.amountMinor).mapWith(Number) })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.bookingId, bookingId))
      .groupBy(paymentRefunds.paymentId),
  ]);
  const refunded = new Map(recorded.map((row) => [row.paymentId, row.amountMinor]));
  return [paying, ...amendments.map((row) => row.payment)].map((payment) => ({ payment, remainingMinor: Math.max(0, payment.amountMinor - (refunded.get(payment.id) ?? 0)) }));
}

/** After the deciding transaction committed: one job per refund. */
export async function queueRefunds(refundIds: readonly string[]): Promise<void> {
  for (const refundId of refundIds) await sendJob('payments.refund', { refundId }, { singletonKey: refundId });
}

/** The refund job: sends one pending refund to its provider; throws (so the job retries) on refusal. */
export async function processRefund(db: Database, refundId: string): Promise<void> {
  const [refund] = await db
    .select({
      id: paymentRefunds.id,
      status: paymentRefunds.status,
      submitted: paymentRefunds.providerReference,
      amountMinor: paymentRefunds.amountMinor,
      currency: paymentRefunds.currency,
      reason: paymentRefunds.reason,
      paymentId: paymentRefunds.paymentId,
      provider: payments.provider,
      providerReference: payments.providerReference,
    })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.id, refundId));
  if (!refund || refund.status !== 'pending' || refund.submitted) return;
  const gateway = findGateway(refund.provider);
  let failure: string | null = null;
  try {
    if (!gateway || !refund.providerReference) throw new Error(`${refund.provider} is not configured`);
    const result = await gateway.refund({
      providerReference: refund.providerReference,
      amountMinor: refund.amountMinor,
      currency: refund.currency as ChargeCurrency,
      idempotencyKey: refund.id,
    });
    if (result.status === 'failed') throw new Error('the provider refused the refund');
    await db.transaction(async (tx) => {
      const done = await tx
        .update(paymentRefunds)
        .set({
          providerReference: result.refundReference,
          status: result.status === 'succeeded' ? 'succeeded' : 'pending',
          settledAt: result.status === 'succeeded' ? sql`now()` : null,
          attempts: sql`${paymentRefunds.attempts} + 1`,
          lastError: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.providerReference)))
        .returning({ id: paymentRefunds.id });
      if (done.length > 0) {
        await tx.update(payments).set({ refundedMinor: sql`${payments.refundedMinor} + ${refund.amountMinor}`, updatedAt: sql`now()` }).where(eq(payments.id, refund.paymentId));
        // Once, when the provider took it: the agency's endpoints hear of the money going back.
        await emitPaymentRefunded(tx, { id: refund.id, paymentId: refund.paymentId, amountMinor: refund.amountMinor, currency: refund.currency, reason: refund.reason, status: result.status });
      }
    });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (failure === null) return;
  await db
    .update(paymentRefunds)
    .set({ attempts: sql`${paymentRefunds.attempts} + 1`, lastError: failure.slice(0, 500), updatedAt: sql`now()` })
    .where(eq(paymentRefunds.id, refund.id));
  throw new Error(`Refund ${refund.id}: ${failure}`);
}

/** Pending refunds never submitted (the reconciliation sweep re-queues them). */
export async function unsentRefunds(db: Database, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'pending'), isNull(paymentRefunds.providerReference)))
    .limit(limit);
  return rows.map((row) => row.id);
}
