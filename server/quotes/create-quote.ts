import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { assertAgencyMayBook } from '@/server/account/agency-standing';
import type { Principal } from '@/server/auth/principal';
import { loadBookableOffer, loadSlot } from '@/server/bookings/bookable-offer';
import type { Database } from '@/server/db/connection';
import { quotes } from '@/server/db/schema';
import { Forbidden, NotFound, RuleViolation } from '@/server/errors';
import { mayPayThroughProvider } from '@/server/payments/payment-methods';
import { memberCan } from '@/shared/auth/permissions';
import { dubaiInstant, dubaiToday, requestReason, stockProblem } from '@/shared/availability/rules';
import { quoteBooking } from '@/shared/bookings/pricing';
import { markupProblem, quotePrice } from '@/shared/quotes/quote-pricing';
import { type QuoteInput, storedMarkup } from '@/shared/quotes/quote-schema';
import { guestQuoteToken } from './quote-token';

// Making a guest quote (docs/guest-quotes.md). Only an agent who sees the NET may quote on it
// (seniors and admins of an approved agency): the markup is set on the NET. The offer, the slot
// and its stock are checked with the booking's own rules now, and again — under lock, by the
// booking transaction — when the guest pays.

export type CreatedQuote = { id: string; token: string; retailTotalMinor: number; expiresAt: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createQuote(db: Database, principal: Principal, input: QuoteInput, now = new Date()): Promise<CreatedQuote> {
  if (!memberCan(principal, 'rates:viewB2b') || !memberCan(principal, 'bookings:create') || !mayPayThroughProvider(principal.role)) throw new Forbidden();
  await assertAgencyMayBook(db, principal.agencyId);
  const offer = await loadBookableOffer(db, input.offerId);
  if (!offer) throw new RuleViolation('checkout.offerUnavailable', {}, 'offerId');
  if (input.date < dubaiToday(now)) throw new RuleViolation('checkout.pastDate', {}, 'date');
  // A guest picks no hotel: an offer that must pick one up cannot be quoted.
  if (offer.pickUp === 'included') throw new RuleViolation('quotes.errors.pickUpRequired', {}, 'offerId');

  const counts = { adults: input.adults, children: input.children, infants: input.infants };
  // Infants travel free and alone book nothing (the table's check says so too): refused with the minimum's message.
  if (counts.adults + counts.children === 0) throw new RuleViolation('availability.minPeople', { min: Math.max(1, offer.minPeople) }, 'adults');
  const ownSlots = offer.hasLiveAvailability && !offer.supplierId;
  const slot = ownSlots && input.time ? await loadSlot(db, offer.offerId, input.date, input.time) : null;
  if (ownSlots && (!slot || dubaiInstant(slot.date, slot.startTime).getTime() <= now.getTime())) throw new RuleViolation('checkout.noSlot', {}, 'time');
  // A card payment needs live availability before the cut-off: a request cannot be paid by a guest.
  const reason = requestReason({ hasLiveAvailability: offer.hasLiveAvailability, date: input.date, time: slot?.startTime ?? input.time, cutOffHours: offer.cutOffHours, now, bookWithAgent: false });
  if (reason !== null) throw new RuleViolation(`availability.${reason}`, {}, 'date');
  if (slot) {
    const problem = stockProblem(offer.stockMode, slot, counts, offer.minPeople);
    if (problem?.code === 'minPeople') throw new RuleViolation('availability.minPeople', { min: problem.min }, 'adults');
    if (problem) throw new RuleViolation('availability.soldOut', { max: problem.max }, 'adults');
  }

  const markup = storedMarkup(input);
  const { netTotalMinor } = quoteBooking(offer, counts);
  const price = quotePrice(netTotalMinor, markup);
  const problem = markupProblem(netTotalMinor, price.retailTotalMinor);
  if (problem) throw new RuleViolation(`quotes.errors.${problem}`, {}, 'markupValue');

  // The link ends with the validity chosen, or when the tour starts, whichever comes first.
  const start = dubaiInstant(input.date, slot?.startTime ?? input.time);
  const expiresAt = new Date(Math.min(now.getTime() + input.validDays * DAY_MS, start.getTime()));
  // Whole seconds: the token carries the expiry in seconds, and the row must say the same.
  expiresAt.setMilliseconds(0);
  const [row] = await db
    .insert(quotes)
    .values({
      agencyId: principal.agencyId,
      agentId: principal.userId,
      offerId: offer.offerId,
      tourDate: input.date,
      startTime: slot?.startTime ?? input.time,
      ...counts,
      guestName: input.guestName,
      guestEmail: input.guestEmail.toLowerCase(),
      guestPhone: input.guestPhone,
      locale: input.locale,
      currency: input.currency,
      markupKind: markup.kind,
      markupValue: markup.value,
      netTotalMinor,
      retailTotalMinor: price.retailTotalMinor,
      expiresAt,
    })
    .returning({ id: quotes.id });
  if (!row) throw new Error('The quote insert returned no row');
  return { id: row.id, token: guestQuoteToken({ id: row.id, expiresAt }), retailTotalMinor: price.retailTotalMinor, expiresAt };
}

/** The agent withdraws a quote of the agency: its link answers "no longer valid"; a booking already paid stays. */
export async function withdrawQuote(db: Database, principal: Principal, quoteId: string, now = new Date()): Promise<void> {
  if (!memberCan(principal, 'rates:viewB2b')) throw new Forbidden();
  const moved = await db
    .update(quotes)
    .set({ withdrawnAt: now })
    .where(and(eq(quotes.id, quoteId), eq(quotes.agencyId, principal.agencyId), isNull(quotes.withdrawnAt)))
    .returning({ id: quotes.id });
  if (moved.length === 0) throw new NotFound();
}
