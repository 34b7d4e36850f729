import 'server-only';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { formatDisplayDay } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import en from '@/messages/guest-handoff/en.json';
import ru from '@/messages/guest-handoff/ru.json';
import { recentAuditRecord, recordAudit } from '@/server/audit/audit';
import type { Principal } from '@/server/auth/principal';
import { visibleBookings } from '@/server/bookings/booking-scope';
import type { Database, Transaction } from '@/server/db/connection';
import { bookings, offers, tours } from '@/server/db/schema';
import { NotFound, RuleViolation, TooManyRequests } from '@/server/errors';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import { brandContacts, brandedMailHtml } from '@/server/mail/branded-mail';
import { agencyLinkOrigin, loadAgencyBrand } from './agency-brand';
import { guestVoucherPath } from './guest-voucher';
import { voucherLinkExpiry, voucherLinkLastDay, voucherToken } from './voucher-link';
import { TRIP_COLUMNS } from '@/server/bookings/booking-rows';

// The agent sends a booking's voucher and tickets to its guest (the booking page's "Send to
// guest"): one mail in the guest's language, from the agency (its name as the sender, its
// address for answers, its logo and contacts in the mail), with the voucher link, through the
// mailer's outbox in the action's transaction. A second send of the same booking within
// HANDOFF_WINDOW_SECONDS sends nothing: to the same address it answers "already sent" (a double
// click, a retry), to another it asks to wait. The booking row's lock orders concurrent sends, so
// two at once still make one mail.

const MESSAGES: Record<Locale, typeof en> = { en, ru };

/** How long after a send the same booking is not mailed again. */
export const HANDOFF_WINDOW_SECONDS = 60;

export type HandoffInput = { reference: string; email: string; locale: Locale };
export type HandoffResult = { sentTo: string; link: string; alreadySent: boolean };

function translator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'guestHandoff' });
}

const BOOKING_COLUMNS = {
  id: bookings.id,
  reference: bookings.reference,
  agencyId: bookings.agencyId,
  status: bookings.status,
  ...TRIP_COLUMNS,
  guestEmail: bookings.guestEmail,
  locale: bookings.locale,
};

/** Why a booking's voucher cannot go to its guest now, or null when it can. */
export function handoffRefusal(booking: { status: string; tourDate: string }, now: Date): 'notConfirmed' | 'cancelled' | 'tourOver' | null {
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.status !== 'completed') return 'notConfirmed';
  if (now.getTime() > voucherLinkExpiry(booking.tourDate).getTime()) return 'tourOver';
  return null;
}

/** The guest's public link of a booking, in `locale`: on the agency's widget domain, or the portal's. */
export async function guestVoucherLink(db: Database | Transaction, booking: { reference: string; agencyId: string; tourDate: string }, locale: Locale): Promise<string> {
  const token = voucherToken(booking.reference, locale, voucherLinkExpiry(booking.tourDate));
  return `${await agencyLinkOrigin(db, booking.agencyId)}${guestVoucherPath(token, locale)}`;
}

/** Sends the voucher mail (or answers the one just sent), in one transaction with its audit record. */
export async function sendVoucherToGuest(
  db: Database,
  principal: Principal,
  input: HandoffInput,
  { mailer = getMailer(), now = new Date() }: { mailer?: Mailer; now?: Date } = {},
): Promise<HandoffResult> {
  return db.transaction((tx) => sendInTransaction(tx, principal, input, mailer, now));
}

async function sendInTransaction(tx: Transaction, principal: Principal, input: HandoffInput, mailer: Mailer, now: Date): Promise<HandoffResult> {
  const email = input.email.trim().toLowerCase();
  // Locked, so a concurrent send of the same booking waits here and then sees this one's record.
  const [booking] = await tx
    .select(BOOKING_COLUMNS)
    .from(bookings)
    .where(and(eq(bookings.reference, input.reference), visibleBookings(principal)))
    .for('no key update');
  if (!booking) throw new NotFound();
  const refusal = handoffRefusal(booking, now);
  if (refusal) throw new RuleViolation(`guestHandoff.errors.${refusal === 'cancelled' ? 'notConfirmed' : refusal}`);

  const link = await guestVoucherLink(tx, booking, input.locale);
  const recent = await recentAuditRecord(tx, { entity: 'booking', entityId: booking.id, action: 'booking.guestHandoff', seconds: HANDOFF_WINDOW_SECONDS });
  if (recent) {
    if (recent.changes.recipient?.to === email) return { sentTo: email, link, alreadySent: true };
    throw new TooManyRequests(Math.max(1, Math.ceil(HANDOFF_WINDOW_SECONDS - recent.ageSeconds)), 'guestHandoff.errors.justSent');
  }

  const [trip] = await tx
    .select({ tourTitle: tours.title, offerName: offers.name })
    .from(bookings)
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .where(eq(bookings.id, booking.id));
  if (!trip) throw new NotFound();
  const brand = await loadAgencyBrand(tx, booking.agencyId);
  const locale = input.locale;
  const t = translator(locale);
  const date = formatDisplayDay(booking.tourDate, locale);
  const expires = formatDisplayDay(voucherLinkLastDay(booking.tourDate), locale);
  const tour = trip.tourTitle[locale];
  const contacts = brandContacts(brand);
  const lines = [
    t('mail.greeting', { name: booking.guestName }),
    t('mail.body', {
      reference: booking.reference,
      tour,
      offer: trip.offerName[locale],
      date,
      time: booking.startTime ? t('mail.at', { time: booking.startTime }) : '',
      guests: t('mail.guests', { adults: booking.adults, children: booking.children, infants: booking.infants }),
    }),
    t('mail.link', { link }),
    t('mail.expires', { date: expires }),
    ...(contacts ? [t('mail.contacts', { contacts })] : []),
    t('mail.signature', { company: brand.name }),
  ];
  await mailer.send(tx, {
    to: email,
    subject: t('mail.subject', { tour, date, reference: booking.reference }),
    text: lines.join('\n\n'),
    html: brandedMailHtml({ brand, paragraphs: lines, link }),
    kind: 'guestHandoff',
    sender: { name: brand.name, replyTo: brand.email },
  });
  await recordAudit(tx, {
    agencyId: booking.agencyId,
    actorUserId: principal.userId,
    entity: 'booking',
    entityId: booking.id,
    action: 'booking.guestHandoff',
    changes: { recipient: { from: null, to: email }, locale: { from: null, to: locale } },
  });
  return { sentTo: email, link, alreadySent: false };
}
