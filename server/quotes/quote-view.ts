import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { agencyLogoFileId } from '@/server/agencies/agency-logo';
import type { Locale } from '@/i18n/locales';
import type { Principal } from '@/server/auth/principal';
import { settle } from '@/server/checkout/settlement';
import type { Database } from '@/server/db/connection';
import { agencies, agencyProfiles, bookings, offers, payments, quotes, tours } from '@/server/db/schema';
import { openPaymentsOfBooking } from '@/server/payments/holds';
import { loadSettings } from '@/server/settings/settings';
import { memberCan } from '@/shared/auth/permissions';
import type { ChargeQuote } from '@/shared/payments/charge-quote';
import { quoteGuestCharge, type QuoteCurrency } from '@/shared/quotes/quote-pricing';
import { quoteOfToken, type QuoteRow } from './pay-quote';
import { guestQuoteToken } from './quote-token';

// What the guest's quote page and the agent's list show (docs/guest-quotes.md). The guest sees the
// agency's brand from its company settings (never ours), the trip and the charge in the quote's
// currency — never the NET.

/** Where a quote stands, from its row and the booking it became. */
export type QuoteState = 'open' | 'processing' | 'paid' | 'failed' | 'notConfirmed' | 'expired' | 'withdrawn';

/** The agency as its guests see it: company settings' name, address, operations contacts and logo. */
export type QuoteBrand = { name: string; address: string; phone: string; email: string; logoFileId: string | null };

export type GuestQuoteView = {
  /** Whose quote it is: a widget site shows only its own agency's. */
  agencyId: string;
  state: QuoteState;
  locale: Locale;
  currency: QuoteCurrency;
  brand: QuoteBrand;
  tourTitle: string;
  offerName: string;
  tourDate: string;
  startTime: string | null;
  adults: number;
  children: number;
  infants: number;
  guestName: string;
  expiresAt: Date;
  /** What the card pays, line by line, in the quote's currency (the same function as the payment). */
  charge: ChargeQuote;
  /** The booking's reference once paid. */
  reference: string | null;
};

type BookingOfQuote = { id: string; reference: string; status: string } | null;

/**
 * A quote by its link, for its guest; null for a link that is not one. A payment still open is
 * settled with its provider first (the payer has just come back from paying), as the portal's
 * payment page does: the page never shows "pending" for a charge the provider already took.
 */
export async function loadGuestQuote(db: Database, token: string, now = new Date()): Promise<GuestQuoteView | null> {
  const found = await quoteOfToken(db, token, now);
  if (!found) return null;
  const { quote } = found;
  let booking = await bookingOfQuote(db, quote.id);
  if (booking && booking.status === 'payment_required') {
    for (const paymentId of await openPaymentsOfBooking(db, booking.id, now)) {
      await settle(db, paymentId).catch((error: unknown) => console.warn('[quotes] settle on return', error));
    }
    booking = await bookingOfQuote(db, quote.id);
  }
  const [details] = await db
    .select({
      tourTitle: tours.title,
      offerName: offers.name,
      agencyName: agencies.name,
      agencyAddress: agencies.address,
      contactPhone: agencyProfiles.contactPhone,
      operations: agencyProfiles.operationsContacts,
      companyLogoFileId: agencyProfiles.logoFileId,
    })
    .from(quotes)
    .innerJoin(offers, eq(offers.id, quotes.offerId))
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .innerJoin(agencies, eq(agencies.id, quotes.agencyId))
    .leftJoin(agencyProfiles, eq(agencyProfiles.agencyId, quotes.agencyId))
    .where(eq(quotes.id, quote.id));
  if (!details) return null;
  const currency = quote.currency as QuoteCurrency;
  const settings = await loadSettings(db);
  return {
    agencyId: quote.agencyId,
    state: await stateOf(db, quote, booking, found.linkExpired),
    locale: quote.locale,
    currency,
    brand: {
      name: details.agencyName,
      address: details.agencyAddress ?? '',
      phone: details.operations?.primaryLine || details.contactPhone || '',
      email: details.operations?.primaryEmail ?? '',
      logoFileId: await agencyLogoFileId(db, quote.agencyId, details.companyLogoFileId),
    },
    tourTitle: details.tourTitle[quote.locale],
    offerName: details.offerName[quote.locale],
    tourDate: quote.tourDate,
    startTime: quote.startTime,
    adults: quote.adults,
    children: quote.children,
    infants: quote.infants,
    guestName: quote.guestName,
    expiresAt: quote.expiresAt,
    charge: quoteGuestCharge(quote, currency, settings),
    reference: booking?.status === 'completed' ? booking.reference : null,
  };
}

async function bookingOfQuote(db: Database, quoteId: string): Promise<BookingOfQuote> {
  const [row] = await db.select({ id: bookings.id, reference: bookings.reference, status: bookings.status }).from(bookings).where(eq(bookings.quoteId, quoteId));
  return row ?? null;
}

async function stateOf(db: Database, quote: QuoteRow, booking: BookingOfQuote, linkExpired: boolean): Promise<QuoteState> {
  if (booking?.status === 'completed') return 'paid';
  if (booking?.status === 'cancelled') return 'notConfirmed';
  if (quote.withdrawnAt) return 'withdrawn';
  if (booking) {
    const [latest] = await db.select({ status: payments.status, failureCode: payments.failureCode }).from(payments).where(eq(payments.bookingId, booking.id)).orderBy(desc(payments.attempt)).limit(1);
    if (latest?.status === 'processing') return 'processing';
    // Paid after its hold ran out with the slot gone: not booked, and the charge is refunded.
    if (booking.status === 'payment_failed' && latest?.status === 'succeeded') return 'notConfirmed';
    if (!linkExpired && (latest?.status === 'failed' || latest?.status === 'cancelled')) return 'failed';
  }
  return linkExpired ? 'expired' : 'open';
}

/** A quote in the agent's list: the guest's price and the NET, the margin, and where it stands. */
export type AgencyQuote = {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  tourTitle: string;
  tourDate: string;
  guestName: string;
  /** The guest's language: the link opens the page in it. */
  locale: Locale;
  currency: string;
  netTotalMinor: number;
  retailTotalMinor: number;
  state: QuoteState;
  bookingReference: string | null;
  /** The guest's link (its token), while it can still be opened with effect. */
  token: string | null;
};

/** The agency's quotes, newest first (tenancy in the query: another agency's never show). */
export async function listAgencyQuotes(db: Database, principal: Principal, locale: Locale, now = new Date()): Promise<AgencyQuote[]> {
  if (!memberCan(principal, 'rates:viewB2b')) return [];
  const rows = await db
    .select({ quote: quotes, tourTitle: tours.title, bookingReference: bookings.reference, bookingStatus: bookings.status, bookingId: bookings.id })
    .from(quotes)
    .innerJoin(offers, eq(offers.id, quotes.offerId))
    .innerJoin(tours, eq(tours.id, offers.tourId))
    .leftJoin(bookings, eq(bookings.quoteId, quotes.id))
    .where(eq(quotes.agencyId, principal.agencyId))
    .orderBy(desc(quotes.createdAt))
    .limit(200);
  return Promise.all(
    rows.map(async ({ quote, tourTitle, bookingReference, bookingStatus, bookingId }) => {
      const linkExpired = quote.expiresAt.getTime() <= now.getTime();
      const booking = bookingId && bookingReference && bookingStatus ? { id: bookingId, reference: bookingReference, status: bookingStatus } : null;
      const state = await stateOf(db, quote, booking, linkExpired);
      return {
        id: quote.id,
        createdAt: quote.createdAt,
        expiresAt: quote.expiresAt,
        tourTitle: tourTitle[locale],
        tourDate: quote.tourDate,
        guestName: quote.guestName,
        locale: quote.locale,
        currency: quote.currency,
        netTotalMinor: quote.netTotalMinor,
        retailTotalMinor: quote.retailTotalMinor,
        state,
        bookingReference: state === 'paid' ? bookingReference : null,
        token: state === 'open' || state === 'failed' || state === 'processing' ? guestQuoteToken(quote) : null,
      };
    }),
  );
}

/** Where a quote stands now (the list's state), for a change that depends on it. */
export async function quoteStateNow(db: Database, quote: QuoteRow, now = new Date()): Promise<QuoteState> {
  return stateOf(db, quote, await bookingOfQuote(db, quote.id), quote.expiresAt.getTime() <= now.getTime());
}
