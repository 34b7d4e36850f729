import { getTranslations } from 'next-intl/server';
import { formatDisplayDate } from '@/i18n/dates';
import type { GuestPaymentStep as Step } from '@/server/widgets/guest-bookings/book-as-guest';
import { GuestPaymentForm } from './guest-payment-form';

/** The Dubai wall-clock time of `instant`, as the hold's end is told. */
function dubaiTime(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Dubai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/**
 * Where a guest's checkout leads: the booking, how long its places are held, and the step on to
 * the payment (which is created only then). On a widget's site, or top-level after an embed.
 */
export async function GuestPaymentStep({ step, embed }: { step: Step; embed?: { widgetId: string; site: string } }) {
  const t = await getTranslations({ locale: step.locale, namespace: 'widgetBookings' });
  return (
    <section aria-labelledby="guest-payment-title" className="grid gap-5" data-testid="guest-payment">
      <h1 id="guest-payment-title" className="text-2xl font-semibold">
        {t('payment.title')}
      </h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-500">{step.tourTitle}</dt>
        <dd>{step.offerName}</dd>
        <dt className="text-zinc-500">{formatDisplayDate(new Date(`${step.tourDate}T12:00:00Z`), step.locale)}</dt>
        <dd>{step.startTime ?? ''}</dd>
        <dt className="text-zinc-500">{step.guestName}</dt>
        <dd>{t('mail.guests', { adults: step.adults, children: step.children, infants: step.infants })}</dd>
      </dl>
      {step.payable ? (
        <>
          <p role="status" className="rounded-lg border border-zinc-200 bg-zinc-50 p-4" data-testid="guest-hold">
            {step.heldUntil ? t('payment.heldUntil', { time: dubaiTime(step.heldUntil, step.locale) }) : t('payment.notHeld')}
          </p>
          <GuestPaymentForm bookingId={step.bookingId} embed={embed} labels={{ go: t('payment.go'), opening: t('payment.opening') }} />
        </>
      ) : (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
          {t('payment.notPayable')}
        </p>
      )}
    </section>
  );
}
