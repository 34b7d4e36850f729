import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Locale } from '@/i18n/locales';
import { assertAgencyMayBook, assertStatusMayBook, type AgencyStatus } from '@/server/account/agency-standing';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiInstant, dubaiToday, requestReason, stockProblem, type GuestCounts, type RequestReason } from '@/shared/availability/rules';
import type { Database, Transaction } from '@/server/db/connection';
import { uniqueViolation } from '@/server/db/errors';
import { bookings, hotels } from '@/server/db/schema';
import { Conflict, Forbidden, RuleViolation } from '@/server/errors';
import { debitAgency } from '@/server/ledger/ledger';
import { assertMayPayFromBalance } from '@/server/credit/credit-standing';
import { type BookableOffer, loadBookableOffer, loadSlot, lookUpPickUpTime, type SlotRow } from './bookable-offer';
import { newBookingReference } from './booking-reference';
import { type SlotStockLeft, takeStock } from './stock';
import { claimPromoUse, findValidPromo } from './promo-codes';
import { type CheckoutInput, isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { type BookingCancellationPolicy, type RefundTiers, resolveCancellationPolicy } from '@/shared/bookings/offer-terms';
import { linesTotal, priceLines, quoteBooking } from '@/shared/bookings/pricing';
import type { OfferPrices } from '@/shared/catalog/prices';
import { minimumSalePrice } from '@/shared/widgets/widget-pricing';
import { loadSettings } from '@/server/settings/settings';
import { guestHoldUntil, holdMinutes, holdUntil, scheduleHoldExpiry } from '@/server/payments/holds';
import { checkSupplierSlot, holdAtSupplier, releaseUnusedHold, type SupplierHold, type SupplierSlotCheck } from '@/server/suppliers/booking/hold-at-supplier';
import { GUEST_MAX_GUESTS, guestCount } from '@/shared/widgets/guest-checkout-schema';
import { assertGuestHoldRoom } from './guest-holds';
import { type BookingStatus, initialBookingStatus } from './booking-status';
import { emitBookingEvent } from '@/server/webhooks/emit-event';
import { forgetSupplierAvailability } from '@/server/availability/supplier-availability';
import { countPayment } from '@/server/telemetry/metrics';
import { inSpan } from '@/server/telemetry/tracing';

export type { BookingStatus };
/** A guest's booking through an agency's widget: sold at the widget's guest prices. */
export type WidgetSale = { widgetId: string; guestPrices: OfferPrices };
/** A guest's booking paid from an agency's quote (server/quotes): sold at the quote's guest price. */
export type QuoteSale = { quoteId: string; retailTotalMinor: number };
export type CreatedBooking = { reference: string; status: BookingStatus; /** The attempt had already booked. */ replayed: boolean };
/**
 * A reservation just written: the row as inserted and what its slot had left after the take, so
 * the reseller's answer needs no second read (absent when the attempt had already booked).
 */
export type WrittenReservation = { booking: typeof bookings.$inferSelect; slotLeft: SlotStockLeft | null };
/**
 * A reseller's reservation over OCTO (server/octo-api): booked holding its stock until `until`,
 * unpaid (`payment_required`) until the reseller confirms it, which pays it from the balance.
 */
export type Reservation = { until: Date; resellerReference: string | null };

/** What an earlier submission under the same idempotency key booked, as read for the check. */
export type EarlierAttempt = { reference: string; status: BookingStatus; fingerprint: string | null };

/**
 * What a caller has already read in one query of its own (a reseller's reservation reads it with
 * its option, server/octo-api): the agency's status, the booking of an earlier submission under
 * the key, the offer, the chosen slot (null when there is none at that date and time) and the
 * operator's refund tiers.
 * createBooking then reads none of them again; it applies the same rules to them.
 */
export type BookingStart = { agencyStatus: AgencyStatus; earlier: EarlierAttempt | null; offer: BookableOffer; slot: SlotRow | null; refundTiers: RefundTiers };

const REFERENCE_ATTEMPTS = 3;
const UNLIMITED = { left: Number.MAX_SAFE_INTEGER, leftAdults: Number.MAX_SAFE_INTEGER, leftChildren: Number.MAX_SAFE_INTEGER };

/**
 * Books an offer in one transaction (DESIGN.md "Stock", "Balance"): the booking row, the slot's
 * stock taken with a conditional update, and for balance payments a ledger debit checked against
 * balance + credit limit under the agency's row lock. The same idempotency key with the same
 * checkout always yields the same booking, however often and however concurrently it is
 * submitted; the same key with another checkout is a Conflict, never the first booking passed off
 * as the second.
 */
export async function createBooking(
  db: Database,
  principal: Principal,
  input: CheckoutInput,
  options: { locale: Locale; now?: Date; widget?: WidgetSale; quote?: QuoteSale; reservation?: Reservation; start?: BookingStart },
): Promise<CreatedBooking & { written?: WrittenReservation }> {
  if (!memberCan(principal, 'bookings:create')) throw new Forbidden();
  const { start } = options;
  if (start) assertStatusMayBook(start.agencyStatus);
  else await assertAgencyMayBook(db, principal.agencyId);
  const fingerprint = checkoutFingerprint(input);
  const earlier = start ? earlierAttempt(start.earlier, fingerprint) : await findAttempt(db, principal.agencyId, input.idempotencyKey, fingerprint);
  if (earlier) return earlier;

  const now = options.now ?? new Date();
  const plan = await planBooking(db, input, options.locale, now, start);
  if (options.widget) sellThroughWidget(plan, input, options.widget);
  if (options.quote) sellThroughQuote(plan, input, options.quote);
  plan.reservation = options.reservation;
  await holdSupplierSeats(db, plan, principal.agencyId, input.idempotencyKey);
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const created = await db.transaction((tx) => writeBooking(tx, principal, input, plan, options.locale, fingerprint, now));
        // A reseller's reservation gets no job of its own: it reads EXPIRED from its expiry on
        // (server/octo-api), and the minute's reconciliation gives its places back
        // (server/checkout/settlement.ts). A job per reservation cost its booking a statement
        // in pg-boss's queue, while most reservations are confirmed within seconds.
        if (created.holdExpiresAt && !options.reservation) await scheduleHoldExpiry(created.bookingId, created.holdExpiresAt);
        const booked = { reference: created.reference, status: created.status, replayed: false };
        return options.reservation ? { ...booked, written: { booking: created.row, slotLeft: created.slotLeft } } : booked;
      } catch (error) {
        const constraint = uniqueViolation(error);
        // The same checkout sent twice at once: both reserved under one supplier uuid, one wrote.
        // A quote paid twice at once: its one booking (bookings_quote_unique) is the other's.
        if (constraint === 'bookings_agency_idempotency_unique' || constraint === 'bookings_supplier_uuid_unique' || constraint === 'bookings_quote_unique') {
          const winner = await findAttempt(db, principal.agencyId, input.idempotencyKey, fingerprint);
          if (winner) return winner;
        }
        if (constraint === 'bookings_reference_unique' && attempt < REFERENCE_ATTEMPTS) continue;
        throw error;
      }
    }
  } catch (error) {
    if (plan.supplierHold) await releaseUnusedHold(db, plan.supplierHold);
    throw error;
  }
}

/** What a booking would cost and where it would land, as its checks before the transaction found it. */
export type BookingCheck = { offer: BookableOffer; slot: SlotRow | null; netTotalMinor: number; publishedTotalMinor: number; reason: RequestReason | null };

/**
 * The checks createBooking runs before its transaction (offer, date, slot, cut-off, stock,
 * minimum, hotel, promo), writing nothing: a spreadsheet row's preview (server/group-booking)
 * answers what the booking itself would refuse, with the same messages. Stock is checked again
 * under lock when the booking is made.
 */
export async function checkBooking(db: Database, principal: Principal, input: CheckoutInput, options: { locale: Locale; now?: Date }): Promise<BookingCheck> {
  if (!memberCan(principal, 'bookings:create')) throw new Forbidden();
  const plan = await planBooking(db, input, options.locale, options.now ?? new Date());
  return { offer: plan.offer, slot: plan.slot, netTotalMinor: plan.quote.netTotalMinor, publishedTotalMinor: plan.quote.publishedTotalMinor, reason: plan.reason };
}

/**
 * A supplier's offer: its seats are reserved at the supplier before our transaction
 * (server/suppliers/booking), long enough for the payment hold. A supplier that is down makes the
 * booking a request for the operator, with the reason kept, instead of an error.
 */
async function holdSupplierSeats(db: Database, plan: BookingPlan, agencyId: string, idempotencyKey: string): Promise<void> {
  if (plan.supplier?.kind === 'down') plan.reason = 'supplierUnavailable';
  if (plan.supplier?.kind !== 'slot' || plan.reason !== null) return;
  const held = await holdAtSupplier(db, plan.supplier, { agencyId, idempotencyKey, expirationMinutes: holdMinutes() + 1 });
  if ('kind' in held) {
    plan.reason = 'supplierUnavailable';
    plan.supplier = { kind: 'down', offer: plan.supplier.offer, error: held.error };
  } else {
    plan.supplierHold = held;
    // The seats just held are gone at the supplier: the next picker asks it again.
    forgetSupplierAvailability(plan.offer.offerId);
  }
}

/**
 * A widget booking's guest total replaces the recommended retail total. The editor kept every sale
 * price 5% above cost, but the cost may have risen since: below that floor the offer is no longer
 * sold (its site hides it too).
 */
function sellThroughWidget(plan: BookingPlan, input: CheckoutInput, widget: WidgetSale): void {
  if (input.promoCode) throw new RuleViolation('checkout.offerUnavailable', {}, 'promoCode');
  // The guest form's own cap, whatever sent the request.
  if (guestCount(plan.counts) > GUEST_MAX_GUESTS) throw new RuleViolation('widgetBookings.limits.groupTooLarge', {}, 'adults');
  const saleTotal = linesTotal(priceLines(widget.guestPrices, plan.counts));
  if (saleTotal < minimumSalePrice(plan.quote.netTotalMinor)) throw new RuleViolation('checkout.offerUnavailable');
  plan.widgetId = widget.widgetId;
  plan.quote = { ...plan.quote, publishedTotalMinor: saleTotal };
}

/**
 * A quote's guest price replaces the recommended retail total. The price was fixed when the quote
 * was made; the NET is read now: if it rose so far that the guest price no longer keeps the
 * minimum margin (the widgets' rule), the quote is not sold at a loss but refused, and the agent
 * makes a new one.
 */
function sellThroughQuote(plan: BookingPlan, input: CheckoutInput, quote: QuoteSale): void {
  if (input.promoCode) throw new RuleViolation('checkout.offerUnavailable', {}, 'promoCode');
  if (quote.retailTotalMinor < minimumSalePrice(plan.quote.netTotalMinor)) throw new RuleViolation('quotes.errors.priceChanged');
  plan.quoteId = quote.quoteId;
  plan.quote = { ...plan.quote, publishedTotalMinor: quote.retailTotalMinor };
}

type BookingPlan = {
  offer: BookableOffer;
  slot: SlotRow | null;
  counts: GuestCounts;
  reason: RequestReason | null;
  pickUpTime: string | null;
  promoCodeId: string | null;
  quote: ReturnType<typeof quoteBooking>;
  /** The offer's refund terms as sold, kept on the booking. */
  cancellationPolicy: BookingCancellationPolicy;
  /** The widget a guest books through, if any. */
  widgetId?: string;
  /** The guest quote paid, if any. */
  quoteId?: string;
  /** A supplier's offer: its live slot there (or the supplier being down), and the seats held. */
  supplier: SupplierSlotCheck | null;
  supplierHold?: SupplierHold;
  reservation?: Reservation | undefined;
};

/** Every check that needs no lock, with the spec's messages; writes nothing. `start`: the offer and slot already read. */
async function planBooking(db: Database, input: CheckoutInput, locale: Locale, now: Date, start?: BookingStart): Promise<BookingPlan> {
  const offer = start ? start.offer : await loadBookableOffer(db, input.offerId);
  if (!offer) throw new RuleViolation('checkout.offerUnavailable');
  if (input.date < dubaiToday(now)) throw new RuleViolation('checkout.pastDate', {}, 'date');

  const counts = { adults: input.adults, children: input.children, infants: input.infants };
  // A supplier's offer has no slots of ours: the chosen one is asked of the supplier, live.
  const supplier = offer.supplierId && offer.hasLiveAvailability && input.paymentMethod !== 'request' ? await checkSupplierSlot(db, offer.offerId, { date: input.date, time: input.time, counts }) : null;
  if (supplier?.kind === 'slot' && dubaiInstant(input.date, supplier.startTime).getTime() <= now.getTime()) throw new RuleViolation('checkout.noSlot', {}, 'time');
  const slot = offer.hasLiveAvailability && !offer.supplierId ? await loadSlotOrFail(db, offer, input, now, start) : null;
  const reason = requestReason({
    hasLiveAvailability: offer.hasLiveAvailability,
    date: input.date,
    time: slot?.startTime ?? (supplier?.kind === 'slot' ? supplier.startTime : input.time),
    cutOffHours: offer.cutOffHours,
    now,
    bookWithAgent: input.paymentMethod === 'request',
  });
  // Without live stock or past the cut-off only a request can be made (spec §4, §5).
  if ((reason === 'noLiveAvailability' || reason === 'cutOffPassed') && input.paymentMethod !== 'request') {
    throw new RuleViolation(`availability.${reason}`, {}, 'paymentMethod');
  }

  // A request is confirmed by hand, so only the minimum applies to it; stock is checked again,
  // under lock, when it is taken.
  const problem = stockProblem(offer.stockMode, slot ?? UNLIMITED, counts, offer.minPeople);
  if (problem?.code === 'minPeople') throw new RuleViolation('availability.minPeople', { min: problem.min }, 'adults');
  if (problem && reason === null) throw new RuleViolation('availability.soldOut', { max: problem.max }, 'adults');

  checkPickUpChoice(offer, input.hotelId);
  const pickUpTime = input.hotelId ? await checkHotel(db, offer, input.hotelId, slot?.startTime ?? input.time, locale) : null;
  const promo = input.promoCode ? await findValidPromo(db, input.promoCode, input.date) : null;
  return {
    offer,
    slot,
    counts,
    reason,
    pickUpTime,
    promoCodeId: promo?.id ?? null,
    quote: quoteBooking(offer, counts, promo?.percentOff ?? 0),
    cancellationPolicy: resolveCancellationPolicy(offer.cancellationPolicy, start ? start.refundTiers : (await loadSettings(db)).refundTiers),
    supplier,
  };
}

/** The chosen slot; one that has already started cannot be booked, not even as a request. */
async function loadSlotOrFail(db: Database, offer: BookableOffer, input: CheckoutInput, now: Date, start?: BookingStart): Promise<SlotRow> {
  const slot = !input.time ? null : start ? start.slot : await loadSlot(db, offer.offerId, input.date, input.time);
  if (!slot || dubaiInstant(slot.date, slot.startTime).getTime() <= now.getTime()) throw new RuleViolation('checkout.noSlot', {}, 'time');
  return slot;
}

/**
 * The offer says whether it picks guests up: a ticket without pick-up takes no
 * hotel (the guest would wait in the lobby for nobody), one with pick-up included needs one.
 */
function checkPickUpChoice(offer: BookableOffer, hotelId: string | null): void {
  if (offer.pickUp === 'none' && hotelId) throw new RuleViolation('checkout.noPickUp', {}, 'hotelId');
  if (offer.pickUp === 'included' && !hotelId) throw new RuleViolation('checkout.hotelRequired', {}, 'hotelId');
}

/** The hotel must be in the tour's country, and in the offer's pick-up city when it has one. */
async function checkHotel(db: Database, offer: BookableOffer, hotelId: string, startTime: string | null, locale: Locale) {
  const [hotel] = await db.select({ cityId: hotels.cityId, countryId: hotels.countryId }).from(hotels).where(eq(hotels.id, hotelId)).limit(1);
  if (!hotel || hotel.countryId !== offer.countryId) throw new RuleViolation('checkout.hotelUnknown', {}, 'hotelId');
  if (offer.pickUpCity && hotel.cityId !== offer.pickUpCity.id) {
    throw new RuleViolation('checkout.hotelCity', { city: offer.pickUpCity.name[locale] }, 'hotelId');
  }
  return lookUpPickUpTime(db, offer.tourId, hotelId, startTime);
}

async function writeBooking(
  tx: Transaction,
  principal: Principal,
  input: CheckoutInput,
  plan: BookingPlan,
  locale: Locale,
  fingerprint: string,
  now: Date,
): Promise<WrittenBooking> {
  const instant = plan.reason === null;
  // A reservation is paid from the balance when it is confirmed, not now.
  const reservation = instant ? plan.reservation : undefined;
  const paysFromBalance = instant && input.paymentMethod === 'balance' && !reservation;
  // A card, crypto or SBP booking holds its stock while the payment runs; it
  // becomes `completed` only when the provider says it is paid (server/payments/settle-payment).
  const paysByProvider = instant && isProviderPaymentMethod(input.paymentMethod);
  if (paysByProvider && plan.quote.netTotalMinor <= 0) throw new RuleViolation('paymentErrors.nothingToPay', {}, 'paymentMethod');
  // A widget guest's hold is short until the payer reaches the payment page (startBookingPayment).
  const holdExpiresAt = reservation
    ? reservation.until
    : paysByProvider
      ? earliest(plan.widgetId ? guestHoldUntil(now) : holdUntil(now), plan.supplierHold?.holdExpiresAt)
      : null;
  const status = initialBookingStatus({ instant, paysByProvider: paysByProvider || reservation !== undefined });
  if (plan.promoCodeId) await claimPromoUse(tx, plan.promoCodeId);
  // Checked before this booking is written, so it is not counted among the slot's holds.
  if (instant && plan.slot && plan.widgetId) await assertGuestHoldRoom(tx, plan.slot.id, plan.offer.stockMode, plan.counts);
  const reference = newBookingReference();
  const [booking] = await tx
    .insert(bookings)
    .values({
      reference,
      agencyId: principal.agencyId,
      agentId: principal.userId,
      tourId: plan.offer.tourId,
      offerId: plan.offer.offerId,
      slotId: plan.slot?.id ?? null,
      tourDate: input.date,
      startTime: plan.slot?.startTime ?? (plan.supplier?.kind === 'slot' ? plan.supplier.startTime : input.time),
      ...plan.counts,
      guestName: input.guestName,
      guestPhone: input.guestPhone,
      guestEmail: input.guestEmail.toLowerCase(),
      hotelId: input.hotelId,
      room: input.room,
      pickUpTime: plan.pickUpTime,
      notes: input.notes,
      promoCodeId: plan.promoCodeId,
      // A supplier that was down made it a request, whatever the agent meant to pay with.
      paymentMethod: plan.reason === 'supplierUnavailable' ? 'request' : input.paymentMethod,
      status,
      requestReason: plan.reason,
      publishedTotalMinor: plan.quote.publishedTotalMinor,
      netTotalMinor: plan.quote.netTotalMinor,
      discountMinor: plan.quote.discountMinor,
      paidMinor: paysFromBalance ? plan.quote.netTotalMinor : 0,
      collectionMinor: instant && input.paymentMethod === 'cash' ? plan.quote.publishedTotalMinor : 0,
      holdsStock: instant && plan.slot !== null,
      locale,
      idempotencyKey: input.idempotencyKey,
      requestFingerprint: fingerprint,
      cancellationPolicy: plan.cancellationPolicy,
      holdExpiresAt,
      widgetId: plan.widgetId ?? null,
      quoteId: plan.quoteId ?? null,
      ...supplierColumns(plan),
      resellerReference: plan.reservation?.resellerReference ?? null,
    })
    .returning();
  if (!booking) throw new Error('The booking insert returned no row');

  const slotLeft = instant && plan.slot ? await takeStock(tx, plan.slot.id, plan.offer.stockMode, plan.counts) : null;
  if (paysFromBalance && plan.quote.netTotalMinor > 0) {
    // The balance payment is the booking's payment span, as a provider's call is (docs/telemetry.md#server).
    await inSpan('payment.balance', { attributes: { 'payment.provider': 'balance' } }, async () => {
      await assertMayPayFromBalance(tx, principal.agencyId, plan.quote.netTotalMinor, now);
      await debitAgency(tx, {
        agencyId: principal.agencyId,
        kind: 'booking',
        amountMinor: plan.quote.netTotalMinor,
        bookingId: booking.id,
        description: `Booking ${reference}`,
      });
    });
    countPayment({ provider: 'balance', operation: 'debit', outcome: 'ok' });
  }
  // In the booking's transaction (a booking that rolls back sends nothing); one paid at once is
  // confirmed at once, as a later payment would confirm it (server/bookings/booking-status.ts).
  const written = { id: booking.id, agencyId: principal.agencyId };
  await emitBookingEvent(tx, written, 'booking.created');
  // A supplier's booking is confirmed when the supplier confirms it (server/suppliers/booking).
  if (status === 'completed' && !plan.supplierHold) await emitBookingEvent(tx, written, 'booking.confirmed');
  return { bookingId: booking.id, reference, status, holdExpiresAt, row: booking, slotLeft };
}

/** A supplier's booking: its uuid and hold there, or why the supplier could not be reached. */
function supplierColumns(plan: BookingPlan): Partial<typeof bookings.$inferInsert> {
  if (!plan.offer.supplierId) return {};
  const hold = plan.supplierHold;
  return {
    supplierId: plan.offer.supplierId,
    supplierBookingUuid: hold?.uuid ?? null,
    supplierStatus: hold ? 'on_hold' : null,
    supplierHoldExpiresAt: hold?.holdExpiresAt ?? null,
    supplierError: plan.supplier?.kind === 'down' ? plan.supplier.error : null,
  };
}

/** Our payment hold never outlives the supplier's. */
function earliest(ours: Date, supplier: Date | null | undefined): Date {
  return supplier && supplier < ours ? supplier : ours;
}

type WrittenBooking = { bookingId: string; reference: string; status: BookingStatus; holdExpiresAt: Date | null; row: typeof bookings.$inferSelect; slotLeft: SlotStockLeft | null };

/**
 * The booking an earlier submission with this key made, if any. A different checkout under the
 * same key is refused; a booking stored before fingerprints were kept cannot be compared and
 * counts as the same.
 */
async function findAttempt(db: Database, agencyId: string, idempotencyKey: string, fingerprint: string): Promise<CreatedBooking | null> {
  const [row] = await db
    .select({ reference: bookings.reference, status: bookings.status, fingerprint: bookings.requestFingerprint })
    .from(bookings)
    .where(and(eq(bookings.agencyId, agencyId), eq(bookings.idempotencyKey, idempotencyKey)))
    .limit(1);
  return earlierAttempt(row ?? null, fingerprint);
}

/** The earlier attempt as findAttempt judges it: the same checkout is a replay, another one a Conflict. */
function earlierAttempt(row: EarlierAttempt | null, fingerprint: string): CreatedBooking | null {
  if (!row) return null;
  if (row.fingerprint !== null && row.fingerprint !== fingerprint) throw new Conflict('errors.idempotencyConflict');
  return { reference: row.reference, status: row.status, replayed: true };
}

/**
 * SHA-256 of the checkout as parsed (trimmed, defaults applied) without its idempotency key, with
 * the keys sorted and spellings that book the same thing made equal: e-mail case (stored lower
 * case), promo code case (looked up upper case), and the e-mail's confirmation (checked equal).
 */
export function checkoutFingerprint(input: CheckoutInput): string {
  const { idempotencyKey: _key, guestEmailConfirm: _confirmation, ...checkout } = input;
  const normalised: Record<string, unknown> = {
    ...checkout,
    guestEmail: checkout.guestEmail.toLowerCase(),
    promoCode: checkout.promoCode?.toUpperCase() ?? null,
  };
  const canonical = JSON.stringify(Object.keys(normalised).sort().map((key) => [key, normalised[key]]));
  return createHash('sha256').update(canonical).digest('hex');
}
