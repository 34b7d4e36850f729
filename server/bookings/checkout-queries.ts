import 'server-only';
import type { Principal } from '@/server/auth/principal';
import { requestReason, stockProblem, type RequestReason, type StockProblem } from '@/shared/availability/rules';
import type { Database } from '@/server/db/connection';
import { eq } from 'drizzle-orm';
import { agencies } from '@/server/db/schema';
import { availableFunds } from '@/server/ledger/ledger';
import { type BookableOffer, loadBookableOffer, loadPickUpHotels, loadSlot, type PickUpHotel } from './bookable-offer';
import type { BookingSelection } from '@/shared/bookings/checkout-schema';
import { type BookingCancellationPolicy, resolveCancellationPolicy } from '@/shared/bookings/offer-terms';
import { quoteBooking, type BookingQuote } from '@/shared/bookings/pricing';
import { loadSettings } from '@/server/settings/settings';
import { isDomainError } from '@/server/errors';
import { findValidPromo } from './promo-codes';
import { seesNetRates, seesAgencyMoney } from '@/server/auth/customer-view';

/** What the checkout page shows for the agent's selection from the tour page. */
export type CheckoutView = {
  selection: BookingSelection;
  offer: BookableOffer;
  startTime: string | null;
  /** Why only a request is possible (no live availability, cut-off passed), or null. */
  requestOnly: Exclude<RequestReason, 'bookWithAgent'> | null;
  /** A stock or minimum-people problem with the selection as it stands now. */
  problem: StockProblem | null;
  /** Priced with the applied promo code's discount, as the booking will be. */
  quote: BookingQuote;
  /** The promo code "Apply" accepted (the page's `promo` parameter), or null. */
  promo: { code: string; percentOff: number } | null;
  /** The page's promo code no longer applies (used up, expired): the message key. */
  promoRefused: string | null;
  /** The NET (b2b) rate is shown to roles allowed to see it. */
  showNet: boolean;
  hotels: PickUpHotel[];
  /** Balance + credit limit, for roles allowed to see balances. */
  availableFundsMinor: number | null;
  /**
   * Whether balance + credit covers the NET total, for every role: a junior is not shown the
   * amount, but is not offered a payment that is bound to fail either.
   */
  balanceCoversNet: boolean;
  /** The offer's refund terms with the settings' tiers filled in, as a booking made now keeps them. */
  cancellationPolicy: BookingCancellationPolicy;
  refundProcessingFeePercent: number;
};

/**
 * The checkout as the booking would be made now. With `promoCode` (applied on the page), every
 * figure (NET, funds check, the provider charges) is the discounted one, as the booking charges it.
 */
export async function loadCheckoutView(
  db: Database,
  principal: Principal,
  selection: BookingSelection,
  now: Date,
  promoCode: string | null = null,
): Promise<CheckoutView | null> {
  const offer = await loadBookableOffer(db, selection.offerId);
  if (!offer) return null;
  // A supplier's offer has no slots of ours: the booking asks the supplier for the chosen one, live.
  const ownSlots = offer.hasLiveAvailability && !offer.supplierId;
  const slot = ownSlots && selection.time ? await loadSlot(db, offer.offerId, selection.date, selection.time) : null;
  if (ownSlots && !slot) return null;
  const startTime = slot?.startTime ?? selection.time;
  const reason = requestReason({ hasLiveAvailability: offer.hasLiveAvailability, date: selection.date, time: startTime, cutOffHours: offer.cutOffHours, now });
  const counts = { adults: selection.adults, children: selection.children, infants: selection.infants };
  const [hotels, funds, settings] = await Promise.all([loadPickUpHotels(db, offer, startTime), loadFunds(db, principal.agencyId), loadSettings(db)]);
  const promo = promoCode ? await checkPagePromo(db, promoCode, selection.date) : null;
  const quote = quoteBooking(offer, counts, promo?.valid?.percentOff ?? 0);
  return {
    selection,
    offer,
    startTime,
    requestOnly: reason === 'bookWithAgent' ? null : reason,
    problem: stockProblem(offer.stockMode, slot ?? { left: Infinity, leftAdults: Infinity, leftChildren: Infinity }, counts, offer.minPeople),
    quote,
    promo: promo?.valid ? { code: promoCode!.toUpperCase(), percentOff: promo.valid.percentOff } : null,
    promoRefused: promo?.refused ?? null,
    showNet: seesNetRates(principal),
    // An offer without pick-up lists no hotels: the form offers none and the booking refuses one.
    hotels: offer.pickUp === 'none' ? [] : offer.pickUpCity ? hotels.filter((hotel) => hotel.cityId === offer.pickUpCity?.id) : hotels,
    availableFundsMinor: seesAgencyMoney(principal) ? funds : null,
    balanceCoversNet: funds !== null && funds >= quote.netTotalMinor,
    cancellationPolicy: resolveCancellationPolicy(offer.cancellationPolicy, settings.refundTiers),
    refundProcessingFeePercent: settings.refundProcessingFeePercent,
  };
}

async function loadFunds(db: Database, agencyId: string): Promise<number | null> {
  const [row] = await db
    .select({ balanceMinor: agencies.balanceMinor, creditLimitMinor: agencies.creditLimitMinor })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row ? availableFunds(row) : null;
}

/** The same check as the booking's (findValidPromo); a code that does not apply prices nothing. */
async function checkPagePromo(db: Database, code: string, date: string): Promise<{ valid: { percentOff: number } | null; refused: string | null }> {
  try {
    return { valid: await findValidPromo(db, code, date), refused: null };
  } catch (error) {
    if (isDomainError(error, 'ruleViolation')) return { valid: null, refused: error.code };
    throw error;
  }
}
