import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { changedFields, recordStaffAudit } from '@/server/audit/audit';
import { moveBooking } from '@/server/bookings/booking-status';
import { emitBookingEvent } from '@/server/webhooks/emit-event';
import { lockBookingStock, giveBackStock, takeStock } from '@/server/bookings/stock';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, users } from '@/server/db/schema';
import { Conflict, Forbidden, isDomainError, NotFound, RuleViolation } from '@/server/errors';
import { debitAgency } from '@/server/ledger/ledger';
import { assertMayPayFromBalance } from '@/server/credit/credit-standing';
import { can } from '@/shared/auth/permissions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import type { Mailer } from '@/server/mail/mailer';
import { sendRequestMail, type RequestMail } from './request-mail';

// The operator's decisions on a request. Each runs in one transaction that locks
// the booking row and re-checks it is still a request, so two operators acting at once cannot
// both decide it: the second waits for the first's lock, then finds it decided (409).

type DecisionOptions = { mailer?: Mailer; origin?: string };

async function lockOpenRequest(tx: Transaction, reference: string) {
  const booking = await lockBookingStock(tx, eq(bookings.reference, reference));
  if (!booking) throw new NotFound();
  if (booking.status !== 'quotation_request') throw new Conflict('opsRequests.errors.alreadyDecided');
  const [details] = await tx
    .select({
      reference: bookings.reference,
      publishedTotalMinor: bookings.publishedTotalMinor,
      quotedAt: bookings.quotedAt,
      locale: bookings.locale,
      agentEmail: users.email,
      agentName: users.name,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.agentId))
    .where(eq(bookings.id, booking.id));
  return { ...booking, ...details! };
}

type OpenRequest = Awaited<ReturnType<typeof lockOpenRequest>>;

function notify(tx: Transaction, request: OpenRequest, mail: RequestMail, options: DecisionOptions) {
  return sendRequestMail(tx, { email: request.agentEmail, name: request.agentName, locale: request.locale }, request.reference, mail, options);
}

/** Prices a request: the quote becomes the booking's totals; it stays a request until confirmed. */
export async function quoteRequest(
  db: Database,
  staff: StaffPrincipal,
  input: { reference: string; netTotal: number; publishedTotal: number },
  options: DecisionOptions = {},
): Promise<{ reference: string }> {
  if (!can(staff.role, 'ops:requests')) throw new Forbidden();
  return db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, input.reference);
    const after = { netTotalMinor: input.netTotal, publishedTotalMinor: input.publishedTotal };
    const before = { netTotalMinor: request.netTotalMinor, publishedTotalMinor: request.publishedTotalMinor };
    // A quote replaces the offer's price: a promo discount belonged to the old price.
    await tx
      .update(bookings)
      .set({ ...after, discountMinor: 0, quotedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(bookings.id, request.id), eq(bookings.status, 'quotation_request')));
    // A new price is an amendment the agency's webhook endpoints hear of (a status move reports itself).
    await emitBookingEvent(tx, { id: request.id, agencyId: request.agencyId }, 'booking.amended');
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId: request.agencyId,
      entity: 'booking',
      entityId: request.id,
      action: 'booking.quote',
      changes: changedFields(before, after),
    });
    await notify(tx, { ...request, netTotalMinor: input.netTotal }, { kind: 'quoted', netTotalMinor: input.netTotal }, options);
    return { reference: request.reference };
  });
}

/**
 * Confirms a request at its price (quoted, or the totals it was made with): the agent then pays
 * with "Pay now" (`payment_required`), or the operator charges the agency's balance at once
 * (`completed`), within balance + credit limit (the ledger refuses more).
 */
export async function confirmRequest(
  db: Database,
  staff: StaffPrincipal,
  input: { reference: string; payment: 'agent' | 'balance' },
  options: DecisionOptions = {},
): Promise<{ reference: string; status: 'payment_required' | 'completed' }> {
  if (!can(staff.role, 'ops:requests')) throw new Forbidden();
  return db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, input.reference);
    if (request.netTotalMinor <= 0) throw new RuleViolation('opsRequests.errors.noPrice', {}, 'payment');
    let status: 'payment_required' | 'completed';
    if (input.payment === 'balance') {
      if (!request.holdsStock && request.slotId) await takeStock(tx, request.slotId, request.stockMode, request);
      // An overdue agency pays from its balance only what the balance covers.
      await assertMayPayFromBalance(tx, request.agencyId, request.netTotalMinor, new Date()).catch((error: unknown) => {
        if (isDomainError(error, 'ruleViolation')) throw new RuleViolation(error.code, error.values, 'payment');
        throw error;
      });
      await debitAgency(tx, {
        agencyId: request.agencyId,
        kind: 'booking',
        amountMinor: request.netTotalMinor,
        bookingId: request.id,
        description: `Booking ${request.reference}`,
      }).catch((error: unknown) => {
        if (isDomainError(error, 'ruleViolation') && error.code === 'checkout.insufficientBalance') throw new RuleViolation('opsRequests.errors.insufficientFunds', {}, 'payment');
        throw error;
      });
      status = 'completed';
      await moveBooking(tx, request.id, 'confirmRequestFromBalance', { paymentMethod: 'balance', paidMinor: request.netTotalMinor, holdsStock: request.slotId !== null });
    } else {
      status = 'payment_required';
      await moveBooking(tx, request.id, 'confirmRequest');
    }
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId: request.agencyId,
      entity: 'booking',
      entityId: request.id,
      action: 'booking.confirm',
      changes: { status: { from: 'quotation_request', to: status }, ...(input.payment === 'balance' && { paidMinor: { from: 0, to: request.netTotalMinor } }) },
    });
    await notify(tx, request, { kind: status === 'completed' ? 'confirmed' : 'paymentRequired', netTotalMinor: request.netTotalMinor }, options);
    return { reference: request.reference, status };
  });
}

/** Declines a request with a reason the agent sees: cancelled, nothing charged, any stock given back. */
export async function declineRequest(
  db: Database,
  staff: StaffPrincipal,
  input: { reference: string; reason: string },
  options: DecisionOptions = {},
): Promise<{ reference: string }> {
  if (!can(staff.role, 'ops:requests')) throw new Forbidden();
  return db.transaction(async (tx) => {
    const request = await lockOpenRequest(tx, input.reference);
    if (request.holdsStock && request.slotId) await giveBackStock(tx, request.slotId, request.stockMode, request);
    await moveBooking(tx, request.id, 'declineRequest', { declineReason: input.reason, holdsStock: false, holdExpiresAt: null, cancelledAt: sql`now()` });
    await recordStaffAudit(tx, {
      actorStaffId: staff.staffId,
      agencyId: request.agencyId,
      entity: 'booking',
      entityId: request.id,
      action: 'booking.decline',
      changes: { status: { from: 'quotation_request', to: 'cancelled' }, declineReason: { from: null, to: input.reason } },
    });
    await notify(tx, request, { kind: 'declined', reason: input.reason }, options);
    return { reference: request.reference };
  });
}
