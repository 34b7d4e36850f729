import { ArrowLeft, CircleCheck } from '@/components/icons/icons';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache, type ReactNode } from 'react';
import { StatusBadge } from '@/components/bookings/lists/status-badge';
import { CancelBookingPanel, type ChargedRefundView } from '@/components/bookings/detail/cancel-booking-panel';
import { DocumentLinks } from '@/components/bookings/detail/document-links';
import { AmendBookingBlock } from '@/components/bookings/detail/amend-booking-block';
import { GuestHandoffPanel } from '@/components/bookings/detail/guest-handoff-panel';
import { SupplierStatusNotice } from '@/components/bookings/detail/supplier-status-notice';
import { type ShownSupplierCode, SupplierCodes } from '@/components/bookings/detail/supplier-codes';
import { PayNowForm } from '@/components/pay/pay-now-form';
import { Price, PriceSum } from '@/components/catalog/price';
import { cn } from '@/components/ui/cn';
import { formatDisplayDate } from '@/i18n/dates';
import { type Locale, localizedPath } from '@/i18n/locales';
import { dubaiToday } from '@/shared/availability/rules';
import { requirePageAccess } from '@/server/auth/principal';
import { BOOKING_REFERENCE_PATTERN } from '@/server/bookings/booking-reference';
import { PAY_NOW_ANCHOR } from '@/shared/bookings/booking-links';
import { type BookingDetail, getBookingDetail } from '@/server/bookings/queries';
import { type BookingPayments, loadBookingPayments } from '@/server/bookings/payment-attempts';
import { getDb } from '@/server/db/database';
import { loadSupplierState } from '@/server/suppliers/booking/supplier-state';
import { payNowLabels, payNowOptions } from '@/server/checkout/pay-now-options';
import { type Currency, formatMoney, isCurrency } from '@/shared/money/money';
import type { ChargedRefund } from '@/server/bookings/refund-rules';
import type { BookingPayment } from '@/server/documents/booking-document';
import { isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { isDomainError } from '@/server/errors';
import { qrDataUrl } from '@/server/payments/qr-svg';
import { isQrCode, type SupplierSide } from '@/shared/bookings/supplier-side';
import { resolveSiteParams } from '@/server/hosts/variant-params';

type Params = Promise<{ locale: string; variant: string; reference: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const { reference } = await params;
  const t = await getTranslations({ locale, namespace: 'bookingDetail' });
  // A booking the agent cannot see is titled like the not-found page it gets, never with the
  // reference (the page says no more than the title: another agency's booking is "not found" too).
  const booking = BOOKING_REFERENCE_PATTERN.test(reference) ? await loadBooking(reference) : null;
  const title = booking ? t('metaTitle', { reference: booking.reference }) : t('notFound.title');
  return { title, robots: { index: false } };
}

export default async function BookingDetailPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { locale, variant } = await resolveSiteParams(params);
  const principal = await requirePageAccess('/my-bookings');
  const [{ reference }, { cancelled }] = await Promise.all([params, searchParams]);
  if (!BOOKING_REFERENCE_PATTERN.test(reference)) notFound();
  const booking = await findBooking(reference);
  const t = await getTranslations('bookingDetail');
  const tb = await getTranslations('booking');
  const pageHref = localizedPath(locale, `/my-bookings/${booking.reference}`);
  const isCancelled = booking.status === 'cancelled';
  const db = await getDb();
  const paymentsView = await loadBookingPayments(db, principal, booking.reference);
  const supplier = await loadSupplierState(db, principal, booking.reference);
  // A supplier's booking whose hold there ended or was refused cannot be paid again: book again.
  const supplierHoldGone = supplier?.status === 'failed' || supplier?.status === 'cancelled';
  const needsPayment = (booking.status === 'payment_required' || booking.status === 'payment_failed') && !supplierHoldGone;
  const payNow = needsPayment ? { options: await payNowOptions(db, principal, variant, locale, booking.reference), labels: await payNowLabels() } : null;
  const tp = await getTranslations('payments');
  const notGiven = <span className="text-muted-foreground">{t('notGiven')}</span>;
  const refundDestination = booking.cancellation?.destination ?? 'balance';

  const sections: { id: string; title: string; rows: Row[] }[] = [
    {
      id: 'booking',
      title: t('sections.booking'),
      rows: [
        { label: t('fields.reference'), value: <span className="font-mono">{booking.reference}</span> },
        { label: t('fields.status'), value: <StatusBadge status={booking.status} label={tb(`status.${booking.status}`)} className="text-sm" /> },
        booking.status === 'quotation_request' && booking.requestReason && isRequestReason(booking.requestReason)
          ? { label: t('fields.requestReason'), value: tb(`requestReason.${booking.requestReason}`) }
          : null,
        booking.quotedAt ? { label: t('fields.quotedAt'), value: formatInstant(booking.quotedAt, locale) } : null,
        booking.declineReason
          ? { label: t('fields.declineReason'), value: <span className="whitespace-pre-line" data-testid="decline-reason">{booking.declineReason}</span> }
          : null,
        { label: t('fields.createdAt'), value: formatInstant(booking.createdAt, locale) },
        { label: t('fields.agent'), value: booking.agentName },
        booking.widgetName === null ? null : { label: t('fields.widget'), value: <span data-testid="booking-widget">{booking.widgetName}</span> },
        { label: t('fields.notes'), value: booking.notes ? <span className="whitespace-pre-line">{booking.notes}</span> : notGiven },
      ],
    },
    {
      id: 'tour',
      title: t('sections.tour'),
      rows: [
        {
          label: t('fields.tour'),
          value: (
            <Link href={localizedPath(locale, `/tour/${booking.tour.slug}`)} className="font-medium text-primary underline-offset-4 hover:underline">
              {booking.tour.title[locale]}
            </Link>
          ),
        },
        { label: t('fields.ticket'), value: booking.offerName[locale] },
        { label: t('fields.city'), value: booking.cityName[locale] },
        { label: t('fields.tourDate'), value: formatDate(booking.tourDate, locale) },
        {
          label: t('fields.startTime'),
          value: !booking.startTime ? t('noStartTime') : booking.availabilityType === 'opening_hours' ? t('openingHoursFrom', { time: booking.startTime }) : booking.startTime,
        },
      ],
    },
    ...(booking.supplier ? [await supplierSection(booking.supplier)] : []),
    {
      id: 'guests',
      title: t('sections.guests'),
      rows: [
        { label: t('fields.guestName'), value: booking.guest.name },
        { label: t('fields.phone'), value: <a href={`tel:${booking.guest.phone.replace(/[^\d+]/g, '')}`}>{booking.guest.phone}</a> },
        { label: t('fields.email'), value: <a href={`mailto:${booking.guest.email}`} className="break-all">{booking.guest.email}</a> },
        { label: t('fields.adults'), value: booking.adults },
        { label: t('fields.children'), value: booking.children },
        { label: t('fields.infants'), value: booking.infants },
      ],
    },
    {
      id: 'pick-up',
      title: t('sections.pickUp'),
      rows: [
        { label: t('fields.hotel'), value: booking.hotelName ?? t('noPickUp') },
        booking.hotelName ? { label: t('fields.room'), value: booking.room ?? notGiven } : null,
        booking.hotelName ? { label: t('fields.pickUpTime'), value: booking.pickUpTime ?? t('pickUpTimeLater') } : null,
      ],
    },
    {
      id: 'payment',
      title: t('sections.payment'),
      rows: paymentRows(booking, t, tb(`paymentMethod.${booking.paymentMethod}`), notGiven, await providerPaymentMade(booking, locale)),
    },
  ];
  if (isCancelled) {
    sections.push({
      id: 'cancellation',
      title: t('sections.cancellation'),
      rows: [
        booking.cancelledAt ? { label: t('fields.cancelledAt'), value: formatInstant(booking.cancelledAt, locale) } : null,
        // The refund is what was refunded before the fee, less the fee shown under it: derived from
        // the two, it adds up with them to the cent in any currency.
        booking.refundMinor === null
          ? null
          : { label: t('fields.refund'), value: <Money fils={booking.refundMinor} parts={[booking.refundMinor + (booking.cancellationFeeMinor ?? 0), -(booking.cancellationFeeMinor ?? 0)]} strong /> },
        booking.cancellationFeeMinor === null ? null : { label: t('fields.cancellationFee'), value: <Money fils={booking.cancellationFeeMinor} /> },
      ],
    });
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <Link
        href={localizedPath(locale, '/my-bookings')}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('backToList')}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-2xl font-semibold break-all xs:break-normal">{t('title', { reference: booking.reference })}</h1>
        <StatusBadge status={booking.status} label={tb(`status.${booking.status}`)} className="text-sm" />
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t('createdOn', { date: formatInstant(booking.createdAt, locale) })}</p>

      <SupplierStatusNotice state={supplier} paymentMethod={booking.paymentMethod} className="mt-6" />

      {isCancelled && cancelled === '1' ? (
        <p role="status" className="mt-6 flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 p-4 text-success">
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
          {t('cancelledNotice')}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            {sections.map((section) => (
              <DetailSection key={section.id} id={section.id} title={section.title} rows={section.rows} />
            ))}
          </div>
          {paymentsView && (paymentsView.attempts.length > 0 || needsPayment) ? <PaymentAttempts view={paymentsView} locale={locale} /> : null}
        </div>

        <aside className="grid gap-6 md:grid-cols-2 md:items-start lg:grid-cols-1">
          <section aria-labelledby="documents-title" className="rounded-xl border border-border p-4 xs:p-6">
            <h2 id="documents-title" className="text-lg font-semibold">
              {t('sections.documents')}
            </h2>
            <DocumentLinks
              reference={booking.reference}
              principal={principal}
              state={booking}
              className="mt-4 grid gap-2"
              linkClassName="w-full justify-start"
            />
          </section>
          <AmendBookingBlock reference={booking.reference} locale={locale} />

          <GuestHandoffPanel reference={booking.reference} locale={locale} />

          {payNow ? (
            <section id={PAY_NOW_ANCHOR} aria-labelledby="pay-now-title" className="grid scroll-mt-24 gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4 xs:p-6" data-testid="pay-now">
              <h2 id="pay-now-title" className="text-lg font-semibold">
                {tp('payNow.title')}
              </h2>
              <p className="text-sm">{tp('payNow.lead')}</p>
              {paymentsView?.holdExpiresAt ? (
                <p className="text-sm font-medium" data-testid="hold-until">
                  {paymentsView.holdExpiresAt > new Date()
                    ? tp('payNow.heldUntil', { time: DUBAI_TIME.format(paymentsView.holdExpiresAt) })
                    : tp('payNow.holdExpired')}
                </p>
              ) : null}
              <PayNowForm reference={booking.reference} options={payNow.options} labels={payNow.labels} />
            </section>
          ) : null}

          {booking.cancellation ? (
            <CancelBookingPanel
              reference={booking.reference}
              pageHref={pageHref}
              quote={booking.cancellation.amounts}
              charged={chargedRefund(booking.cancellation.charged, locale)}
              labels={{
                title: t('cancel.title'),
                tierLabel: t('cancel.tierLabel'),
                tier: t(`cancel.tier.${booking.cancellation.tier}`),
                percentLabel: t('cancel.percentLabel'),
                percent: t('cancel.percent', { percent: booking.cancellation.percent }),
                paid: refundDestination === 'balance' ? t('cancel.paid') : t(`cancel.paidBy.${refundDestination}`),
                grossRefund: t('cancel.grossRefund'),
                fee: t('cancel.fee'),
                refund: refundDestination === 'balance' ? t('cancel.refund') : t(`cancel.refundTo.${refundDestination}`),
                // A card, crypto or SBP booking not paid yet waits for its payment; it is not cash or a request.
                nothingPaid: isProviderPaymentMethod(booking.paymentMethod) ? t('cancel.nothingPaidUnpaid') : t('cancel.nothingPaid'),
                refundNote:
                  refundDestination !== 'balance' && booking.payment && booking.cancellation.charged
                    ? t(`cancel.refundNote.${refundDestination}`, {
                        currency: booking.cancellation.charged.currency,
                        provider: tp.has(`provider.${booking.payment.provider}` as never) ? tp(`provider.${booking.payment.provider}` as never) : booking.payment.provider,
                      })
                    : null,
                amountsHidden: t('cancel.amountsHidden'),
                cancel: t('cancel.button'),
                confirmQuestion: t('cancel.confirmQuestion', { reference: booking.reference }),
                confirm: t('cancel.confirm'),
                confirming: t('cancel.confirming'),
                keep: t('cancel.keep'),
              }}
            />
          ) : isCancelled ? null : (
            <p className="rounded-xl border border-dashed border-border bg-muted p-4 text-sm text-muted-foreground">{tb('notCancellable')}</p>
          )}
        </aside>
      </div>
    </div>
  );
}

/** The booking's payment attempts: method, provider, status, amount and date. */
async function PaymentAttempts({ view, locale }: { view: BookingPayments; locale: Locale }) {
  const t = await getTranslations('payments');
  const tb = await getTranslations('booking');
  return (
    <section aria-labelledby="attempts-title" className="min-w-0 rounded-xl border border-border p-4 xs:p-6" data-testid="payment-attempts">
      <h2 id="attempts-title" className="text-lg font-semibold">
        {t('attempts.title')}
      </h2>
      {view.attempts.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">{t('attempts.none')}</p> : null}
      {/* One card per attempt on a phone (`.table-cards`): status and amount never cut at the edge. */}
      <div className={cn('mt-4 overflow-x-auto', view.attempts.length === 0 && 'hidden')}>
        <table className="table-cards w-full text-sm md:min-w-[28rem]">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 pr-3 font-normal">{t('attempts.date')}</th>
              <th scope="col" className="py-1 pr-3 font-normal">{t('attempts.method')}</th>
              <th scope="col" className="py-1 pr-3 font-normal">{t('attempts.provider')}</th>
              <th scope="col" className="py-1 pr-3 font-normal">{t('attempts.status')}</th>
              <th scope="col" className="py-1 text-right font-normal">{t('attempts.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {view.attempts.map((attempt) => (
              <tr key={attempt.id} className="border-t border-border" data-testid="payment-attempt" data-status={attempt.status}>
                <td data-label={t('attempts.date')} className="py-2 pr-3 whitespace-nowrap">{formatInstant(attempt.createdAt, locale)}</td>
                <td data-label={t('attempts.method')} className="py-2 pr-3">{tb.has(`paymentMethod.${attempt.method}` as never) ? tb(`paymentMethod.${attempt.method}` as never) : attempt.method}</td>
                <td data-label={t('attempts.provider')} className="py-2 pr-3">{t.has(`provider.${attempt.provider}` as never) ? t(`provider.${attempt.provider}` as never) : attempt.provider}</td>
                <td data-label={t('attempts.status')} className="py-2 pr-3">{t.has(`attemptStatus.${attempt.status}` as never) ? t(`attemptStatus.${attempt.status}` as never) : attempt.status}</td>
                <td data-label={t('attempts.amount')} className="py-2 text-right whitespace-nowrap tabular-nums">
                  {attempt.amountMinor !== null && isCurrency(attempt.currency) ? formatMoney(attempt.amountMinor, attempt.currency, locale) : '—'}
                  {attempt.refunds.map((refund) => {
                    const amount = refund.amountMinor !== null && isCurrency(attempt.currency) ? formatMoney(refund.amountMinor, attempt.currency, locale) : '';
                    const done = refund.status === 'succeeded';
                    return (
                      <span key={refund.id} className="block text-xs text-muted-foreground" data-testid={done ? 'payment-refunded' : 'payment-refund-pending'}>
                        {t(done ? 'attempts.refunded' : 'attempts.refundPending', { amount })}
                      </span>
                    );
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The page's booking, or null when the agent has none by that reference; once per request (title and page). */
const loadBooking = cache(async (reference: string): Promise<BookingDetail | null> => {
  try {
    return await getBookingDetail(reference);
  } catch (error) {
    if (isDomainError(error, 'notFound') || isDomainError(error, 'unauthorized')) return null;
    throw error;
  }
});

/** The principal's booking; a booking of another agency (or, for a junior, another agent) is a 404. */
async function findBooking(reference: string): Promise<BookingDetail> {
  return (await loadBooking(reference)) ?? notFound();
}

type Row = { label: string; value: ReactNode } | null;

/**
 * The tour operator's side of a supplier-backed booking: its reference, where the booking stands
 * with it (held, confirmed, awaiting its answer, refused) and the entrance codes it issued.
 */
async function supplierSection(supplier: SupplierSide): Promise<{ id: string; title: string; rows: Row[] }> {
  const t = await getTranslations('bookingDetail');
  const ts = await getTranslations('supplierBooking');
  const codes: ShownSupplierCode[] = await Promise.all(
    supplier.codes.map(async (code) => ({
      unitLabel: ts('code', { unit: code.unitType ?? 'booking' }),
      code: code.code,
      format: code.format,
      qrSrc: isQrCode(code) ? await qrDataUrl(code.code) : null,
      qrAlt: ts('qrAlt', { code: code.code }),
    })),
  );
  return {
    id: 'supplier',
    title: t('sections.supplier'),
    rows: [
      {
        label: t('fields.supplierReference'),
        value: supplier.reference ? (
          <span className="font-mono" data-testid="supplier-reference">
            {supplier.reference}
          </span>
        ) : (
          <span className="text-muted-foreground">{t('supplierReferencePending')}</span>
        ),
      },
      supplier.status ? { label: t('fields.supplierStatus'), value: <span data-testid="supplier-status">{ts(`status.${supplier.status}`)}</span> } : null,
      codes.length > 0 ? { label: t('fields.supplierCodes'), value: <SupplierCodes codes={codes} /> } : null,
    ],
  };
}

function DetailSection({ id, title, rows }: { id: string; title: string; rows: Row[] }) {
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-border p-4 xs:p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <dl className="mt-4 grid gap-x-4 xs:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] xs:gap-y-2">
        {rows
          .filter((row): row is NonNullable<Row> => row !== null)
          .map(({ label, value }) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted-foreground xs:text-base">{label}</dt>
              <dd className="mb-3 break-words xs:mb-0">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

type Translate = Awaited<ReturnType<typeof getTranslations<'bookingDetail'>>>;

/**
 * A card, crypto or SBP payment as it was charged: the amount and currency, its fee and tax lines
 * (the Russian domain's roubles), and the NET in AED it pays.
 */
async function providerPaymentMade(booking: BookingDetail, locale: Locale): Promise<Row> {
  const t = await getTranslations('bookingDetail');
  const tp = await getTranslations('payments');
  const payment = booking.payment;
  if (!payment) {
    if (!isProviderPaymentMethod(booking.paymentMethod) || booking.netTotalMinor === null) return null;
    const due = booking.status === 'payment_required' || booking.status === 'payment_failed';
    return { label: t('fields.payment'), value: <span data-testid="payment-made" data-paid="false">{t(due ? 'paymentRequired' : 'notPaid')}</span> };
  }
  const lineLabel = ({ kind, percent }: BookingPayment['lines'][number]) => {
    if (kind === 'subtotal') return tp('charge.subtotal');
    if (kind === 'fees') return t('chargeFees');
    if (percent === null) return kind === 'tax' ? t('chargeTax') : t('chargeFees');
    return tp(`charge.${kind}`, { percent });
  };
  return {
    label: t(`fields.paymentMadeBy.${payment.method}`),
    value: (
      <span className="grid gap-0.5" data-testid="payment-made" data-paid="true" data-currency={payment.currency} data-amount-minor={payment.totalMinor}>
        <span className="font-semibold whitespace-nowrap tabular-nums">{formatMoney(payment.totalMinor, payment.currency, locale)}</span>
        {payment.lines.map((line) => (
          <span key={line.kind} className="flex justify-between gap-3 text-xs text-muted-foreground" data-testid="payment-made-line">
            <span>{lineLabel(line)}</span>
            <span className="whitespace-nowrap tabular-nums">{formatMoney(line.amountMinor, payment.currency, locale)}</span>
          </span>
        ))}
        {booking.paidMinor !== null && payment.currency !== 'AED' ? (
          <span className="text-xs text-muted-foreground">{t('paymentWorth', { amount: formatMoney(booking.paidMinor, 'AED', locale) })}</span>
        ) : null}
      </span>
    ),
  };
}

/** A provider refund's figures in the currency charged. */
function chargedRefund(charged: ChargedRefund | null, locale: Locale): ChargedRefundView | null {
  if (!charged || !isCurrency(charged.currency)) return null;
  const money = (minor: number) => formatMoney(minor, charged.currency as Currency, locale);
  return { paid: money(charged.paidMinor), grossRefund: money(charged.grossRefundMinor), fee: money(charged.feeMinor), refund: money(charged.refundMinor) };
}

/** Rates and what was paid or is collected; NET figures only reach a role allowed to see them. */
function paymentRows(booking: BookingDetail, t: Translate, paymentMethod: string, notGiven: ReactNode, providerPayment: Row): Row[] {
  return [
    { label: t('fields.paymentMethod'), value: paymentMethod },
    { label: t('fields.publishedRate'), value: <Money fils={booking.publishedTotalMinor} strong /> },
    booking.netTotalMinor === null ? null : { label: t('fields.netRate'), value: <Money fils={booking.netTotalMinor} /> },
    booking.discountMinor ? { label: t('fields.discount'), value: <Money fils={-booking.discountMinor} /> } : null,
    { label: t('fields.promoCode'), value: booking.promoCode ? <span className="font-mono">{booking.promoCode}</span> : notGiven },
    booking.paymentMethod === 'cash'
      ? { label: t('fields.collection'), value: <Money fils={booking.collectionMinor} /> }
      : providerPayment
        ? providerPayment
        : booking.paidMinor === null
        ? null
        : { label: t('fields.paymentMade'), value: <Money fils={booking.paidMinor} /> },
    booking.finalBalanceMinor === null
      ? null
      : {
          label: t('fields.finalBalance'),
          value: (
            <span className="grid" data-testid="final-balance">
              <Money fils={booking.finalBalanceMinor} parts={finalBalanceParts(booking)} strong />
              <span className="text-xs text-muted-foreground">{t('finalBalanceHint')}</span>
            </span>
          ),
        },
  ];
}

/** `parts`: the shown figures `fils` is derived from (PriceSum), so they add up to the cent in any currency. */
function Money({ fils, parts, strong = false }: { fils: number; parts?: readonly number[]; strong?: boolean }) {
  const className = cn('whitespace-nowrap tabular-nums', strong && 'font-semibold');
  return parts ? <PriceSum parts={parts} className={className} /> : <Price fils={fils} className={className} />;
}

/** The final balance as the NET less what was paid and what is collected, the rows above it (zero once cancelled). */
function finalBalanceParts(booking: BookingDetail): number[] {
  if (booking.status === 'cancelled' || booking.netTotalMinor === null) return [booking.finalBalanceMinor ?? 0];
  return [booking.netTotalMinor, -(booking.paidMinor ?? 0), -booking.collectionMinor];
}

const REQUEST_REASONS = ['noLiveAvailability', 'cutOffPassed', 'bookWithAgent', 'supplierUnavailable'] as const;

function isRequestReason(value: string): value is (typeof REQUEST_REASONS)[number] {
  return (REQUEST_REASONS as readonly string[]).includes(value);
}

/** A `yyyy-MM-dd` tour date, read as a calendar day (no time zone shift). */
function formatDate(date: string, locale: Locale): string {
  const [year, month, day] = date.split('-').map(Number);
  return formatDisplayDate(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1), locale);
}

const DUBAI_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant as the date and time in Asia/Dubai, where all bookings happen. */
function formatInstant(instant: Date, locale: Locale): string {
  return `${formatDate(dubaiToday(instant), locale)} ${DUBAI_TIME.format(instant)}`;
}
