import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import { type BookingStatusChanges, moveBooking } from '@/server/bookings/booking-status';
import { type LockedBookingStock, lockBookingStock, takeStock } from '@/server/bookings/stock';
import type { Database, Transaction } from '@/server/db/connection';
import { preparedSelectInTransaction } from '@/server/db/prepared';
import { bookings, payments } from '@/server/db/schema';
import { Conflict, Forbidden, NotFound } from '@/server/errors';
import { debitLockedAgency, lockAgencyFunds } from '@/server/ledger/ledger';
import { assertLockedFundsMayPay } from '@/server/credit/credit-standing';
import { memberCan } from '@/shared/auth/permissions';

/** The guest's details a payer may give with the payment (a reseller's confirmation), written in its move. */
export type PaymentContact = Pick<BookingStatusChanges, 'guestName' | 'guestEmail' | 'guestPhone' | 'resellerReference'>;

/** What the payment wrote on the booking besides its status (`completed`). */
export type BalancePayment = { paidMinor: number; holdsStock: boolean; updatedAt: Date };

/**
 * "Pay now" from the balance: a booking that needs payment is paid within the
 * agency's funds, taking its stock again if its hold was given back. A provider attempt still
 * waiting for its payer may later succeed too: settlement then refunds it (not payable any more).
 * `contact` is written by the same status move, so a refused payment changes nothing.
 */
export async function payBookingFromBalance(db: Database, principal: Principal, reference: string, contact: PaymentContact = {}): Promise<BalancePayment> {
  if (!memberCan(principal, 'bookings:create')) throw new Forbidden();
  return db.transaction(async (tx) => {
    const booking = await lockBookingStock(tx, and(eq(bookings.reference, reference), visibleBookings(principal)));
    if (!booking) throw new NotFound();
    return payLockedBookingFromBalance(tx, principal, { ...booking, reference }, contact);
  });
}

/** A provider payment of the booking still waiting for its payer: built once, prepared in each paying transaction (a reseller pays every confirmation here). */
const processingPayment = preparedSelectInTransaction('processing_payment_of_booking', (tx) =>
  tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, sql.placeholder('bookingId')), eq(payments.status, 'processing')))
    .limit(1),
);

/** The booking as the payment needs it, locked by the caller (FOR UPDATE of the booking row). */
export type PayableBooking = Pick<LockedBookingStock, 'id' | 'agencyId' | 'status' | 'netTotalMinor' | 'slotId' | 'holdsStock' | 'stockMode' | 'adults' | 'children' | 'infants'> & { reference: string };

/**
 * The same payment for a caller that has already locked the booking in `tx` and read it with what
 * it answers from (a reseller's confirmation): the one read serves both.
 */
export async function payLockedBookingFromBalance(tx: Transaction, principal: Principal, booking: PayableBooking, contact: PaymentContact = {}): Promise<BalancePayment> {
  if (!memberCan(principal, 'bookings:create')) throw new Forbidden();
  const { reference } = booking;
  if (booking.status !== 'payment_required' && booking.status !== 'payment_failed') throw new Conflict('paymentErrors.notPayable');
  const debits = booking.netTotalMinor > 0;
  const takesStockAgain = !booking.holdsStock && booking.slotId !== null;
  // Statements go to the database together where their order cannot matter: the in-progress check
  // takes no lock, so it travels with the agency's lock, unless stock is taken again first (every
  // booking path locks the slot before the agency, so two payments never wait on each other).
  const [[processing], fundsLocked] = await Promise.all([
    processingPayment(tx, { bookingId: booking.id }),
    debits && !takesStockAgain ? lockAgencyFunds(tx, booking.agencyId) : null,
  ]);
  if (processing) throw new Conflict('paymentErrors.inProgress');
  if (takesStockAgain) await takeStock(tx, booking.slotId!, booking.stockMode, booking);
  // The agency's row is locked once: the credit check and the debit use the funds read under it.
  const funds = debits ? (fundsLocked ?? (await lockAgencyFunds(tx, booking.agencyId))) : null;
  if (funds) await assertLockedFundsMayPay(tx, booking.agencyId, funds, booking.netTotalMinor, new Date());
  const holdsStock = booking.slotId !== null;
  // Every row the debit and the move write is locked by now (the booking by the caller, the agency
  // above): they go together too, and a refusal of either rolls both back with the transaction.
  const [, { updatedAt }] = await Promise.all([
    funds && debitLockedAgency(tx, { agencyId: booking.agencyId, kind: 'booking', amountMinor: booking.netTotalMinor, bookingId: booking.id, description: `Booking ${reference}` }, funds),
    moveBooking(tx, booking.id, 'paid', {
      ...contact,
      paymentMethod: 'balance',
      paidMinor: booking.netTotalMinor,
      holdsStock,
      holdExpiresAt: null,
      chargeCurrency: null,
      chargeTotalMinor: null,
      chargeFeeMinor: 0,
      chargeTaxMinor: 0,
    }),
  ]);
  return { paidMinor: booking.netTotalMinor, holdsStock, updatedAt };
}
