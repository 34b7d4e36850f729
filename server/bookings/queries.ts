import type { PaymentMethod } from '@/shared/bookings/checkout-schema';
import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Locale, toLocale } from '@/i18n/locales';
import { getPrincipal, type Principal } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import type { Database } from '@/server/db/connection';
import { agencies, bookings, cities, hotels, offers, paymentRefunds, promoCodes, tours, users, widgets, type LocalizedText } from '@/server/db/schema';
import { selectBookingRows } from './booking-rows';
import type { BookingDocument, BookingPayment, ProviderRefund } from '@/server/documents/booking-document';
import { chargeLinesOf } from '@/server/documents/payment-parts';
import { findGateway } from '@/server/payments/gateways';
import type { Settings } from '@/server/settings/defaults';
import { isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { CURRENCIES, type Currency } from '@/shared/money/money';
import { NotFound, Unauthorized } from '@/server/errors';
import { loadSettings } from '@/server/settings/settings';
import { OPERATOR } from '@/shared/sites/site-content';
import enMessages from '@/messages/en.json';
import ruMessages from '@/messages/ru.json';
import { isBookingReference } from './booking-reference';
import { visibleBookings } from './booking-scope';
import type { BookingStatus } from './create-booking';
import { priceLines } from '@/shared/bookings/pricing';
import { type SupplierSide, supplierSide } from '@/shared/bookings/supplier-side';
import { type BookingCancellationPolicy, refundTiersOf } from '@/shared/bookings/offer-terms';
import { payingPayment, payingPayments, type PaymentRow } from '@/server/payments/refunds';
import { bookingPolicy, cancellationRefund, type CancellationRefund, type ChargedRefund, isCancellable, type RefundQuote, refundTier } from './refund-rules';
import { seesNetRates } from '@/server/auth/customer-view';

/** All fields of the spec's Booking entity, as the agent who may see it sees them. */
export type BookingDetail = {
  reference: string;
  status: BookingStatus;
  requestReason: string | null;
  /** When the operator priced the request (its totals are then the quote). */
  quotedAt: Date | null;
  /** Why the operator declined the request (it is then cancelled). */
  declineReason: string | null;
  paymentMethod: PaymentMethod;
  createdAt: Date;
  tourDate: string;
  startTime: string | null;
  /** An opening-hours ticket is used any time the day's opening hours, from its start (opening) time. */
  availabilityType: 'start_time' | 'opening_hours';
  tour: { slug: string; title: LocalizedText; durationMinutes: number };
  offerName: LocalizedText;
  cityName: LocalizedText;
  adults: number;
  children: number;
  infants: number;
  guest: { name: string; phone: string; email: string };
  /** Each ticket's guest (amendments); null or empty entries print the lead guest. */
  guestNames: string[] | null;
  /** The documents' issue: one more per amendment. */
  documentIssue: number;
  hotelName: string | null;
  room: string | null;
  pickUpTime: string | null;
  notes: string | null;
  promoCode: string | null;
  agentName: string;
  /** The widget a guest booked through, deleted ones too; null for a portal booking. */
  widgetName: string | null;
  /** AED fils. NET figures are null for a role that may not see b2b rates. */
  publishedTotalMinor: number;
  netTotalMinor: number | null;
  discountMinor: number | null;
  /** Null for a role without b2b rights: paid from the balance or through a provider, it is the NET rate (AED). */
  paidMinor: number | null;
  /** The card, crypto or SBP payment that paid the booking, as charged; null otherwise and for a role without b2b rights. */
  payment: BookingPayment | null;
  collectionMinor: number;
  /** What the agency still owes (positive) or is owed (negative) on this booking; null without b2b rights. */
  finalBalanceMinor: number | null;
  refundMinor: number | null;
  cancellationFeeMinor: number | null;
  cancelledAt: Date | null;
  locale: Locale;
  /** The refund terms the booking was sold under. */
  cancellationPolicy: BookingCancellationPolicy;
  /** What cancelling now would refund; null when it can no longer be cancelled. */
  cancellation: CancellationTerms | null;
  /** The booking's side at the supplier that runs the tour; null for our own inventory. */
  supplier: SupplierSide | null;
};

/** The refund tier that applies now; the amounts only for roles with b2b rights (they reveal NET). */
export type CancellationTerms = Pick<CancellationRefund, 'tier' | 'percent' | 'destination'> & {
  amounts: Pick<RefundQuote, 'paidMinor' | 'grossRefundMinor' | 'feeMinor' | 'refundMinor'> | null;
  /** What goes back to the card, wallet or bank account, in the currency charged. */
  charged: ChargedRefund | null;
};

const agent = alias(users, 'agent');

async function loadBookingRow(db: Database, principal: Principal, reference: string) {
  // The detail and the documents both read here: a reference that cannot be one is not found unasked.
  if (!isBookingReference(reference)) return null;
  const [row] = await selectBookingRows(db, {
    id: bookings.id,
    reference: bookings.reference,
    status: bookings.status,
    requestReason: bookings.requestReason,
    quotedAt: bookings.quotedAt,
    declineReason: bookings.declineReason,
    paymentMethod: bookings.paymentMethod,
    createdAt: bookings.createdAt,
    tourDate: bookings.tourDate,
    startTime: bookings.startTime,
    availabilityType: offers.availabilityType,
    tour: { slug: tours.slug, title: tours.title, durationMinutes: tours.durationMinutes },
    offerId: offers.id,
    offerName: offers.name,
    offerPrices: { adult: offers.pricePerAdult, child: offers.pricePerChild, trip: offers.pricePerTrip },
    cityName: cities.name,
    adults: bookings.adults,
    children: bookings.children,
    infants: bookings.infants,
    guest: { name: bookings.guestName, phone: bookings.guestPhone, email: bookings.guestEmail },
    guestNames: bookings.guestNames,
    documentIssue: bookings.documentIssue,
    hotelName: hotels.name,
    room: bookings.room,
    pickUpTime: bookings.pickUpTime,
    notes: bookings.notes,
    promoCode: promoCodes.code,
    agentName: agent.name,
    widgetName: widgets.name,
    agency: { name: agencies.name, address: agencies.address, trn: agencies.trn },
    publishedTotalMinor: bookings.publishedTotalMinor,
    netTotalMinor: bookings.netTotalMinor,
    discountMinor: bookings.discountMinor,
    paidMinor: bookings.paidMinor,
    collectionMinor: bookings.collectionMinor,
    refundMinor: bookings.refundMinor,
    cancellationFeeMinor: bookings.cancellationFeeMinor,
    cancelledAt: bookings.cancelledAt,
    locale: bookings.locale,
    bookedPolicy: bookings.cancellationPolicy,
    offerPolicy: offers.cancellationPolicy,
    supplierReference: bookings.supplierReference,
    supplierStatus: bookings.supplierStatus,
    supplierTickets: bookings.supplierTickets,
  })
    .innerJoin(cities, eq(cities.id, tours.cityId))
    .innerJoin(agent, eq(agent.id, bookings.agentId))
    .innerJoin(agencies, eq(agencies.id, bookings.agencyId))
    .leftJoin(hotels, eq(hotels.id, bookings.hotelId))
    .leftJoin(promoCodes, eq(promoCodes.id, bookings.promoCodeId))
    // One booking: its widget by primary key, of the booking's own agency.
    .leftJoin(widgets, and(eq(widgets.id, bookings.widgetId), eq(widgets.agencyId, bookings.agencyId)))
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)))
    .limit(1);
  return row ?? null;
}

/** One booking the principal may see (a junior agent sees only their own), or null. */
export async function loadBookingDetail(db: Database, principal: Principal, reference: string, now = new Date()): Promise<BookingDetail | null> {
  const row = await loadBookingRow(db, principal, reference);
  if (!row) return null;
  const seesNet = seesNetRates(principal);
  const cancelled = row.status === 'cancelled';
  const { id: _id, offerId: _offerId, offerPrices: _prices, agency: _agency, bookedPolicy, offerPolicy, supplierReference: _sr, supplierStatus: _ss, supplierTickets: _st, ...fields } = row;
  const settings = await loadSettings(db);
  const policy = bookingPolicy({ cancellationPolicy: bookedPolicy, offerPolicy }, settings);
  const paid = await loadProviderPayment(db, row, settings);
  // A provider payment settles the booking's NET in AED, as the balance would have.
  const paidMinor = paid ? paid.baseAmountMinor : row.paidMinor;
  const paying = paid && row.status === 'completed' ? (await payingPayments(db, row.id, paid.row)).map(({ payment, remainingMinor }) => ({ amountMinor: remainingMinor, currency: payment.currency })) : [];
  return {
    ...fields,
    locale: toLocale(row.locale),
    netTotalMinor: seesNet ? row.netTotalMinor : null,
    discountMinor: seesNet ? row.discountMinor : null,
    paidMinor: seesNet ? paidMinor : null,
    payment: seesNet ? (paid?.payment ?? null) : null,
    refundMinor: seesNet ? row.refundMinor : null,
    cancellationFeeMinor: seesNet ? row.cancellationFeeMinor : null,
    finalBalanceMinor: seesNet ? (cancelled ? 0 : row.netTotalMinor - paidMinor - row.collectionMinor) : null,
    cancellationPolicy: policy,
    cancellation: isCancellable(row, now) ? cancellationTerms(cancellationRefund({ ...row, policy }, paying, settings, now), seesNet) : null,
    supplier: supplierSide(row),
  };
}

function cancellationTerms({ tier, percent, destination, charged, chargedParts: _parts, ...amounts }: CancellationRefund, seesNet: boolean): CancellationTerms {
  return { tier, percent, destination, amounts: seesNet ? amounts : null, charged: seesNet ? charged : null };
}

/** For the booking pages: the signed-in principal's booking, or NotFound. */
export async function getBookingDetail(reference: string): Promise<BookingDetail> {
  const principal = await getPrincipal();
  if (!principal) throw new Unauthorized();
  const detail = await loadBookingDetail(await getDb(), principal, reference);
  if (!detail) throw new NotFound();
  return detail;
}

// Documents are written in the booking's language, whatever the request's language is.
const DOCUMENT_MESSAGES = { en: enMessages, ru: ruMessages } satisfies Record<Locale, unknown>;

/** What a booking's documents show, in the booking's language; NET figures are marked for the reader's role. */
export async function loadBookingDocument(
  db: Database,
  principal: Principal,
  reference: string,
  options: { locale?: Locale } = {},
): Promise<BookingDocument | null> {
  const row = await loadBookingRow(db, principal, reference);
  if (!row) return null;
  // A guest's copy may be asked for in the guest's language (the voucher link carries it).
  const locale: Locale = options.locale ?? toLocale(row.locale);
  const offerName = row.offerName[locale];
  const settings = await loadSettings(db);
  const policy = bookingPolicy({ cancellationPolicy: row.bookedPolicy, offerPolicy: row.offerPolicy }, settings);
  const paid = await loadProviderPayment(db, row, settings);
  return {
    reference: row.reference,
    locale,
    status: row.status,
    paymentMethod: row.paymentMethod,
    requestReason: row.requestReason,
    promoCode: row.promoCode,
    cancellationPolicy: policy,
    processingFeePercent: settings.refundProcessingFeePercent,
    cancellation:
      row.status === 'cancelled' && row.cancelledAt
        ? {
            cancelledAt: row.cancelledAt,
            // The tier the cancellation fell in, read back the way the refund quote chose it.
            percent: refundTiersOf(policy)[refundTier(row.tourDate, row.startTime, row.cancelledAt)],
            refundMinor: row.refundMinor ?? 0,
            feeMinor: row.cancellationFeeMinor ?? 0,
          }
        : null,
    seesNet: seesNetRates(principal),
    createdAt: row.createdAt,
    tourDate: row.tourDate,
    startTime: row.startTime,
    tourTitle: row.tour.title[locale],
    offerName,
    cityName: row.cityName[locale],
    durationMinutes: row.tour.durationMinutes,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    guest: row.guest,
    guestNames: row.guestNames ?? [],
    documentIssue: row.documentIssue,
    pickUp: { hotelName: row.hotelName, room: row.room, time: row.pickUpTime },
    notes: row.notes,
    agency: row.agency,
    agentName: row.agentName,
    currency: 'AED',
    publishedTotalMinor: row.publishedTotalMinor,
    netTotalMinor: row.netTotalMinor,
    discountMinor: row.discountMinor,
    // A provider payment settles the booking's NET in AED; the booking row keeps `paidMinor` for the balance.
    paidMinor: paid ? paid.baseAmountMinor : row.paidMinor,
    collectionMinor: row.collectionMinor,
    payment: paid?.payment ?? null,
    providerRefunds: paid?.refunds ?? [],
    netLines: priceLines(row.offerPrices, row).map((line) => ({
      description: `${offerName} — ${DOCUMENT_MESSAGES[locale].booking.lineKind[line.kind]}`,
      quantity: line.quantity,
      unitMinor: line.unitMinor,
      totalMinor: line.totalMinor,
    })),
    supplier: supplierSide(row),
    seller: {
      legalName: OPERATOR.legalName,
      address: DOCUMENT_MESSAGES[locale].sites.main.address,
      vatNumber: OPERATOR.vatNumber,
      licenceNumber: OPERATOR.tradeLicenceNumber,
      phone: OPERATOR.phone,
      email: OPERATOR.email,
    },
  };
}

/**
 * The provider payment that paid a card, crypto or SBP booking and what its
 * cancellation refunds through the provider. A booking can have several succeeded attempts only
 * when one was paid after the booking no longer needed it; such a payment is refunded whole
 * (`notPayable`, `lateHold`) and did not pay the booking, so the first other one did.
 */
async function loadProviderPayment(
  db: Database,
  booking: { id: string; status: string; paymentMethod: PaymentMethod },
  settings: Settings,
): Promise<{ row: PaymentRow; payment: BookingPayment; baseAmountMinor: number; refunds: ProviderRefund[] } | null> {
  if (!isProviderPaymentMethod(booking.paymentMethod) || (booking.status !== 'completed' && booking.status !== 'cancelled')) return null;
  const paid = await payingPayment(db, booking.id);
  if (!paid) return null;
  // The cancellation's refunds of every payment that paid the booking (a card-paid amendment's too).
  const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.bookingId, booking.id)).orderBy(asc(paymentRefunds.createdAt));
  const currency = chargeCurrency(paid.currency);
  const payment: BookingPayment = {
    method: isProviderPaymentMethod(paid.method) ? paid.method : booking.paymentMethod,
    provider: paid.provider,
    isSandbox: findGateway(paid.provider)?.isSandbox ?? paid.provider === 'sandbox',
    providerReference: paid.providerReference,
    currency,
    totalMinor: paid.amountMinor,
    feeMinor: paid.feeMinor,
    taxMinor: paid.taxMinor,
    lines: [],
    settledAt: paid.settledAt,
  };
  payment.lines = chargeLinesOf(payment, settings);
  return {
    row: paid,
    payment,
    baseAmountMinor: paid.baseAmountMinor,
    refunds: refunds
      .filter((refund) => refund.reason === 'cancellation')
      .map((refund) => ({
        amountMinor: refund.amountMinor,
        currency: chargeCurrency(refund.currency),
        // A refund the provider refused is retried: to the agent it is still pending, never lost.
        status: refund.status === 'succeeded' ? 'succeeded' : 'pending',
        providerReference: refund.providerReference,
        settledAt: refund.settledAt,
      })),
  };
}

function chargeCurrency(code: string): Currency {
  const known = CURRENCIES.find((currency) => currency === code);
  if (!known) throw new Error(`Unknown charge currency ${code}`);
  return known;
}
