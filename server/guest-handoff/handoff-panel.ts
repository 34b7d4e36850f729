import 'server-only';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { formatDisplayDay } from '@/i18n/dates';
import { type Locale, LOCALES, toLocale } from '@/i18n/locales';
import en from '@/messages/guest-handoff/en.json';
import ru from '@/messages/guest-handoff/ru.json';
import { getPrincipal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import { getDb } from '@/server/db/database';
import { bookings, tours } from '@/server/db/schema';
import { guestVoucherLink, handoffRefusal } from './send-to-guest';
import { voucherLinkLastDay } from './voucher-link';

/** What the booking page's "Send to guest" block shows: the guest's address, the links per language, or why it cannot send. */
export type GuestHandoffPanelData = {
  reference: string;
  guestEmail: string;
  /** The booking's language: the guest's, unless the agent picks another. */
  defaultLocale: Locale;
  /** Per guest language: the public link and its WhatsApp share address. */
  links: Record<Locale, { url: string; whatsappHref: string }> | null;
  /** The link's last day, in the page's language. */
  lastDay: string;
  refusal: 'notConfirmed' | 'cancelled' | 'tourOver' | null;
};

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/** The signed-in agent's booking's hand-off data; null when the agent cannot see the booking. */
export async function loadGuestHandoffPanel(reference: string, pageLocale: Locale, now = new Date()): Promise<GuestHandoffPanelData | null> {
  const principal = await getPrincipal();
  if (!principal) return null;
  const db = await getDb();
  const [booking] = await db
    .select({
      reference: bookings.reference,
      agencyId: bookings.agencyId,
      status: bookings.status,
      tourDate: bookings.tourDate,
      guestEmail: bookings.guestEmail,
      locale: bookings.locale,
      tourTitle: tours.title,
    })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .where(and(eq(bookings.reference, reference), visibleBookings(principal)));
  if (!booking) return null;
  const refusal = handoffRefusal(booking, now);
  let links: GuestHandoffPanelData['links'] = null;
  if (!refusal) {
    const entries = await Promise.all(
      LOCALES.map(async (locale) => {
        const url = await guestVoucherLink(db, booking, locale);
        const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'guestHandoff' });
        // A share link only (wa.me), no WhatsApp script: the guest's phone opens the chat.
        const text = t('whatsappText', { tour: booking.tourTitle[locale], date: formatDisplayDay(booking.tourDate, locale), reference: booking.reference, link: url });
        return [locale, { url, whatsappHref: `https://wa.me/?text=${encodeURIComponent(text)}` }] as const;
      }),
    );
    links = Object.fromEntries(entries) as GuestHandoffPanelData['links'];
  }
  return {
    reference: booking.reference,
    guestEmail: booking.guestEmail,
    defaultLocale: toLocale(booking.locale),
    links,
    lastDay: formatDisplayDay(voucherLinkLastDay(booking.tourDate), pageLocale),
    refusal,
  };
}
