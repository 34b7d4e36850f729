import 'server-only';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'next-intl';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import en from '@/messages/widget-bookings/en.json';
import ru from '@/messages/widget-bookings/ru.json';
import type { Transaction } from '@/server/db/connection';
import { bookings, offers, payments, tours, users, widgets } from '@/server/db/schema';
import { getMailer, type Mailer } from '@/server/mail/mailer';
import { formatMoney, isCurrency } from '@/server/shared/money/money';
import { GUEST_BOOKING_COLUMNS } from './book-as-guest';
import { GUEST_RETURN_PATH } from './guest-paths';

// When a guest's payment for a widget booking succeeds (server/payments/settle-payment): the guest
// gets the confirmation with the link to the booking and its voucher on the widget's site, in the
// widget's language; the agency's admins hear of the sale and their margin, each in their language.
// Written in the settlement's transaction, so a settlement that rolls back sends nothing.

const MESSAGES: Record<Locale, typeof en> = { en, ru };

function translator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'widgetBookings.mail' });
}

export async function mailWidgetBooking(tx: Transaction, bookingId: string, paymentId: string, mailer: Mailer = getMailer()): Promise<void> {
  const [row] = await tx
    .select({
      ...GUEST_BOOKING_COLUMNS,
      agencyId: bookings.agencyId,
      saleMinor: bookings.publishedTotalMinor,
      netMinor: bookings.netTotalMinor,
      widgetName: widgets.name,
      widgetLocale: widgets.locale,
      domain: widgets.domain,
      company: widgets.contacts,
      paidMinor: payments.amountMinor,
      paidCurrency: payments.currency,
    })
    .from(bookings)
    .innerJoin(widgets, eq(widgets.id, bookings.widgetId))
    .innerJoin(tours, eq(tours.id, bookings.tourId))
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .innerJoin(payments, eq(payments.id, paymentId))
    .where(eq(bookings.id, bookingId));
  if (!row) return;

  const details = (locale: Locale) => {
    const t = translator(locale);
    return {
      tour: row.tourTitle[locale],
      offer: row.offerName[locale],
      date: row.tourDate,
      time: row.startTime ? t('at', { time: row.startTime }) : '',
      guests: t('guests', { adults: row.adults, children: row.children, infants: row.infants }),
    };
  };

  const guestLocale = toLocale(row.widgetLocale);
  const guest = translator(guestLocale);
  const paid = formatMoney(row.paidMinor, isCurrency(row.paidCurrency) ? row.paidCurrency : 'AED', guestLocale);
  const link = `https://${row.domain}${GUEST_RETURN_PATH.replace('{paymentId}', paymentId)}`;
  await mailer.send(tx, {
    to: row.guestEmail,
    subject: guest('guest.subject', { reference: row.reference }),
    text: [
      guest('guest.greeting', { name: row.guestName }),
      guest('guest.body', { ...details(guestLocale), amount: paid }),
      guest('guest.voucher', { link }),
      guest('guest.signature', { company: row.company.company || row.widgetName }),
    ].join('\n\n'),
    kind: 'widgetBooking.guest',
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
