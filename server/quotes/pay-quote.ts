import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { principalColumns } from '@/server/auth/principal-columns';
import type { QuoteSale } from '@/server/bookings/create-booking';
import type { Database } from '@/server/db/connection';
import { agencies, quotes, users } from '@/server/db/schema';
import { NotFound, RuleViolation } from '@/server/errors';
import { mayPayThroughProvider } from '@/server/payments/payment-methods';
import type { CheckoutInput } from '@/shared/bookings/checkout-schema';
import type { QuoteCurrency } from '@/shared/quotes/quote-pricing';
import { readGuestQuoteToken } from './quote-token';

// The guest pays a quote (docs/guest-quotes.md). What is booked comes from the quote row alone —
// the guest's request carries nothing but the token — so every payment of one quote is the same
// checkout: the quote's id is its idempotency key, and a replayed, doubled or concurrent payment
// finds the one booking (bookings_agency_idempotency_unique, bookings_quote_unique). The booking
// is placed by server/checkout/place-booking.ts, like every other channel's.

export type QuoteRow = typeof quotes.$inferSelect;

/** A quote the guest may pay: who books it (its agent), what, at what price, in which language and currency. */
export type AdmittedQuote = { quote: QuoteRow; principal: Principal; input: CheckoutInput; sale: QuoteSale; locale: Locale; currency: QuoteCurrency };

/** The quote a token opens, whatever its state; null for a token that is not one of ours. */
export async function quoteOfToken(db: Database, token: string, now = new Date()): Promise<{ quote: QuoteRow; linkExpired: boolean } | null> {
  const read = readGuestQuoteToken(token, now);
  if (!read) return null;
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, read.quoteId));
  return quote ? { quote, linkExpired: read.expired || quote.expiresAt.getTime() <= now.getTime() } : null;
}

/**
 * The payment of a quote by its link: refused while the link has expired or was withdrawn
 * (a booking already made from it keeps its own state: see the quote page).
 */
export async function admitQuotePayment(db: Database, token: string, now = new Date()): Promise<AdmittedQuote> {
  const found = await quoteOfToken(db, token, now);
  if (!found) throw new NotFound();
  const { quote } = found;
  if (quote.withdrawnAt) throw new RuleViolation('quotes.errors.withdrawn');
  if (found.linkExpired) throw new RuleViolation('quotes.errors.expired');
  const principal = await quotingAgent(db, quote);
  if (!principal) throw new RuleViolation('quotes.errors.agencyUnavailable');
  const input: CheckoutInput = {
    offerId: quote.offerId,
    date: quote.tourDate,
    time: quote.startTime,
    adults: quote.adults,
    children: quote.children,
    infants: quote.infants,
    idempotencyKey: quote.id,
    guestName: quote.guestName,
    guestPhone: quote.guestPhone,
    guestEmail: quote.guestEmail,
    guestEmailConfirm: quote.guestEmail,
    hotelId: null,
    room: null,
    notes: null,
    promoCode: null,
    paymentMethod: 'card',
  };
  return {
    quote,
    principal,
    input,
    sale: { quoteId: quote.id, retailTotalMinor: quote.retailTotalMinor },
    locale: quote.locale,
    currency: quote.currency as QuoteCurrency,
  };
}

/**
 * The booking is the agent's who made the quote; one who has left (or lost the NET) is replaced
 * by an active admin of the agency, the oldest, so the guest's payment never fails on staffing.
 */
async function quotingAgent(db: Database, quote: QuoteRow): Promise<Principal | null> {
  const candidates = await db
    .select(principalColumns)
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(users.agencyId, quote.agencyId), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt));
  const own = candidates.find((agent) => agent.userId === quote.agentId && mayPayThroughProvider(agent.role));
  return own ?? candidates.find((agent) => agent.role === 'admin') ?? null;
}
