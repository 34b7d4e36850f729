import { CircleCheck, CircleX, LoaderCircle } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { formatMoney, isCurrency } from '@/shared/money/money';
import type { GuestBooking } from '@/server/widgets/guest-bookings/book-as-guest';
import type { GuestBrand } from '@/server/widgets/guest-bookings/guest-booking-view';
import { RefreshWhilePending } from './refresh-while-pending';

/**
 * What a guest sees of the booking, back from the payment or by the mail's link, on the widget's
 * site or top-level after an embed: confirmed (with the voucher and tickets), still processing (the
 * page asks again), not paid, or cancelled; and whom to ask about it.
 */
export async function GuestBookingResult({
  booking,
  locale,
  voucherHref,
  ticketsHref,
  backHref,
  contacts,
}: {
  booking: GuestBooking;
  locale: Locale;
  /** The documents' links, where the booking's state offers them. */
  voucherHref?: string;
  ticketsHref?: string;
  backHref?: string;
  /** The agency's reservation contacts, from its widget. */
  contacts?: Pick<GuestBrand, 'reservationName' | 'phone' | 'email'>;
}) {
  const t = await getTranslations({ locale, namespace: 'widgetBookings' });
  const form = await getTranslations({ locale, namespace: 'widgetBookings.mail' });
  const payment = await getTranslations({ locale, namespace: 'payments.result' });
  const pending = booking.paymentStatus === 'created' || booking.paymentStatus === 'processing';
  const completed = booking.bookingStatus === 'completed';
  const cancelled = booking.bookingStatus === 'cancelled';
  const currency = isCurrency(booking.currency) ? booking.currency : 'AED';
  return (
    <section aria-labelledby="guest-booking-title" className="grid gap-5" data-testid="guest-booking" data-status={completed ? 'completed' : cancelled ? 'cancelled' : pending ? 'pending' : 'failed'}>
      <h1 id="guest-booking-title" className="text-2xl font-semibold">
        {t('result.title', { reference: booking.reference })}
      </h1>
      {completed ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
          {t('result.completed', { email: booking.guestEmail })}
        </p>
      ) : cancelled ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-zinc-300 bg-zinc-50 p-4">
          <CircleX aria-hidden className="mt-0.5 size-5 shrink-0" />
          {t('result.cancelled')}
        </p>
      ) : pending ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-4">
          <LoaderCircle aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin" />
          {t('result.pending')}
          <RefreshWhilePending />
        </p>
      ) : (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          <CircleX aria-hidden className="mt-0.5 size-5 shrink-0" />
          <span className="grid gap-1">
            <span className="font-semibold">{payment('failed')}</span>
            {booking.failureReason ? (
              <span data-testid="guest-failure-reason" data-reason={booking.failureReason}>
                {payment(`reason.${booking.failureReason}`)}
              </span>
            ) : null}
            {/* Advice that fits the reason: never "try another card" after a failed 3-D Secure check. */}
            <span>{booking.failureReason === null || booking.failureReason === 'other' ? t('result.failed') : payment(`advice.${booking.failureReason}`)}</span>
          </span>
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-500">{booking.tourTitle}</dt>
        <dd>{booking.offerName}</dd>
        <dt className="text-zinc-500">{formatDisplayDate(new Date(`${booking.tourDate}T12:00:00Z`), locale)}</dt>
        <dd>{booking.startTime ?? ''}</dd>
        <dt className="text-zinc-500">{booking.guestName}</dt>
        <dd>{form('guests', { adults: booking.adults, children: booking.children, infants: booking.infants })}</dd>
        <dt className="text-zinc-500">{t('result.paid')}</dt>
        <dd className="tabular-nums" data-testid="guest-paid">
          {formatMoney(booking.amountMinor, currency, locale)}
        </dd>
      </dl>
      {voucherHref || ticketsHref ? (
        <div className="flex flex-wrap gap-3">
          {voucherHref ? (
            <a href={voucherHref} className="w-fit rounded-lg bg-zinc-900 px-4 py-2 font-medium text-white hover:bg-zinc-700" data-testid="guest-voucher">
              {t('result.voucher')}
            </a>
          ) : null}
          {ticketsHref ? (
            <a href={ticketsHref} className="w-fit rounded-lg border border-zinc-900 px-4 py-2 font-medium hover:bg-zinc-100" data-testid="guest-tickets">
              {t('result.tickets')}
            </a>
          ) : null}
        </div>
      ) : null}
      {contacts && (contacts.phone || contacts.email) ? (
        <div className="grid gap-1 text-sm" data-testid="guest-contacts">
          <h2 className="font-medium">{t('result.contacts')}</h2>
          <p>{[contacts.reservationName, contacts.phone, contacts.email].filter(Boolean).join(' · ')}</p>
        </div>
      ) : null}
      {!completed && !cancelled && !pending && backHref ? (
        <a href={backHref} className="w-fit font-medium underline underline-offset-4">
          {t('result.tryAgain')}
        </a>
      ) : null}
    </section>
  );
}
