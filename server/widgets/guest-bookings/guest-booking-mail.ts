import 'server-only';
import { and, eq } from 'drizzle-orm';
import { parseISO } from 'date-fns';
import { createTranslator } from 'next-intl';
import { formatDisplayDate } from '@/i18n/dates';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import en from '@/messages/widget-bookings/en.json';
import ru from '@/messages/widget-bookings/ru.json';
import type { Transaction } from '@/server/db/connection';
import { bookings, payments, users, widgets } from '@/server/db/schema';
import { selectBookingRows } from '@/server/bookings/booking-rows';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import { formatMoney, isCurrency } from '@/shared/money/money';
import { publicOrigin } from '@/server/hosts/seo';
import { SITE_WIDGET_TYPES } from '@/shared/widgets/widget-schema';
import { GUEST_BOOKING_COLUMNS } from './book-as-guest';
import { guestBookingPath } from './guest-booking-view';
import { guestBookingToken } from './guest-link';

// When a guest's payment for a widget booking succeeds (a follow-up of the settlement,
// server/checkout/settlement.ts): the guest gets the confirmation in the agency's name and the
// widget's language, with the link to the booking and its voucher (on the widget's site, or for
// an embed on the portal's page of it) authorised by the guest link's token, never an internal id;
// the agency's admins hear of the sale and their margin, each in their language.
// Written in the settlement's transaction, so a settlement that rolls back sends nothing.

const MESSAGES: Record<Locale, typeof en> = { en, ru };

function translator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'widgetBookings.mail' });
}

export async function mailWidgetBooking(tx: Transaction, bookingId: string, paymentId: string, mailer: Mailer = getMailer()): Promise<void> {
  const [row] = await selectBookingRows(tx, {
    ...GUEST_BOOKING_COLUMNS,
    agencyId: bookings.agencyId,
    saleMinor: bookings.publishedTotalMinor,
    netMinor: bookings.netTotalMinor,
    widgetName: widgets.name,
    widgetLocale: widgets.locale,
    widgetType: widgets.type,
    domain: widgets.domain,
    company: widgets.contacts,
    reservation: widgets.reservationContacts,
    paidMinor: payments.amountMinor,
    paidCurrency: payments.currency,
  })
    .innerJoin(widgets, eq(widgets.id, bookings.widgetId))
    .innerJoin(payments, eq(payments.id, paymentId))
    .where(eq(bookings.id, bookingId));
  if (!row) return;

  const details = (locale: Locale) => {
    const t = translator(locale);
    return {
      tour: row.tourTitle[locale],
      offer: row.offerName[locale],
      date: formatDisplayDate(parseISO(row.tourDate), locale),
      time: row.startTime ? t('at', { time: row.startTime }) : '',
      guests: t('guests', { adults: row.adults, children: row.children, infants: row.infants }),
    };
  };

  const guestLocale = toLocale(row.widgetLocale);
  const guest = translator(guestLocale);
  const paid = formatMoney(row.paidMinor, isCurrency(row.paidCurrency) ? row.paidCurrency : 'AED', guestLocale);
  const token = guestBookingToken(row.reference);
  const link = SITE_WIDGET_TYPES.includes(row.widgetType)
    ? `https://${row.domain}${guestBookingPath(token, 'site')}`
    : `${publicOrigin('main')}${localizedPath(guestLocale, guestBookingPath(token, 'embed'))}`;
  const phone = row.reservation.phone || row.company.phone;
  const email = row.reservation.email || row.company.email;
  await mailer.send(tx, {
    to: row.guestEmail,
    subject: guest('guest.subject', { reference: row.reference }),
    text: [
      guest('guest.greeting', { name: row.guestName }),
      guest('guest.body', { ...details(guestLocale), amount: paid }),
      guest('guest.voucher', { link }),
      ...(phone || email ? [guest('guest.contacts', { contacts: [row.reservation.name, phone, email].filter(Boolean).join(', ') })] : []),
      guest('guest.signature', { company: row.company.company || row.widgetName }),
    ].join('\n\n'),
    kind: 'widgetBooking.guest',
    sender: { name: row.company.company || row.widgetName, replyTo: email },
  });

  const admins = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(and(eq(users.agencyId, row.agencyId), eq(users.role, 'admin'), eq(users.status, 'active')));
  const portal = new URL(process.env.AUTH_URL ?? 'http://localhost:3000').origin;
  for (const admin of admins) {
    const locale = toLocale(admin.locale);
    const t = translator(locale);
    const money = (minor: number) => formatMoney(minor, 'AED', locale);
    await mailer.send(tx, {
      to: admin.email,
      subject: t('agency.subject', { widget: row.widgetName, reference: row.reference }),
      text: [
        t('agency.greeting', { name: admin.name }),
        t('agency.body', { ...details(locale), widget: row.widgetName, sale: money(row.saleMinor), net: money(row.netMinor), margin: money(row.saleMinor - row.netMinor) }),
        t('agency.link', { link: `${portal}${localizedPath(locale, `/my-bookings/${encodeURIComponent(row.reference)}`)}` }),
        t('agency.signature'),
      ].join('\n\n'),
      kind: 'widgetBooking.agency',
    });
  }
}
