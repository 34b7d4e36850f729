import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Locale, localizedPath } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import { assertGuestHoldRoom } from '@/server/bookings/guest-holds';
import { moveBooking, moveBookingIfAllowed, releaseHold } from '@/server/bookings/booking-status';
import { type LockedBookingStock, lockBookingStock, takeStock } from '@/server/bookings/stock';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, payments } from '@/server/db/schema';
import { Conflict, Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { loadSettings } from '@/server/settings/settings';
import { memberCan } from '@/shared/auth/permissions';
import { type ChargeQuote, quoteBookingCharge } from '@/shared/payments/charge-quote';
import { quoteCardTopUp } from '@/shared/top-up/top-up-fee';
import type { Currency } from '@/shared/money/money';
import type { Variant } from '@/shared/sites/site-variants';
import type { NextAction, PaymentGateway, ProviderId, ProviderMethod } from './gateway';
import { bookingChargeDescription, topUpChargeDescription } from './charge-description';
import { findGateway } from './gateways';
import { holdUntil, scheduleHoldExpiry } from './holds';
import { findOfferedMethod, mayPayThroughProvider, type OfferedMethod } from './payment-methods';
import { MAX_TOP_UP_MINOR } from '@/shared/payments/limits';
import { failPaidAmendment } from '@/server/bookings/amendment-settlement';

// Starting a provider payment: a `payments` row per attempt, written before the
// provider is called, so every attempt is on record whatever the provider answers; the provider's
// idempotency key is `<payment id>:<attempt>`, so a retried create charges once.

export type StartedPayment = { paymentId: string; nextAction: NextAction };

type PaymentPlace = { variant: Variant; displayCurrency: Currency; origin: string; locale: Locale };

/**
 * Pays a booking by card, crypto or SBP: the one just booked with that method (its stock already
 * held), or "Pay now" on a `payment_required` / `payment_failed` one (the stock is taken again).
 * A repeated start while an attempt is still waiting for the payer answers that attempt.
 */
export async function startBookingPayment(
  db: Database,
  principal: Principal,
  input: PaymentPlace & {
    reference: string;
    method: ProviderMethod;
    /** The spec's provider-specific routes name theirs. */
    provider?: ProviderId;
    /** Where the provider sends the payer back, on `origin`; the portal's result page by default. */
    returnPath?: string;
    /**
     * The payer has just reached the payment page: a hold still running (a widget guest's short
     * one) becomes the normal hold from now.
     */
    extendHold?: boolean;
  },
  now = new Date(),
): Promise<StartedPayment> {
  if (!memberCan(principal, 'bookings:create')) throw new Forbidden();
  if (!mayPayThroughProvider(principal.role)) throw new RuleViolation('paymentErrors.notForRole', {}, 'paymentMethod');
  const offered = findOfferedMethod(input, input.method, input.provider);
  if (!offered) throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
  const settings = await loadSettings(db);

  const started = await db.transaction(async (tx) => {
    const { booking, last } = await lockPayableBooking(tx, principal, input.reference);
    const quote = quoteBookingCharge(booking, { currency: offered.currency, method: input.method, rates: settings, fees: settings });
    if (last && isWaiting(last, offered, quote)) return { payment: last, booking, holdExpiresAt: null, fresh: false };

    if (!booking.holdsStock && booking.slotId) {
      // A guest's booking whose short hold ran out holds again only within the guests' share.
      if (booking.widgetId) await assertGuestHoldRoom(tx, booking.slotId, booking.stockMode, booking);
      await takeStock(tx, booking.slotId, booking.stockMode, booking);
    }
    // A hold still running (the booking was just made) keeps its expiry and its job, unless the
    // payer's arrival extends it.
    const held = booking.holdsStock && booking.holdExpiresAt && booking.holdExpiresAt > now ? booking.holdExpiresAt : null;
    const running = held && !(input.extendHold && held < holdUntil(now)) ? held : null;
    const holdExpiresAt = running ?? holdUntil(now);
    await moveBooking(tx, booking.id, 'awaitPayment', {
      paymentMethod: input.method,
      holdsStock: booking.slotId !== null,
      holdExpiresAt,
      chargeCurrency: quote.currency,
      chargeTotalMinor: quote.totalMinor,
      chargeFeeMinor: quote.feeMinor,
      chargeTaxMinor: quote.taxMinor,
    });
    const payment = await insertAttempt(tx, {
      agencyId: booking.agencyId,
      bookingId: booking.id,
      purpose: 'booking',
      offered,
      quote,
      createdBy: principal.userId,
      attempt: (last?.attempt ?? 0) + 1,
    });
    return { payment, booking, holdExpiresAt: running ? null : holdExpiresAt, fresh: true };
  });
  if (!started.fresh) {
    const nextAction = started.payment.nextAction ?? (await chargeOfAttemptInFlight(db, started.payment.id));
    if (nextAction) return { paymentId: started.payment.id, nextAction };
  }
  if (started.holdExpiresAt) await scheduleHoldExpiry(started.payment.bookingId!, started.holdExpiresAt);

  return createCharge(db, started.payment, {
    ...input,
    description: bookingChargeDescription(input.locale, input.reference),
    customer: { name: started.booking.guestName, email: started.booking.guestEmail, phone: started.booking.guestPhone },
  });
}

/** A card top-up: the ledger is credited only when the provider says it is paid. */
export async function startTopUpPayment(
  db: Database,
  principal: Principal,
  input: PaymentPlace & { amountMinor: number; method: 'card' },
): Promise<StartedPayment> {
  if (!memberCan(principal, 'balance:topUp')) throw new Forbidden();
  if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0) throw new RuleViolation('deposits.errors.amountPositive', {}, 'amount');
  if (input.amountMinor > MAX_TOP_UP_MINOR) throw new RuleViolation('paymentErrors.amountTooLarge', {}, 'amount');
  // Top-ups are charged and credited in AED, the ledger's currency, whatever the page shows.
  const offered = findOfferedMethod({ variant: 'main', displayCurrency: 'AED' }, input.method);
  if (!offered) throw new RuleViolation('paymentErrors.methodUnavailable', {}, 'paymentMethod');
  const fee = quoteCardTopUp(input.amountMinor, (await loadSettings(db)).cardTopUpFeePercent);
  const quote: ChargeQuote = {
    currency: 'AED',
    lines: [{ kind: 'subtotal', percent: null, amountMinor: fee.amountMinor }],
    feeMinor: fee.feeMinor,
    taxMinor: 0,
    totalMinor: fee.totalMinor,
    baseAmountMinor: fee.amountMinor,
  };
  const payment = await db.transaction((tx) =>
    insertAttempt(tx, { agencyId: principal.agencyId, bookingId: null, purpose: 'top_up', offered, quote, createdBy: principal.userId, attempt: 1 }),
  );
  return createCharge(db, payment, { ...input, description: topUpChargeDescription(input.locale), customer: { name: principal.name, email: principal.email } });
}

type PaymentRow = typeof payments.$inferSelect;

/** The booking, locked, if it may be paid, and its latest payment attempt. */
async function lockPayableBooking(tx: Transaction, principal: Principal, reference: string): Promise<{ booking: LockedBookingStock; last: PaymentRow | null }> {
  const booking = await lockBookingStock(tx, and(eq(bookings.reference, reference), visibleBookings(principal)));
  if (!booking) throw new NotFound();
  if (booking.status !== 'payment_required' && booking.status !== 'payment_failed') throw new Conflict('paymentErrors.notPayable');
  if (booking.netTotalMinor <= 0) throw new RuleViolation('paymentErrors.nothingToPay');
  const [last] = await tx.select().from(payments).where(eq(payments.bookingId, booking.id)).orderBy(desc(payments.attempt)).limit(1);
  // A payment the provider is still deciding must end before another may start (no double charge).
  if (last?.status === 'processing') throw new Conflict('paymentErrors.inProgress');
  return { booking, last: last ?? null };
}

/**
 * The latest attempt is still waiting for the payer with the same method and amount: answer it
 * again. That includes an attempt whose charge is still being created, by the same checkout sent
 * twice at once (a double click, a resent form): another attempt would be a second charge.
 */
function isWaiting(last: PaymentRow, offered: OfferedMethod, quote: ChargeQuote): boolean {
  return (
    last.status === 'created' &&
    last.provider === offered.provider &&
    last.method === offered.method &&
    last.currency === quote.currency &&
    last.amountMinor === quote.totalMinor
  );
}

const IN_FLIGHT_WAIT_MS = 8_000;
const IN_FLIGHT_POLL_MS = 50;

/**
 * The charge another request is creating for this attempt, once it has it. Waiting beats asking
 * the provider at the same time (Stripe answers a key in use with 409); if the other request died
 * before it got an answer, null, and this one creates the charge under the attempt's own
 * idempotency key, so the provider still makes it once. A failed attempt fails this request too.
 */
async function chargeOfAttemptInFlight(db: Database, paymentId: string): Promise<NextAction | null> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  while (Date.now() < deadline) {
    const [row] = await db.select({ status: payments.status, nextAction: payments.nextAction }).from(payments).where(eq(payments.id, paymentId));
    if (row?.nextAction) return row.nextAction;
    if (row?.status === 'failed') throw new RuleViolation('paymentErrors.providerUnavailable', {}, 'paymentMethod');
    await sleep(IN_FLIGHT_POLL_MS);
  }
  return null;
}

export async function insertAttempt(
  tx: Transaction,
  values: {
    agencyId: string;
    bookingId: string | null;
    purpose: 'booking' | 'top_up' | 'amendment';
    offered: OfferedMethod;
    quote: ChargeQuote;
    createdBy: string;
    attempt: number;
  },
): Promise<PaymentRow> {
  const [payment] = await tx
    .insert(payments)
    .values({
      agencyId: values.agencyId,
      bookingId: values.bookingId,
      purpose: values.purpose,
      provider: values.offered.provider,
      method: values.offered.method,
      attempt: values.attempt,
      amountMinor: values.quote.totalMinor,
      currency: values.quote.currency,
      baseAmountMinor: values.quote.baseAmountMinor,
      feeMinor: values.quote.feeMinor,
      taxMinor: values.quote.taxMinor,
      createdBy: values.createdBy,
    })
    .returning();
  if (!payment) throw new Error('The payment insert returned no row');
  return payment;
}

/**
 * Asks the provider for the charge. A provider that cannot be reached fails the attempt (and a
 * booking's hold is given back), so the agent can try again or pay another way.
 */
export async function createCharge(
  db: Database,
  payment: PaymentRow,
  input: PaymentPlace & { description: string; customer: { name: string; email: string; phone?: string }; returnPath?: string },
): Promise<StartedPayment> {
  const gateway = findGateway(payment.provider) as PaymentGateway;
  const returnPath = input.returnPath?.replace('{paymentId}', payment.id) ?? localizedPath(input.locale, `/pay/${payment.id}`);
  const returnUrl = `${input.origin}${returnPath}`;
  try {
    const charge = await gateway.createCharge({
      paymentId: payment.id,
      idempotencyKey: `${payment.id}:${payment.attempt}`,
      method: payment.method as ProviderMethod,
      amountMinor: payment.amountMinor,
      currency: payment.currency as 'AED' | 'USD' | 'RUB',
      description: input.description,
      returnUrl,
      webhookUrl: `${process.env.PAYMENTS_WEBHOOK_BASE_URL ?? input.origin}/api/payments/webhooks/${payment.provider}`,
      customer: input.customer,
      locale: input.locale,
    });
    await db
      .update(payments)
      .set({ providerReference: charge.providerReference, nextAction: charge.nextAction, updatedAt: sql`now()` })
      .where(eq(payments.id, payment.id));
    return { paymentId: payment.id, nextAction: charge.nextAction };
  } catch (error) {
    console.error('[payments] create charge', error);
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'failed', failureCode: 'provider_unavailable', settledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
      // An amendment's difference (server/checkout/amend-booking.ts) fails alone: its booking is
      // confirmed and keeps what it holds.
      if (payment.purpose === 'amendment') await failPaidAmendment(tx, payment.id);
      else if (payment.bookingId) {
        await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, payment.bookingId)).for('update');
        await releaseHold(tx, payment.bookingId);
        // A booking paid another way meanwhile stays as it is.
        await moveBookingIfAllowed(tx, payment.bookingId, 'paymentFailed');
      }
    });
    throw new RuleViolation('paymentErrors.providerUnavailable', {}, 'paymentMethod');
  }
}
