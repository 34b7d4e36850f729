import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import { cancelBooking } from '@/server/bookings/cancel-booking';
import { lockBookingStock } from '@/server/bookings/stock';
import { bookableOfferColumns } from '@/server/bookings/bookable-offer';
import type { BookingStart, CreatedBooking, WrittenReservation } from '@/server/bookings/create-booking';
import { placeBooking } from '@/server/checkout/place-booking';
import type { Database, Transaction } from '@/server/db/connection';
import { preparedPerDatabase, preparedSelectInTransaction } from '@/server/db/prepared';
import { agencies, availabilitySlots, bookings, cities, offers, settings, tours } from '@/server/db/schema';
import { isDomainError } from '@/server/errors';
import { payLockedBookingFromBalance } from '@/server/payments/pay-from-balance';
import { holdMinutes, scheduleHoldExpiry } from '@/server/payments/holds';
import { sandboxEnabled } from '@/server/settings/deployment-mode';
import { refundTiersFrom } from '@/server/settings/settings';
import type { RefundTiers } from '@/shared/bookings/offer-terms';
import { isCancellable } from '@/server/bookings/refund-rules';
import type { CheckoutInput } from '@/shared/bookings/checkout-schema';
import { memberCan } from '@/shared/auth/permissions';
import type { GuestCounts } from '@/shared/availability/rules';
import { availabilityIdOf, countsOf, octoAvailability, optionNotFound, parseAvailabilityId, utc } from './octo-availability';
import { isUuid, octoOfferColumns, type OctoOfferRow, resellableOffer } from './octo-catalogue';
import { invalidId, OctoError, unprocessable } from './octo-errors';
import { type OctoUnitId, unitPrice } from './octo-pricing';
import type { ConfirmationBody, OctoContactInput, ReservationBody, UpdateBody } from './octo-schemas';
import { TRIP_COLUMNS } from '@/server/bookings/booking-rows';

// Bookings over OCTO are the agency's bookings like any other (docs/octo-api.md#bookings): the
// reservation is placed by placeBooking (its reseller channel) holding its places, unpaid; the
// confirmation pays it from the balance (payBookingFromBalance, the ledger and credit rules); a
// cancellation is the portal's own (cancelBooking, its refund tiers). The reseller's `uuid` is the
// booking's idempotency key, so a reservation sent twice books once.

/** The columns a booking is answered from, with its offer's as OCTO's option needs them (no second query). */
const bookingColumns = {
  ...octoOfferColumns,
  id: bookings.id,
  agencyId: bookings.agencyId,
  slotId: bookings.slotId,
  reference: bookings.reference,
  uuid: bookings.idempotencyKey,
  status: bookings.status,
  tourId: bookings.tourId,
  offerId: bookings.offerId,
  ...TRIP_COLUMNS,
  guestEmail: bookings.guestEmail,
  guestPhone: bookings.guestPhone,
  notes: bookings.notes,
  locale: bookings.locale,
  currency: bookings.currency,
  publishedTotalMinor: bookings.publishedTotalMinor,
  netTotalMinor: bookings.netTotalMinor,
  paidMinor: bookings.paidMinor,
  refundMinor: bookings.refundMinor,
  holdsStock: bookings.holdsStock,
  holdExpiresAt: bookings.holdExpiresAt,
  cancelledAt: bookings.cancelledAt,
  resellerReference: bookings.resellerReference,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  slotLeft: availabilitySlots.left,
  slotLeftAdults: availabilitySlots.leftAdults,
  slotLeftChildren: availabilitySlots.leftChildren,
  stockMode: offers.stockMode,
};

function selectBookings(db: Database, principal: Principal, where: ReturnType<typeof and>) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .leftJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slotId))
    .where(and(visibleBookings(principal), where))
    .orderBy(desc(bookings.createdAt))
    .limit(100);
}

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

/** What an answer reads of a booking (writtenRow's columns); its offer's columns come as its option. */
type AnsweredBooking = ReturnType<typeof writtenRow>;

/**
 * The confirmation's locked read of the agency's booking under a uuid (what selectBookings reads,
 * FOR UPDATE of the booking row), prepared in its transaction: built again on every
 * confirmation, its sixty columns cost more than the database took to answer them
 * (docs/octo-api.md#speed). One statement per booking scope (visibleBookings): the agency's, and
 * only the agent's own for a role without `bookings:viewAll`.
 */
const lockedBookingQueries = {
  agency: preparedSelectInTransaction('octo_confirm_booking', (tx) => lockedBookingSelect(tx, eq(bookings.agencyId, sql.placeholder('agencyId')))),
  own: preparedSelectInTransaction('octo_confirm_own_booking', (tx) =>
    lockedBookingSelect(tx, and(eq(bookings.agencyId, sql.placeholder('agencyId')), eq(bookings.agentId, sql.placeholder('agentId'))) as SQL),
  ),
};

function lockedBookingSelect(tx: Transaction, scope: SQL) {
  return tx
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .leftJoin(availabilitySlots, eq(availabilitySlots.id, bookings.slotId))
    .where(and(scope, eq(bookings.idempotencyKey, sql.placeholder('uuid'))))
    .limit(1)
    .for('update', { of: bookings });
}

/** The agency's booking of this uuid, locked in `tx`, as visibleBookings(principal) scopes it. */
async function lockBookingByUuid(tx: Transaction, principal: Principal, uuid: string): Promise<BookingRow | undefined> {
  const query = memberCan(principal, 'bookings:viewAll') ? lockedBookingQueries.agency : lockedBookingQueries.own;
  const [row] = await query(tx, { agencyId: principal.agencyId, agentId: principal.userId, uuid });
  return row;
}

/** The booking's offer as OCTO's option (whether or not it is still served). */
function optionOf(row: BookingRow): OctoOfferRow {
  return { ...row, tourId: row.tourId, offerId: row.offerId, startTimes: [] };
}

/** The agency's booking of this uuid; another agency's, or none, is OCTO's INVALID_BOOKING_UUID. */
async function findBooking(db: Database, principal: Principal, uuid: string): Promise<BookingRow> {
  const [row] = await selectBookings(db, principal, and(eq(bookings.idempotencyKey, uuid)));
  if (!row) throw invalidId('INVALID_BOOKING_UUID', uuid);
  return row;
}

type OctoStatus = 'ON_HOLD' | 'CONFIRMED' | 'EXPIRED' | 'CANCELLED' | 'PENDING';

function octoStatus(row: Pick<BookingRow, 'status' | 'holdsStock' | 'holdExpiresAt'>, now: Date): OctoStatus {
  switch (row.status) {
    case 'completed':
      return 'CONFIRMED';
    case 'cancelled':
      return 'CANCELLED';
    case 'quotation_request':
      return 'PENDING';
    default:
      // Unpaid: on hold while it holds its places, expired once its hold is up or given back.
      return isHeld(row, now) ? 'ON_HOLD' : 'EXPIRED';
  }
}

function isHeld(row: { holdsStock: boolean; holdExpiresAt: Date | null }, now: Date): boolean {
  return row.holdsStock && row.holdExpiresAt !== null && row.holdExpiresAt.getTime() > now.getTime();
}

/** A stable uuid for a booking's n-th unit item (OCTO names each ticket). */
function unitItemUuid(bookingId: string, index: number): string {
  const hex = createHash('sha256').update(`${bookingId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function splitName(fullName: string): { firstName: string | null; lastName: string | null } {
  const [firstName, ...rest] = fullName.trim().split(/\s+/);
  return { firstName: firstName || null, lastName: rest.join(' ') || null };
}

function octoContact(row: AnsweredBooking) {
  return {
    fullName: row.guestName || null,
    ...splitName(row.guestName),
    emailAddress: row.guestEmail || null,
    phoneNumber: row.guestPhone || null,
    locales: [row.locale],
    postalCode: null,
    country: null,
    notes: null,
  };
}

const EMPTY_CONTACT = { fullName: null, firstName: null, lastName: null, emailAddress: null, phoneNumber: null, locales: [], postalCode: null, country: null, notes: null };

/** OCTO's booking object of one of ours. */
export function octoBooking(row: AnsweredBooking, option: OctoOfferRow | undefined, options: { pricing: boolean; origin: string; now: Date }) {
  const { now, pricing } = options;
  const status = octoStatus(row, now);
  const units: OctoUnitId[] = [...Array<OctoUnitId>(row.adults).fill('adult'), ...Array<OctoUnitId>(row.children).fill('child'), ...Array<OctoUnitId>(row.infants).fill('infant')];
  const confirmed = status === 'CONFIRMED';
  const voucher = confirmed
    ? { redemptionMethod: 'DIGITAL', utcRedeemedAt: null, deliveryOptions: [{ deliveryFormat: 'PDF_URL', deliveryValue: `${options.origin}/api/v1/b2b/bookings/${row.reference}/documents/voucher` }] }
    : null;
  const time = row.startTime ?? '00:00';
  const availability =
    option && row.slotLeft !== null
      ? octoAvailability(option, { date: row.tourDate, time, left: row.slotLeft, leftAdults: row.slotLeftAdults, leftChildren: row.slotLeftChildren, pastCutOff: false }, null, pricing)
      : null;
  return {
    id: row.reference,
    uuid: row.uuid,
    testMode: sandboxEnabled(),
    resellerReference: row.resellerReference,
    supplierReference: row.reference,
    status,
    utcCreatedAt: utc(row.createdAt),
    utcUpdatedAt: utc(row.updatedAt),
    utcExpiresAt: status === 'ON_HOLD' && row.holdExpiresAt ? utc(row.holdExpiresAt) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: confirmed ? utc(row.updatedAt) : null,
    productId: row.tourId,
    optionId: row.offerId,
    cancellable: status !== 'CANCELLED' && status !== 'EXPIRED' && isCancellable({ status: row.status, tourDate: row.tourDate, startTime: row.startTime }, now),
    cancellation:
      status === 'CANCELLED'
        ? { refund: refundKind(row), reason: null, utcCancelledAt: utc(row.cancelledAt ?? row.updatedAt) }
        : null,
    freesale: false,
    availabilityId: availabilityIdOf(row.offerId, row.tourDate, time),
    availability,
    contact: octoContact(row),
    notes: row.notes,
    deliveryMethods: ['VOUCHER'],
    voucher,
    unitItems: units.map((unit, index) => ({
      uuid: unitItemUuid(row.id, index),
      resellerReference: null,
      supplierReference: null,
      unitId: unit,
      status,
      utcRedeemedAt: null,
      contact: EMPTY_CONTACT,
      ticket: null,
      ...(pricing && option ? { pricing: unitPrice(option, unit) } : {}),
    })),
    ...(pricing
      ? { pricing: { original: row.publishedTotalMinor, retail: row.publishedTotalMinor, net: row.netTotalMinor, currency: row.currency, currencyPrecision: 2, includedTaxes: [] } }
      : {}),
  };
}

function refundKind(row: Pick<BookingRow, 'refundMinor' | 'paidMinor'>): 'FULL' | 'PARTIAL' | 'NONE' {
  const refund = row.refundMinor ?? 0;
  if (row.paidMinor === 0 || refund >= row.paidMinor) return 'FULL';
  return refund > 0 ? 'PARTIAL' : 'NONE';
}

type AnswerOptions = { pricing: boolean; origin: string };

function answerOf(row: BookingRow, options: AnswerOptions, now: Date) {
  return octoBooking(row, optionOf(row), { ...options, now });
}

function guestOf(contact: OctoContactInput | undefined, fallback: { name: string; email: string; phone: string }) {
  const fullName = contact?.fullName ?? ([contact?.firstName, contact?.lastName].filter(Boolean).join(' ') || null);
  return { name: fullName?.trim() || fallback.name, email: contact?.emailAddress?.toLowerCase() ?? fallback.email, phone: contact?.phoneNumber?.trim() || fallback.phone };
}

const pickUpCities = alias(cities, 'pick_up_city');
const earlierAttempts = alias(bookings, 'earlier_attempt');

/**
 * Everything a reservation reads before its transaction, in one prepared query: the option (as
 * OCTO answers it and as the booking is planned from it), its slot at the asked date and time,
 * the agency's status, the booking of an earlier reservation under the same uuid and the refund
 * tiers its cancellation policy is resolved with. Read one by one they were seven statements, one
 * of them the option read twice (docs/octo-api.md#speed).
 */
const reservationStartQuery = preparedPerDatabase((db) =>
  db
    .select({
      ...octoOfferColumns,
      ...bookableOfferColumns,
      pickUpCityName: pickUpCities.name,
      slotId: availabilitySlots.id,
      slotDate: availabilitySlots.date,
      slotStartTime: availabilitySlots.startTime,
      slotLeft: availabilitySlots.left,
      slotLeftAdults: availabilitySlots.leftAdults,
      slotLeftChildren: availabilitySlots.leftChildren,
      agencyStatus: agencies.status,
      earlierReference: earlierAttempts.reference,
      earlierStatus: earlierAttempts.status,
      earlierFingerprint: earlierAttempts.requestFingerprint,
      storedRefundTiers: sql`(select ${settings.value} from ${settings} where ${settings.key} = 'refundTiers')`.mapWith((value: unknown) => settings.value.mapFromDriverValue(value) as RefundTiers | null),
    })
    .from(offers)
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .leftJoin(pickUpCities, eq(pickUpCities.id, offers.pickUpCityId))
    .leftJoin(
      availabilitySlots,
      and(eq(availabilitySlots.offerId, offers.id), eq(availabilitySlots.date, sql.placeholder('date')), eq(availabilitySlots.startTime, sql.placeholder('time'))),
    )
    .leftJoin(agencies, eq(agencies.id, sql.placeholder('agencyId')))
    .leftJoin(earlierAttempts, and(eq(earlierAttempts.agencyId, agencies.id), eq(earlierAttempts.idempotencyKey, sql.placeholder('uuid'))))
    .where(and(eq(offers.id, sql.placeholder('offerId')), resellableOffer()))
    .limit(1)
    .prepare('octo_reservation_start'),
);

/** The reservation's option and what createBooking would read itself (BookingStart); OCTO's error for an unknown product or option. */
async function loadReservationStart(
  db: Database,
  principal: Principal,
  body: ReservationBody,
  slot: { date: string; time: string } | null,
  uuid: string,
  now: Date,
): Promise<{ option: OctoOfferRow; start: BookingStart }> {
  const [row] =
    isUuid(body.optionId) && isUuid(body.productId)
      ? await reservationStartQuery(db).execute({ offerId: body.optionId.toLowerCase(), date: slot?.date ?? null, time: slot?.time ?? null, agencyId: principal.agencyId, uuid })
      : [];
  if (!row || row.tourId !== body.productId.toLowerCase()) throw await optionNotFound(db, body.productId, body.optionId, now);
  if (row.agencyStatus === null) throw new Error(`Agency ${principal.agencyId} does not exist`);
  const { pickUpCityId, pickUpCityName, slotId, slotDate, slotStartTime, slotLeft, slotLeftAdults, slotLeftChildren, agencyStatus, earlierReference, earlierStatus, earlierFingerprint, storedRefundTiers, ...offer } = row;
  const option: OctoOfferRow = { ...offer, startTimes: [] };
  return {
    option,
    start: {
      agencyStatus,
      refundTiers: refundTiersFrom(storedRefundTiers),
      earlier: earlierReference !== null && earlierStatus !== null ? { reference: earlierReference, status: earlierStatus, fingerprint: earlierFingerprint } : null,
      offer: { ...offer, pickUpCity: pickUpCityId && pickUpCityName ? { id: pickUpCityId, name: pickUpCityName } : null },
      slot: slotId !== null && slotDate !== null && slotStartTime !== null && slotLeft !== null ? { id: slotId, date: slotDate, startTime: slotStartTime, left: slotLeft, leftAdults: slotLeftAdults, leftChildren: slotLeftChildren } : null,
    },
  };
}

/** POST /bookings: a reservation holding its places for `expirationMinutes`, unpaid. */
export async function reserveBooking(db: Database, principal: Principal, body: ReservationBody, options: AnswerOptions, now = new Date()) {
  const uuid = body.uuid?.toLowerCase() ?? randomUUID();
  const slot = body.availabilityId ? parseAvailabilityId(body.availabilityId) : null;
  // The option first, as OCTO's errors go: an unknown product or option before a bad availability.
  const { option, start } = await loadReservationStart(db, principal, body, slot, uuid, now);
  if (!body.availabilityId) throw new OctoError('BAD_REQUEST', 'availabilityId is required');
  if (!slot || slot.offerId !== option.offerId) throw invalidId('INVALID_AVAILABILITY_ID', body.availabilityId);
  const counts: GuestCounts = countsOf(body.unitItems.map((item) => ({ id: item.unitId, quantity: 1 })));
  const guest = guestOf(body.contact, { name: '', email: '', phone: '' });
  const input: CheckoutInput = {
    offerId: option.offerId,
    date: slot.date,
    time: slot.time,
    ...counts,
    idempotencyKey: uuid,
    guestName: guest.name,
    guestPhone: guest.phone,
    guestEmail: guest.email,
    guestEmailConfirm: guest.email,
    hotelId: null,
    room: null,
    notes: body.notes ?? null,
    promoCode: null,
    paymentMethod: 'balance',
  };
  const until = new Date(now.getTime() + (body.expirationMinutes ?? holdMinutes()) * 60_000);
  let placed: CreatedBooking & { written?: WrittenReservation };
  try {
    placed = await placeBooking(db, { reseller: { principal, locale: 'en', reservation: { until, resellerReference: body.resellerReference ?? null }, start } }, input, now);
  } catch (error) {
    // The uuid of another reservation (or of a booking made another way): OCTO's "already used".
    if (isDomainError(error, 'conflict') && error.code === 'errors.idempotencyConflict') throw invalidId('INVALID_BOOKING_UUID', uuid);
    // The slot itself: none at that time, or already started.
    if (isDomainError(error, 'ruleViolation') && error.code === 'checkout.noSlot') throw invalidId('INVALID_AVAILABILITY_ID', body.availabilityId);
    throw error;
  }
  // Just written: answered from the row the insert returned and the slot's stock after the take;
  // a reservation sent again (its uuid already booked) is read back.
  const row = placed.written ? writtenRow(placed.written) : (await selectBookings(db, principal, and(eq(bookings.reference, placed.reference))))[0];
  if (!row) throw new Error('The reserved booking is not visible to its agency');
  return octoBooking(row, option, { ...options, now });
}

/**
 * The answer's row of a reservation just written: of the insert's row (every column of
 * `bookings`) and the slot's stock after the take, what an answer reads, named as selectBookings
 * names them. One literal: merging the offer's and the booking's hundred columns by spreads built
 * a dictionary-mode object key by key, about 100 KB of garbage a reservation (docs/octo-api.md#speed).
 */
function writtenRow({ booking, slotLeft }: WrittenReservation) {
  return {
    id: booking.id,
    reference: booking.reference,
    uuid: booking.idempotencyKey,
    status: booking.status,
    tourId: booking.tourId,
    offerId: booking.offerId,
    tourDate: booking.tourDate,
    startTime: booking.startTime,
    adults: booking.adults,
    children: booking.children,
    infants: booking.infants,
    guestName: booking.guestName,
    guestEmail: booking.guestEmail,
    guestPhone: booking.guestPhone,
    notes: booking.notes,
    locale: booking.locale,
    currency: booking.currency,
    publishedTotalMinor: booking.publishedTotalMinor,
    netTotalMinor: booking.netTotalMinor,
    paidMinor: booking.paidMinor,
    refundMinor: booking.refundMinor,
    holdsStock: booking.holdsStock,
    holdExpiresAt: booking.holdExpiresAt,
    cancelledAt: booking.cancelledAt,
    resellerReference: booking.resellerReference,
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
    slotLeft: slotLeft?.left ?? null,
    slotLeftAdults: slotLeft?.leftAdults ?? null,
    slotLeftChildren: slotLeft?.leftChildren ?? null,
  };
}

/**
 * POST /bookings/:uuid/confirm: pays the reservation from the balance; a confirmed one is answered
 * again. One transaction: the booking is read with everything its answer needs and locked (FOR
 * UPDATE of its row, so a concurrent confirmation waits and then finds it confirmed), paid by
 * payLockedBookingFromBalance with the contact written by the payment's own status move (nothing
 * changes when it is refused), and answered from the row and what the payment wrote.
 */
export async function confirmBooking(db: Database, principal: Principal, uuid: string, body: ConfirmationBody, options: AnswerOptions, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await lockBookingByUuid(tx, principal, uuid);
    if (!row) throw invalidId('INVALID_BOOKING_UUID', uuid);
    const status = octoStatus(row, now);
    if (status === 'CONFIRMED') return answerOf(row, options, now);
    if (status !== 'ON_HOLD') throw unprocessable(status === 'EXPIRED' ? 'The reservation has expired' : `A ${status} booking cannot be confirmed`);
    const guest = guestOf(body.contact, { name: row.guestName, email: row.guestEmail, phone: row.guestPhone });
    if (!guest.name || !guest.email || !guest.phone) throw new OctoError('BAD_REQUEST', 'contact needs a name, an emailAddress and a phoneNumber');
    const contact = { guestName: guest.name, guestEmail: guest.email, guestPhone: guest.phone, resellerReference: body.resellerReference ?? row.resellerReference };
    const paid = await payLockedBookingFromBalance(tx, principal, row, contact);
    return answerOf({ ...row, ...contact, ...paid, status: 'completed', holdExpiresAt: null }, options, now);
  });
}

/** POST /bookings/:uuid/extend: the reservation holds its places `expirationMinutes` longer from now. */
export async function extendBooking(db: Database, principal: Principal, uuid: string, expirationMinutes: number | undefined, options: AnswerOptions, now = new Date()) {
  const row = await findBooking(db, principal, uuid);
  await extendHold(db, principal, row, expirationMinutes ?? holdMinutes(), now);
  return answerOf(await findBooking(db, principal, uuid), options, now);
}

async function extendHold(db: Database, principal: Principal, row: BookingRow, minutes: number, now: Date): Promise<void> {
  const until = new Date(now.getTime() + minutes * 60_000);
  const extended = await db.transaction(async (tx) => {
    const locked = await lockBookingStock(tx, and(eq(bookings.id, row.id), visibleBookings(principal)));
    if (!locked || locked.status !== 'payment_required' || !isHeld(locked, now)) return false;
    // Not a status move: the booking stays unpaid, its hold (server/payments/holds) just ends later.
    await tx.update(bookings).set({ holdExpiresAt: until, updatedAt: sql`now()` }).where(eq(bookings.id, row.id));
    return true;
  });
  if (!extended) throw unprocessable('Only a reservation on hold can be extended');
  await scheduleHoldExpiry(row.id, until);
}

/** PATCH /bookings/:uuid: the reseller's reference, notes and contact; the hold's expiry while on hold. */
export async function updateBooking(db: Database, principal: Principal, uuid: string, body: UpdateBody, options: AnswerOptions, now = new Date()) {
  const row = await findBooking(db, principal, uuid);
  const status = octoStatus(row, now);
  if (status === 'CANCELLED') throw unprocessable('A cancelled booking cannot be changed');
  // Another product, option, slot or head count would reprice and restock the booking: OCTO's
  // reseller cancels and reserves again instead (docs/octo-api.md#what-we-skip).
  if (body.productId !== undefined && body.productId !== row.tourId) throw unprocessable('The product of a booking cannot be changed; cancel it and book again');
  if (body.optionId !== undefined && body.optionId !== row.offerId) throw unprocessable('The option of a booking cannot be changed; cancel it and book again');
  if (body.availabilityId !== undefined && body.availabilityId !== availabilityIdOf(row.offerId, row.tourDate, row.startTime ?? '00:00')) {
    throw unprocessable('The availability of a booking cannot be changed; cancel it and book again');
  }
  if (body.unitItems !== undefined) {
    const counts = countsOf(body.unitItems.map((item) => ({ id: item.unitId, quantity: 1 })));
    if (counts.adults !== row.adults || counts.children !== row.children || counts.infants !== row.infants) {
      throw unprocessable('The units of a booking cannot be changed; cancel it and book again');
    }
  }
  const guest = guestOf(body.contact, { name: row.guestName, email: row.guestEmail, phone: row.guestPhone });
  await db
    .update(bookings)
    .set({
      guestName: guest.name,
      guestEmail: guest.email,
      guestPhone: guest.phone,
      notes: body.notes === undefined ? row.notes : body.notes,
      resellerReference: body.resellerReference ?? row.resellerReference,
      updatedAt: sql`now()`,
    })
    .where(eq(bookings.id, row.id));
  if (body.expirationMinutes !== undefined) await extendHold(db, principal, row, body.expirationMinutes, now);
  return answerOf(await findBooking(db, principal, uuid), options, now);
}

/** POST /bookings/:uuid/cancel: the portal's cancellation (places back, refund by its tiers); a cancelled one is answered again. */
export async function cancelOctoBooking(db: Database, principal: Principal, uuid: string, options: AnswerOptions, now = new Date()) {
  const row = await findBooking(db, principal, uuid);
  if (row.status !== 'cancelled') {
    try {
      await cancelBooking(db, principal, row.reference, now);
    } catch (error) {
      if (isDomainError(error, 'ruleViolation') && error.code === 'booking.notCancellable') throw unprocessable('The booking can no longer be cancelled');
      // Cancelled meanwhile by a concurrent call: answered as cancelled.
      if (!isDomainError(error, 'conflict')) throw error;
    }
  }
  return answerOf(await findBooking(db, principal, uuid), options, now);
}

/** GET /bookings/:uuid. */
export async function getOctoBooking(db: Database, principal: Principal, uuid: string, options: AnswerOptions, now = new Date()) {
  return answerOf(await findBooking(db, principal, uuid), options, now);
}

/** GET /bookings: the agency's bookings of a reseller reference or of our reference (at most 100, newest first). */
export async function listOctoBookings(db: Database, principal: Principal, query: { resellerReference?: string | undefined; supplierReference?: string | undefined }, options: AnswerOptions, now = new Date()) {
  if (!query.resellerReference && !query.supplierReference) throw new OctoError('BAD_REQUEST', 'resellerReference or supplierReference is required');
  const rows = await selectBookings(
    db,
    principal,
    or(
      query.resellerReference ? eq(bookings.resellerReference, query.resellerReference) : undefined,
      query.supplierReference ? eq(bookings.reference, query.supplierReference) : undefined,
    ),
  );
  return rows.map((row) => octoBooking(row, optionOf(row), { ...options, now }));
}

