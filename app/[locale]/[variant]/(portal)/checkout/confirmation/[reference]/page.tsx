import { CheckCircle2, Clock } from '@/components/icons/icons';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DocumentLinks } from '@/components/bookings/detail/document-links';
import { SupplierStatusNotice } from '@/components/bookings/detail/supplier-status-notice';
import { Price } from '@/components/catalog/price';
import { LocaleLink } from '@/components/i18n/locale-link';
import { AnalyticsMarker } from '@/components/telemetry/analytics-marker';
import { buttonVariants } from '@/components/ui/button';
import { formatDisplayDate } from '@/i18n/dates';
import { requirePageAccess } from '@/server/auth/principal';
import { BOOKING_REFERENCE_PATTERN } from '@/server/bookings/booking-reference';
import { getBookingDetail } from '@/server/bookings/queries';
import { getDb } from '@/server/db/database';
import { loadSupplierState } from '@/server/suppliers/booking/supplier-state';
import { isDomainError } from '@/server/errors';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

type Params = Promise<Awaited<SiteParams> & { reference: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [{ locale }, { reference }] = await Promise.all([resolveSiteParams(params), params]);
  const t = await getTranslations({ locale, namespace: 'checkout.confirmation' });
  return { title: t('metaTitle', { reference }), robots: { index: false } };
}

/** Where checkout lands: the booking made, and its voucher, tickets and invoice. */
export default async function ConfirmationPage({ params }: { params: Params }) {
  const [{ locale }, { reference }] = await Promise.all([resolveSiteParams(params), params]);
  const principal = await requirePageAccess('/checkout');
  if (!BOOKING_REFERENCE_PATTERN.test(reference)) notFound();
  const booking = await getBookingDetail(reference).catch((error: unknown) => (isDomainError(error, 'notFound') ? notFound() : Promise.reject(error)));
  const t = await getTranslations('checkout');
  const td = await getTranslations('bookingDocuments.confirmation');
  const tb = await getTranslations('booking');
  const isRequest = booking.status === 'quotation_request';
  // A supplier's booking is confirmed only once its supplier says so.
  const supplier = await loadSupplierState(await getDb(), principal, booking.reference);
  const ts = await getTranslations('supplierBooking');
  const title = isRequest
    ? t('confirmation.requestTitle')
    : supplier?.status === 'failed'
      ? ts('notConfirmedTitle')
      : supplier?.status === 'awaiting_supplier'
        ? ts('awaitingTitle')
        : t('confirmation.confirmedTitle');
  const confirmed = !isRequest && supplier?.status !== 'failed' && supplier?.status !== 'awaiting_supplier';

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AnalyticsMarker event="booking_placed" properties={{ reference: booking.reference, status: booking.status, tourSlug: booking.tour.slug }} />
      <div className="flex items-start gap-3">
        {confirmed ? <CheckCircle2 aria-hidden className="mt-1 size-7 text-green-700" /> : <Clock aria-hidden className="mt-1 size-7 text-primary" />}
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          {isRequest ? <p className="mt-1 text-muted-foreground">{t('confirmation.requestText')}</p> : null}
          {isRequest && booking.requestReason === 'supplierUnavailable' ? (
            <p className="mt-1 text-muted-foreground" data-testid="request-reason">
              {tb('requestReason.supplierUnavailable')}
            </p>
          ) : null}
        </div>
      </div>
      <SupplierStatusNotice state={supplier} paymentMethod={booking.paymentMethod} showReference className="mt-4" />

      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-border p-5">
        <dt className="text-muted-foreground">{t('confirmation.reference')}</dt>
        <dd className="font-mono text-lg font-semibold" data-testid="booking-reference">
          {booking.reference}
        </dd>
        <dt className="text-muted-foreground">{t('summary')}</dt>
        <dd>
          {booking.tour.title[locale]} — {booking.offerName[locale]}
        </dd>
        <dt className="text-muted-foreground">{t('date')}</dt>
        <dd>
          {formatDisplayDate(new Date(`${booking.tourDate}T00:00:00`), locale)}
          {booking.startTime ? `, ${booking.availabilityType === 'opening_hours' ? t('openingHoursFrom', { time: booking.startTime }) : booking.startTime}` : ''}
        </dd>
        <dt className="text-muted-foreground">{t('guestName')}</dt>
        <dd>{booking.guest.name}</dd>
        <dt className="text-muted-foreground">{t('guests')}</dt>
        <dd>{t('guestCounts', { adults: booking.adults, children: booking.children, infants: booking.infants })}</dd>
        <dt className="text-muted-foreground">{t('publishedRate')}</dt>
        <dd>
          <Price fils={booking.publishedTotalMinor} />
        </dd>
        {booking.promoCode ? (
          <>
            <dt className="text-muted-foreground">{td('promoCode')}</dt>
            <dd className="font-mono" data-testid="confirmation-promo-code">
              {booking.promoCode}
            </dd>
          </>
        ) : null}
        {booking.discountMinor ? (
          <>
            <dt className="text-muted-foreground">{td('discount')}</dt>
            <dd data-testid="confirmation-discount">
              <Price fils={-booking.discountMinor} />
            </dd>
          </>
        ) : null}
        {booking.netTotalMinor !== null ? (
          <>
            <dt className="text-muted-foreground">{t('netRate')}</dt>
            <dd>
              <Price fils={booking.netTotalMinor} />
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{td('pickUpHotel')}</dt>
        <dd data-testid="confirmation-pick-up-hotel">{booking.hotelName ? (booking.room ? `${booking.hotelName}, ${booking.room}` : booking.hotelName) : td('noPickUp')}</dd>
        {booking.hotelName ? (
          <>
            <dt className="text-muted-foreground">{td('pickUpTime')}</dt>
            <dd data-testid="confirmation-pick-up-time">{booking.pickUpTime ?? td('pickUpTimeLater')}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="documents-title" className="mt-8">
        <h2 id="documents-title" className="text-lg font-semibold">
          {t('confirmation.downloads')}
        </h2>
        <DocumentLinks reference={booking.reference} principal={principal} state={booking} className="mt-3 flex flex-wrap gap-3" />
      </section>

      <div className="mt-10 flex flex-wrap gap-3">
        <LocaleLink href={`/my-bookings/${booking.reference}`} className={buttonVariants()}>
          {t('confirmation.viewBooking')}
        </LocaleLink>
        <LocaleLink href="/" className={buttonVariants({ variant: 'ghost' })}>
          {t('confirmation.newBooking')}
        </LocaleLink>
      </div>
    </div>
  );
}
