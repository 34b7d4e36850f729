import 'server-only';
import type { Principal } from '@/server/auth/principal';
import type { Database } from '@/server/db/connection';
import { openPaymentsOfBooking, overdueHolds, releaseExpiredHold } from '@/server/payments/holds';
import { loadPaymentResult, type PaymentResult } from '@/server/payments/payment-result';
import { matchWebhook } from '@/server/payments/receive-webhook';
import { paymentsToReconcile, requeueUnsentRefunds } from '@/server/payments/reconcile';
import { type SettleResult, type SettlementFollowUp, settlePayment } from '@/server/payments/settle-payment';
import { confirmSupplierBooking } from '@/server/suppliers/booking/confirm-at-supplier';
import { reconcileSupplierBookings } from '@/server/suppliers/booking/supplier-booking-jobs';
import { releaseSupplierHold } from '@/server/suppliers/booking/supplier-hold';
import { emitPaymentSettled } from '@/server/webhooks/emit-event';
import { mailWidgetBooking } from '@/server/widgets/guest-bookings/guest-booking-mail';

// Every way news of a payment arrives — the payer's return, the provider's webhook, the
// reconciliation sweep, a hold's expiry — settles it here, with the same follow-ups. Payments
// settle and answer what changed (`SettleResult.completed`); what a completed booking sets off
// beyond the booking and the ledger is listed below, so payments never import the domains that
// act on it (DESIGN.md "The money path has one owner").

/** What a completed booking sets off, in the settlement's transaction (a rollback sends nothing). */
export const SETTLEMENT_FOLLOW_UPS: readonly SettlementFollowUp[] = [
  // A guest's booking through a widget: nobody of the agency is at the screen to see it, so the
  // guest is mailed the confirmation and the agency's admins the sale.
  async (tx, completed) => {
    if (completed.widgetId) await mailWidgetBooking(tx, completed.bookingId, completed.paymentId);
  },
  // The agency's webhook endpoints hear that the payment went through (after the booking's own
  // `booking.confirmed`, which the status move wrote).
  async (tx, completed) => {
    await emitPaymentSettled(tx, completed.paymentId);
  },
];

/** What a completed booking sets off once the settlement has committed: calls to other systems. */
export type SettlementAfterCommit = (db: Database, completed: NonNullable<SettleResult['completed']>) => Promise<void>;

/**
 * Follow-ups that talk to another system, after the settlement's transaction committed (a remote
 * call never holds the booking's lock). A process that stops before them leaves what the sweep
 * (reconcilePayments) finds and finishes.
 */
export const SETTLEMENT_AFTER_COMMIT: readonly SettlementAfterCommit[] = [
  // A supplier's booking is confirmed at the supplier once paid (server/suppliers/booking): a
  // refusal gives the payment back at once, no answer leaves it awaiting the supplier for a job.
  async (db, completed) => {
    await confirmSupplierBooking(db, { id: completed.bookingId });
  },
];

/** Settles one payment from its provider's state (DESIGN.md "Payments": one idempotent settlement). */
export async function settle(db: Database, paymentId: string, options: Pick<Parameters<typeof settlePayment>[2], 'event'> = {}): Promise<SettleResult> {
  const result = await settlePayment(db, paymentId, { ...options, followUps: SETTLEMENT_FOLLOW_UPS });
  if (result.completed) for (const followUp of SETTLEMENT_AFTER_COMMIT) await followUp(db, result.completed);
  return result;
}

/** A provider's webhook, verified and matched to its payment, then settled. */
export async function receiveWebhook(db: Database, provider: string, rawBody: Uint8Array, headers: Headers): Promise<SettleResult> {
  const { paymentId, event } = await matchWebhook(db, provider, rawBody, headers);
  return settle(db, paymentId, { event });
}

/** The return URL: settle with the provider first (never on the return's word), then show. */
export async function returnFromProvider(db: Database, principal: Principal, paymentId: string): Promise<PaymentResult | null> {
  const visible = await loadPaymentResult(db, principal, paymentId);
  if (!visible || (visible.status !== 'created' && visible.status !== 'processing')) return visible;
  try {
    const settled = await settle(db, paymentId);
    return settled.changed || settled.status !== visible.status ? loadPaymentResult(db, principal, paymentId) : visible;
  } catch (error) {
    console.error('[payments] settle on return', error);
    return { ...visible, webhookError: true };
  }
}

/**
 * The hold expiry job: first the provider is asked whether the booking's open payments went
 * through (a payment that did completes the booking instead); then an unpaid hold whose time is
 * up gives its stock back. The booking stays `payment_required`: it can still be paid ("Pay now").
 */
export async function expireHold(db: Database, bookingId: string, now = new Date()): Promise<boolean> {
  for (const paymentId of await openPaymentsOfBooking(db, bookingId, now)) {
    await settle(db, paymentId).catch((error: unknown) => console.warn('[payments] settle before expiry', error));
  }
  const released = await releaseExpiredHold(db, bookingId, now);
  // A supplier's booking holds its seats at the supplier, not in our slots: they go back there.
  return (await releaseSupplierHold(db, bookingId, now)) || released;
}

/** Batches of overdue holds one sweep expires at most: a backlog is left to the next minute's. */
const SWEEP_BATCHES = 20;
const SWEEP_BATCH_SIZE = 100;

/**
 * Every hold past due, in batches: a reseller's reservations have no expiry job of their own
 * (server/bookings/create-booking.ts), so the sweep is what gives their places back, and many
 * may fall due in the same minute. A batch that expired nothing new ends the sweep, so a hold
 * that cannot be released is not asked again and again.
 */
async function expireOverdueHolds(db: Database, now: Date): Promise<void> {
  for (let batch = 0; batch < SWEEP_BATCHES; batch += 1) {
    const due = await overdueHolds(db, now, SWEEP_BATCH_SIZE);
    let expired = 0;
    for (const bookingId of due) if (await expireHold(db, bookingId, now)) expired += 1;
    if (due.length < SWEEP_BATCH_SIZE || expired === 0) return;
  }
}

/**
 * The reconciliation job (every minute): settles open payments from the provider's state (a lost
 * webhook, a "processing" card), expires overdue holds and re-queues refunds never submitted, so a
 * lost job or a crash between a decision and its job delays money, never loses it.
 */
export async function reconcilePayments(db: Database, now = new Date()): Promise<void> {
  for (const paymentId of await paymentsToReconcile(db, now)) {
    await settle(db, paymentId).catch((error: unknown) => console.warn('[payments] reconcile', paymentId, error));
  }
  await expireOverdueHolds(db, now);
  await reconcileSupplierBookings(db, now);
  await requeueUnsentRefunds(db);
}
