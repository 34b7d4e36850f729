import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { formatMoney, isCurrency } from '@/server/shared/money/money';
import type { GuestBooking } from '@/server/widgets/guest-bookings/book-as-guest';
import { RefreshWhilePending } from './refresh-while-pending';

/**
 * What a guest sees back from the payment, on the widget's site or top-level after an embed:
 * confirmed (with the voucher), still processing (the page asks again), or not paid.
 */
export async function GuestBookingResult({ booking, locale, voucherHref, backHref }: { booking: GuestBooking; locale: Locale; voucherHref: string; backHref?: string }) {
  const t = await getTranslations({ locale, namespace: 'widgetBookings' });
  const form = await getTranslations({ locale, namespace: 'widgetBookings.mail' });
  const pending = booking.paymentStatus === 'created' || booking.paymentStatus === 'processing';
  const completed = booking.bookingStatus === 'completed';
  const currency = isCurrency(booking.currency) ? booking.currency : 'AED';
  return (
    <section aria-labelledby="guest-booking-title" className="grid gap-5" data-testid="guest-booking" data-status={completed ? 'completed' : pending ? 'pending' : 'failed'}>
      <h1 id="guest-booking-title" className="text-2xl font-semibold">
        {t('result.title', { reference: booking.reference })}
      </h1>
      {completed ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
          {t('result.completed', { email: booking.guestEmail })}
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
          {t('result.failed')}
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
      {completed ? (
        <a href={voucherHref} className="w-fit rounded-lg bg-zinc-900 px-4 py-2 font-medium text-white hover:bg-zinc-700" data-testid="guest-voucher">
          {t('result.voucher')}
        </a>
      ) : null}
      {!completed && !pending && backHref ? (
        <a href={backHref} className="w-fit font-medium underline underline-offset-4">
          {t('result.tryAgain')}
        </a>
      ) : null}
    </section>
  );
}
