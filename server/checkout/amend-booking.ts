import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import type { Database, Transaction } from '@/server/db/connection';
import { uniqueViolation } from '@/server/db/errors';
import { bookingAmendments, bookings, offers, payments, promoCodes } from '@/server/db/schema';
import { Conflict, Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { loadSettings } from '@/server/settings/settings';
import { inCustomerView, seesNetRates } from '@/server/auth/customer-view';
import { amendableBookingColumns } from '@/server/bookings/amendment-queries';
import { memberCan } from '@/shared/auth/permissions';
import type { AmendmentChange, AmendmentConfirm } from '@/shared/bookings/amendment-schema';
import { quoteBookingCharge } from '@/shared/payments/charge-quote';
import type { ProviderMethod } from '@/server/payments/gateway';
import { findOfferedMethod } from '@/server/payments/payment-methods';
import type { PaymentPlace } from '@/server/payments/payment-place';
import { payingPayment, queueRefunds } from '@/server/payments/refunds';
import { createCharge, insertAttempt, type StartedPayment } from '@/server/payments/start-payment';
import { bookingChargeDescription } from '@/server/payments/charge-description';
import { offerPriceColumns } from '@/server/catalog/offer-price-columns';
import { loadSlot } from '@/server/bookings/bookable-offer';
import { visibleBookings } from '@/server/bookings/booking-scope';
import { bookingPolicy } from '@/server/bookings/refund-rules';
import { type AmendableBooking, type AmendmentQuote, quoteAmendment } from '@/server/bookings/amendment-rules';
import { applyAmendment } from '@/server/bookings/amendment-settlement';

// Amending a booking (DESIGN.md "Booking lifecycle"): its date and time, guest counts and guests,
// within the offer's rules. One transaction under the booking's row lock moves its tickets (the old
// slot's given back, the new slot's taken with the conditional update), moves the money through the
// ledger, re-issues its documents (the issue number goes up, so tickets of the old issue are void)
// and records the amendment — or, when the difference is paid through a provider, records it as
// pending and applies it once, in the settlement that believes the provider's answer.

export type AmendmentOutcome =
  | { kind: 'applied'; amendmentId: string; reference: string; settledMinor: number; replayed: boolean }
  | { kind: 'payment'; amendmentId: string; reference: string; payment: StartedPayment; replayed: boolean }
  | { kind: 'pending'; amendmentId: string; reference: string; replayed: true };

/** The booking and what amending it reads, locked (FOR UPDATE of the booking row) when `lock`. */
async function loadAmendable(db: Database | Transaction, principal: Principal, reference: string, lock: boolean) {
  const query = db
    .select({
      ...amendableBookingColumns,
      agencyId: bookings.agencyId,
      netTotalMinor: bookings.netTotalMinor,
      publishedTotalMinor: bookings.publishedTotalMinor,
      discountMinor: bookings.discountMinor,
      paidMinor: bookings.paidMinor,
      cancellationPolicy: bookings.cancellationPolicy,
      percentOff: promoCodes.percentOff,
      offer: {
        hasLiveAvailability: offers.hasLiveAvailability,
        cutOffHours: offers.cutOffHours,
        minPeople: offers.minPeople,
        stockMode: offers.stockMode,
        cancellationPolicy: offers.cancellationPolicy,
      },
      // Today's prices, as the checkout reads them.
      ...offerPriceColumns,
    })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .leftJoin(promoCodes, eq(promoCodes.id, bookings.promoCodeId))
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)));
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  return row ?? null;
}

type AmendableRow = NonNullable<Awaited<ReturnType<typeof loadAmendable>>>;

async function prepare(db: Database | Transaction, row: AmendableRow, change: AmendmentChange, now: Date): Promise<AmendmentQuote> {
  const settings = await loadSettings(db);
  const booking: AmendableBooking = {
    ...row,
    policy: bookingPolicy({ cancellationPolicy: row.cancellationPolicy, offerPolicy: row.offer.cancellationPolicy }, settings),
    percentOff: row.percentOff ?? 0,
  };
  const slot = await loadSlot(db, row.offerId, change.date, change.time);
  const offer = { ...row.offer, b2b: row.b2b, retail: row.retail };
  return quoteAmendment(booking, offer, change, slot, settings, now);
}

/** Whether the principal may amend and see the amounts an amendment moves. */
function assertMayAmend(principal: Principal): void {
  if (!memberCan(principal, 'bookings:viewOwn') || !memberCan(principal, 'bookings:create')) throw new Forbidden();
}

/**
 * What the amendment would change and cost, as the booking stands: the figures the confirmation
 * then applies (refused there if the booking or a price changed meanwhile).
 */
export async function previewAmendment(db: Database, principal: Principal, change: AmendmentChange, now = new Date()): Promise<AmendmentQuote> {
  assertMayAmend(principal);
  const row = await loadAmendable(db, principal, change.reference, false);
  if (!row) throw new NotFound();
  const quote = await prepare(db, row, change, now);
  assertSeesSettlement(principal, quote);
  return quote;
}

/**
 * A change that moves money is shown and confirmed only by whoever sees NET figures: a role that
 * may (seniors, admins), and not while the device is in customer view (the guest is looking).
 */
function assertSeesSettlement(principal: Principal, quote: { settledMinor: number }): void {
  if (quote.settledMinor === 0 || seesNetRates(principal)) return;
  throw new RuleViolation(inCustomerView(principal) ? 'amendments.errors.customerView' : 'amendments.errors.needsRates');
}

/**
 * Applies an amendment the agent confirmed. The same key with the same change answers what it
 * did the first time, however often and however concurrently it is sent; with another change it
 * is a Conflict. An amendment priced against an older issue of the booking, or at another figure
 * than the one shown, is refused: nothing is charged that the agent did not see.
 */
export async function amendBooking(
  db: Database,
  principal: Principal,
  confirm: AmendmentConfirm,
  options: { now?: Date; place?: PaymentPlace } = {},
): Promise<AmendmentOutcome> {
  assertMayAmend(principal);
  const now = options.now ?? new Date();
  const fingerprint = amendmentFingerprint(confirm);
  const refunds: string[] = [];
  let decided: Decided;
  try {
    decided = await db.transaction((tx) => decide(tx, principal, confirm, fingerprint, refunds, options.place, now));
  } catch (error) {
    // The same form sent twice at once: the booking's lock queued them, the loser's insert met the key.
    if (uniqueViolation(error) !== 'booking_amendments_booking_key_unique') throw error;
    decided = await db.transaction((tx) => decide(tx, principal, confirm, fingerprint, refunds, options.place, now));
  }
  await queueRefunds(refunds);
  if (decided.kind !== 'charge') return decided.outcome;
  const { payment, reference, amendmentId, customer, place } = decided;
  const started = await createCharge(db, payment, { ...place, description: bookingChargeDescription(place.locale, reference), customer });
  return { kind: 'payment', amendmentId, reference, payment: started, replayed: false };
}

type Decided =
  | { kind: 'done'; outcome: AmendmentOutcome }
  | {
      kind: 'charge';
      amendmentId: string;
      reference: string;
      payment: typeof payments.$inferSelect;
      customer: { name: string; email: string; phone: string };
      place: PaymentPlace;
    };

async function decide(
  tx: Transaction,
  principal: Principal,
  confirm: AmendmentConfirm,
  fingerprint: string,
  refunds: string[],
  place: PaymentPlace | undefined,
  now: Date,
): Promise<Decided> {
  const row = await loadAmendable(tx, principal, confirm.reference, true);
  if (!row) throw new NotFound();
  const [earlier] = await tx
    .select()
    .from(bookingAmendments)
    .where(and(eq(bookingAmendments.bookingId, row.id), eq(bookingAmendments.idempotencyKey, confirm.idempotencyKey)));
  if (earlier) {
    if (earlier.requestFingerprint !== fingerprint) throw new Conflict('errors.idempotencyConflict');
    return { kind: 'done', outcome: replayOf(earlier, row.reference) };
  }
  if (confirm.issue !== row.documentIssue) throw new Conflict('amendments.errors.stale');
  const [pending] = await tx
    .select({ id: bookingAmendments.id })
    .from(bookingAmendments)
    .where(and(eq(bookingAmendments.bookingId, row.id), eq(bookingAmendments.status, 'pending_payment')));
  if (pending) throw new Conflict('amendments.errors.paymentPending');

  const quote = await prepare(tx, row, confirm, now);
  assertSeesSettlement(principal, quote);
  if (quote.settledMinor !== confirm.expectedSettledMinor) throw new Conflict('amendments.errors.priceChanged');

  const base = {
    bookingId: row.id,
    agencyId: row.agencyId,
    requestedBy: principal.userId,
    idempotencyKey: confirm.idempotencyKey,
    requestFingerprint: fingerprint,
    method: quote.method,
    fromState: quote.from,
    toState: quote.to,
    differenceMinor: quote.differenceMinor,
    settledMinor: quote.settledMinor,
    refundPercent: quote.refund?.percent ?? null,
    feeMinor: quote.refund?.feeMinor ?? 0,
    fromIssue: quote.issue,
  };

  if (quote.method !== 'balance' && quote.settledMinor > 0) {
    // The increase is paid through the booking's provider: pending until the provider confirms.
    if (!place) throw new RuleViolation('paymentErrors.methodUnavailable');
    const offered = findOfferedMethod(place, quote.method as ProviderMethod);
    if (!offered) throw new RuleViolation('paymentErrors.methodUnavailable');
    // Charged in the currency the booking was paid in, so a cancellation's refunds add up (refund-rules.ts).
    const paying = await payingPayment(tx, row.id);
    if (paying && paying.currency !== offered.currency) throw new RuleViolation('paymentErrors.methodUnavailable');
    // The checkout's one charge quote, of the difference: the same fees and rates a booking pays.
    const settings = await loadSettings(tx);
    const charge = quoteBookingCharge(
      { netTotalMinor: quote.settledMinor, publishedTotalMinor: quote.settledMinor, widgetId: null },
      { currency: offered.currency, method: offered.method, rates: settings, fees: settings },
    );
    const [last] = await tx.select({ attempt: payments.attempt }).from(payments).where(eq(payments.bookingId, row.id)).orderBy(desc(payments.attempt)).limit(1);
    const payment = await insertAttempt(tx, {
      agencyId: row.agencyId,
      bookingId: row.id,
      purpose: 'amendment',
      offered,
      quote: charge,
      createdBy: principal.userId,
      attempt: (last?.attempt ?? 0) + 1,
    });
    const [amendment] = await tx.insert(bookingAmendments).values({ ...base, status: 'pending_payment', paymentId: payment.id }).returning({ id: bookingAmendments.id });
    return {
      kind: 'charge',
      amendmentId: amendment!.id,
      reference: row.reference,
      payment,
      customer: { name: row.guestName, email: row.guestEmail, phone: row.guestPhone },
      place,
    };
  }

  const [amendment] = await tx.insert(bookingAmendments).values({ ...base, status: 'applied', appliedAt: now }).returning({ id: bookingAmendments.id });
  await applyAmendment(tx, { ...row, stockMode: row.offer.stockMode }, { id: amendment!.id, method: quote.method, settledMinor: quote.settledMinor, feeMinor: quote.refund?.feeMinor ?? 0, grossRefundMinor: quote.refund?.grossRefundMinor ?? 0, from: quote.from, to: quote.to }, principal.userId, refunds, now);
  return { kind: 'done', outcome: { kind: 'applied', amendmentId: amendment!.id, reference: row.reference, settledMinor: quote.settledMinor, replayed: false } };
}

function replayOf(earlier: typeof bookingAmendments.$inferSelect, reference: string): AmendmentOutcome {
  if (earlier.status === 'applied') return { kind: 'applied', amendmentId: earlier.id, reference, settledMinor: earlier.settledMinor, replayed: true };
  if (earlier.status === 'failed') throw new Conflict('amendments.errors.paymentFailed');
  return { kind: 'pending', amendmentId: earlier.id, reference, replayed: true };
}

/** SHA-256 of the change as parsed (trimmed, e-mail lower-cased), without its key. */
export function amendmentFingerprint(confirm: AmendmentConfirm): string {
  const { idempotencyKey: _key, ...rest } = confirm;
  const normalised: Record<string, unknown> = { ...rest, guestEmail: rest.guestEmail.toLowerCase() };
  const canonical = JSON.stringify(Object.keys(normalised).sort().map((key) => [key, normalised[key]]));
  return createHash('sha256').update(canonical).digest('hex');
}
