import 'server-only';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { moveBookingIfAllowed } from '@/server/bookings/booking-status';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, type SupplierTicket } from '@/server/db/schema';
import { sendJob } from '@/server/jobs/jobs';
import { creditAgency } from '@/server/ledger/ledger';
import { payingPayment, queueRefunds, recordRefund } from '@/server/payments/refunds';
import { emitBookingEvent } from '@/server/webhooks/emit-event';
import type { SupplierBooking } from '../connector';
import { supplierConnector } from '../connectors';
import { isSupplierDown, isSupplierError } from '../errors';
import { describeSupplierError } from './hold-at-supplier';

// Confirming a paid booking at its supplier (docs/suppliers.md "Booking through a supplier"). The
// money is taken first (balance and cash in the booking's transaction, a card when its payment
// settles); the confirm follows, and its answer decides:
// - confirmed: the supplier's reference and ticket codes are kept on the booking;
// - refused: the hold is cancelled at the supplier, the money goes back at once (ledger credit or
//   provider refund) and the booking is not confirmed (`supplierRefused` → payment_failed);
// - no answer (timeout, outage, an answer we cannot read): the booking is `awaiting_supplier`
//   and a job asks again with backoff. The uuid makes a repeated confirm the same booking at the
//   supplier, so asking again never books twice; and money is only given back on a refusal,
//   never on a silence.

export type SupplierConfirmOutcome = 'confirmed' | 'refused' | 'awaiting' | 'none';

/** The supplier's side of a booking, as the confirm and its job read it. */
async function loadSupplierBooking(db: Database | Transaction, where: SQL) {
  const [row] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      agencyId: bookings.agencyId,
      status: bookings.status,
      paymentMethod: bookings.paymentMethod,
      paidMinor: bookings.paidMinor,
      supplierId: bookings.supplierId,
      uuid: bookings.supplierBookingUuid,
      supplierStatus: bookings.supplierStatus,
      guestName: bookings.guestName,
      guestEmail: bookings.guestEmail,
      guestPhone: bookings.guestPhone,
      locale: bookings.locale,
    })
    .from(bookings)
    .where(where)
    .limit(1);
  return row ?? null;
}
type SupplierBookingRow = NonNullable<Awaited<ReturnType<typeof loadSupplierBooking>>>;

/** Still to be confirmed at the supplier: paid, and the supplier has not answered yes or no. */
const OPEN_AT_SUPPLIER = ['on_hold', 'awaiting_supplier'] as const;

/**
 * Confirms a paid supplier booking at its supplier (balance and cash right after the booking's
 * transaction, a card when its payment settled). Answers what happened; `none` for a booking that
 * is not a supplier's, not paid, or already settled at the supplier.
 */
export async function confirmSupplierBooking(db: Database, booking: { id: string } | { reference: string }): Promise<SupplierConfirmOutcome> {
  return confirmLoaded(db, await loadSupplierBooking(db, 'id' in booking ? eq(bookings.id, booking.id) : eq(bookings.reference, booking.reference)));
}

async function confirmLoaded(db: Database, booking: SupplierBookingRow | null): Promise<SupplierConfirmOutcome> {
  if (!booking?.supplierId || !booking.uuid || booking.status !== 'completed') return 'none';
  if (booking.supplierStatus === 'confirmed' || booking.supplierStatus === 'failed') return 'none';
  // Paid after our hold (and so the supplier's) was given back: nothing is held to confirm.
  if (booking.supplierStatus === 'cancelled') return refuse(db, booking, 'The hold at the supplier had been released before the payment arrived');
  return askToConfirm(db, booking);
}

async function askToConfirm(db: Database, booking: SupplierBookingRow): Promise<SupplierConfirmOutcome> {
  let answer: SupplierBooking;
  try {
    const connector = await supplierConnector(db, booking.supplierId!);
    answer = await connector.confirm(booking.uuid!, {
      resellerReference: booking.reference,
      contact: { fullName: booking.guestName, emailAddress: booking.guestEmail, phoneNumber: booking.guestPhone, locales: [booking.locale] },
    });
  } catch (error) {
    if (isRefusal(error)) return refuse(db, booking, describeSupplierError(error));
    await awaitSupplier(db, booking, describeSupplierError(error));
    return 'awaiting';
  }
  return applyAnswer(db, booking, answer);
}

/** A supplier's booking as it stands: confirmed is kept, pending waits, anything else is a refusal. */
async function applyAnswer(db: Database, booking: SupplierBookingRow, answer: SupplierBooking): Promise<SupplierConfirmOutcome> {
  if (answer.state === 'confirmed' || answer.state === 'redeemed') {
    await storeConfirmed(db, booking.id, answer);
    return 'confirmed';
  }
  if (answer.state === 'pending') {
    await awaitSupplier(db, booking, 'pending at the supplier');
    return 'awaiting';
  }
  return refuse(db, booking, `the supplier's booking is ${answer.state}`);
}

/**
 * Only a "no" the supplier said is a refusal. An outage, a timeout or an answer we could not read
 * may hide a confirmation that went through: that waits for the job, which asks the supplier.
 */
function isRefusal(error: unknown): boolean {
  return isSupplierError(error) && !isSupplierDown(error) && error.code !== 'invalid_response';
}

/** The supplier's confirmation stored with its reference and codes; the agency hears of it now. */
async function storeConfirmed(db: Database, bookingId: string, answer: SupplierBooking): Promise<void> {
  const tickets: SupplierTicket[] = answer.tickets.map((ticket) => ({ unitType: ticket.unitType, code: ticket.code, format: ticket.format }));
  await db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(bookings)
    .set({
      supplierStatus: 'confirmed',
      supplierReference: answer.reference,
      supplierTickets: tickets,
      supplierHoldExpiresAt: null,
      supplierError: null,
      updatedAt: sql`now()`,
    })
      .where(and(eq(bookings.id, bookingId), inArray(bookings.supplierStatus, [...OPEN_AT_SUPPLIER])))
      .returning({ id: bookings.id, agencyId: bookings.agencyId });
    if (confirmed) await emitBookingEvent(tx, confirmed, 'booking.confirmed');
  });
}

/** How long the job keeps asking before the minute's sweep takes over: about half an hour of backoff. */
const SETTLE_RETRIES = 10;

async function awaitSupplier(db: Database, booking: SupplierBookingRow, why: string): Promise<void> {
  await db
    .update(bookings)
    .set({ supplierStatus: 'awaiting_supplier', supplierError: why, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, booking.id), inArray(bookings.supplierStatus, [...OPEN_AT_SUPPLIER])));
  await scheduleSupplierSettlement(booking.id);
}

/** The job that settles an `awaiting_supplier` booking (one at a time per booking). */
export async function scheduleSupplierSettlement(bookingId: string): Promise<void> {
  await sendJob('suppliers.settleBooking', { bookingId }, { singletonKey: bookingId, retryLimit: SETTLE_RETRIES, startAfter: new Date(Date.now() + 5_000) });
}

/**
 * The supplier refused: its hold is cancelled there, the money goes back at once — a ledger
 * credit of what the balance paid, a provider refund of the paying charge — and the booking is
 * not confirmed. The booking row is locked, so two refusals (the checkout and the job) give back once.
 */
async function refuse(db: Database, booking: SupplierBookingRow, why: string): Promise<SupplierConfirmOutcome> {
  try {
    await (await supplierConnector(db, booking.supplierId!)).cancel(booking.uuid!, 'Not confirmed');
  } catch (error) {
    // A refused booking holds nothing worth keeping; its hold expires at the supplier anyway.
    console.warn('[suppliers] cancelling a refused booking', booking.reference, error);
  }
  const refunds: string[] = [];
  const refused = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: bookings.status, supplierStatus: bookings.supplierStatus, paidMinor: bookings.paidMinor })
      .from(bookings)
      .where(eq(bookings.id, booking.id))
      .for('update');
    if (locked?.status !== 'completed' || locked.supplierStatus === 'confirmed' || locked.supplierStatus === 'failed') return false;
    if (locked.paidMinor > 0) {
      await creditAgency(tx, { agencyId: booking.agencyId, kind: 'refund', amountMinor: locked.paidMinor, bookingId: booking.id, description: `Refund ${booking.reference} (not confirmed by the supplier)` });
    }
    const paying = booking.paymentMethod === 'balance' || booking.paymentMethod === 'cash' ? null : await payingPayment(tx, booking.id);
    if (paying) refunds.push(await recordRefund(tx, paying, { amountMinor: paying.amountMinor, reason: 'supplierRefused' }));
    return moveBookingIfAllowed(tx, booking.id, 'supplierRefused', {
      paidMinor: 0,
      collectionMinor: 0,
      holdsStock: false,
      holdExpiresAt: null,
      supplierStatus: 'failed',
      supplierHoldExpiresAt: null,
      supplierError: why.slice(0, 500),
    });
  });
  await queueRefunds(refunds);
  return refused ? 'refused' : 'none';
}

/**
 * The `suppliers.settleBooking` job: asks the supplier how a booking it has not answered for
 * stands, and settles it either way — confirmed there (or confirmed now, the uuid making a repeat
 * harmless), or refused, cancelled, expired or unknown there (the money goes back). Still no
 * answer: it throws, so the queue retries with backoff.
 */
export async function settleSupplierBooking(db: Database, bookingId: string): Promise<SupplierConfirmOutcome> {
  const booking = await loadSupplierBooking(db, eq(bookings.id, bookingId));
  if (!booking?.supplierId || !booking.uuid || booking.status !== 'completed') return 'none';
  if (booking.supplierStatus !== 'awaiting_supplier' && booking.supplierStatus !== 'on_hold') return 'none';
  let found: SupplierBooking | null;
  try {
    found = await (await supplierConnector(db, booking.supplierId)).getBooking(booking.uuid);
  } catch (error) {
    await db.update(bookings).set({ supplierError: describeSupplierError(error), updatedAt: sql`now()` }).where(eq(bookings.id, booking.id));
    throw new Error(`Supplier booking ${booking.reference} is still unanswered: ${describeSupplierError(error)}`);
  }
  const outcome = !found
    ? await refuse(db, booking, 'The supplier has no booking under our uuid')
    : found.state === 'on_hold'
      ? await askToConfirm(db, booking)
      : await applyAnswer(db, booking, found);
  if (outcome === 'awaiting') throw new Error(`Supplier booking ${booking.reference} is still unanswered`);
  return outcome;
}
