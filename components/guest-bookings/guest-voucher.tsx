import { CircleCheck, CircleX, Clock, FileDown } from '@/components/icons/icons';
import { getTranslations } from 'next-intl/server';
import { formatDisplayDay } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { GuestBrandHeader } from '@/components/guest-bookings/guest-brand-header';
import { buttonVariants } from '@/components/ui/button';
import { type GuestVoucherView, guestVoucherDocumentPath } from '@/server/guest-handoff/guest-voucher';

/**
 * A guest's voucher by the link their agent sent: the agency's logo and name on top (never ours),
 * the trip, the PDFs to download and whom to ask, in the link's language. No price: the guest's
 * copy shows none, and never a NET figure.
 */
export async function GuestVoucher({ token, view }: { token: string; view: GuestVoucherView }) {
  const t = await getTranslations({ locale: view.locale, namespace: 'guestHandoff.page' });
  const tm = await getTranslations({ locale: view.locale, namespace: 'guestHandoff.mail' });
  const cancelled = view.status === 'cancelled';
  const rows: [string, string][] = [
    [t('reference'), view.reference],
    [t('tour'), view.tourTitle],
    [t('ticket'), view.offerName],
    [t('city'), view.cityName],
    [t('date'), formatDisplayDay(view.tourDate, view.locale)],
    ...(view.startTime ? [[t('time'), view.startTime] as [string, string]] : []),
    [t('guests'), tm('guests', { adults: view.adults, children: view.children, infants: view.infants })],
    [t('guestName'), view.guestName],
    ...(view.pickUpTime ? [[t('pickUpTime'), view.pickUpTime] as [string, string]] : []),
  ];
  const contacts = [view.brand.reservationName, view.brand.phone, view.brand.email, view.brand.address].filter(Boolean);
  return (
    <main lang={view.locale} className="mx-auto grid w-full max-w-3xl gap-6 bg-white px-4 py-8 text-zinc-900" data-testid="guest-voucher" data-status={view.status}>
      <GuestBrandHeader brand={view.brand} />
      <section aria-labelledby="guest-voucher-title" className="grid gap-5">
        <h1 id="guest-voucher-title" className="text-2xl font-semibold">
          {t('title')}
        </h1>
        {cancelled ? (
          <p role="status" className="flex items-start gap-2 rounded-lg border border-zinc-300 bg-zinc-50 p-4">
            <CircleX aria-hidden className="mt-0.5 size-5 shrink-0" />
            {t('cancelled')}
          </p>
        ) : (
          <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
            {t('confirmed')}
          </p>
        )}
        <dl className="grid gap-x-4 gap-y-1 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-y-2">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-zinc-600">{label}</dt>
              <dd className="mb-2 break-words sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
        {view.documents.length > 0 ? (
          <section aria-labelledby="guest-voucher-documents" className="grid gap-2">
            <h2 id="guest-voucher-documents" className="text-lg font-semibold">
              {t('documents')}
            </h2>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {view.documents.map((kind) => (
                <a
                  key={kind}
                  href={guestVoucherDocumentPath(token, kind)}
                  download
                  className={buttonVariants({ variant: kind === 'voucher' ? 'default' : 'outline', className: 'justify-start' })}
                  data-testid={`guest-voucher-${kind}`}
                >
                  <FileDown aria-hidden />
                  {kind === 'voucher' ? t('downloadVoucher') : t('downloadTickets')}
                </a>
              ))}
            </div>
          </section>
        ) : null}
        {contacts.length > 0 ? (
          <section aria-labelledby="guest-voucher-contacts" className="grid gap-1 text-sm">
            <h2 id="guest-voucher-contacts" className="text-lg font-semibold">
              {t('contacts')}
            </h2>
            <p className="font-medium">{view.brand.name}</p>
            {contacts.map((line) => (
              <p key={line} className="break-words">
                {line}
              </p>
            ))}
          </section>
        ) : null}
        <p className="flex items-center gap-2 text-xs text-zinc-600">
          <Clock aria-hidden className="size-4" />
          {t('expiresNote', { date: formatDisplayDay(view.expiresAt.toISOString().slice(0, 10), view.locale) })}
        </p>
      </section>
    </main>
  );
}

/** An expired voucher link: says so, in the path's language, and names neither the booking nor anyone's brand. */
export async function GuestVoucherExpired({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'guestHandoff.expired' });
  return (
    <main lang={locale} className="mx-auto grid w-full max-w-xl gap-3 bg-white px-4 py-16 text-zinc-900" data-testid="guest-voucher-expired">
      <Clock aria-hidden className="size-8 text-zinc-500" />
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-zinc-700">{t('text')}</p>
    </main>
  );
}
