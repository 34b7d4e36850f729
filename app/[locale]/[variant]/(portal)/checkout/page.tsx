import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Price } from '@/components/catalog/price';
import { CheckoutForm, type CheckoutFormLabels, type ProviderMethodView } from '@/components/checkout/checkout-form';
import { LocaleLink } from '@/components/i18n/locale-link';
import { QuoteFromCheckoutLink } from '@/components/quotes/quote-from-checkout-link';
import { AnalyticsMarker } from '@/components/telemetry/analytics-marker';
import { buttonVariants } from '@/components/ui/button';
import { formatDisplayDate } from '@/i18n/dates';
import type { Locale } from '@/i18n/locales';
import { FormAlert } from '@/components/account/form-alert';
import { loadAgencyStatus } from '@/server/account/agency-standing';
import { requirePageAccess } from '@/server/auth/principal';
import { loadCheckoutView, type CheckoutView } from '@/server/bookings/checkout-queries';
import { bookingSelectionSchema, isProviderPaymentMethod, PAYMENT_METHODS, type PaymentMethod, type ProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { loadPaymentOptions } from '@/server/checkout/payment-options';
import { requestDisplayCurrency } from '@/server/payments/request-context';
import { formatMoney } from '@/shared/money/money';
import type { ChargeQuote } from '@/shared/payments/charge-quote';
import { getDb } from '@/server/db/database';
import { overdueMessageValues } from '@/server/credit/credit-standing';
import { localizeMessageValues } from '@/i18n/message-values';
import { describePolicy } from '@/shared/bookings/offer-terms';
import { can } from '@/shared/auth/permissions';
import { CONTROL_CHARACTERS_ERROR } from '@/shared/text';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'checkout' });
  return { title: t('metaTitle'), robots: { index: false } };
}

export default async function CheckoutPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const { locale, variant } = await resolveSiteParams(params);
  const query = await searchParams;
  const search = new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
  const principal = await requirePageAccess('/checkout', search.size > 0 ? `?${search}` : '');
  const t = await getTranslations('checkout');
  const availability = await getTranslations('availability');
  const account = await getTranslations('account');

  const selection = bookingSelectionSchema.safeParse({
    offerId: query.offer,
    date: query.date,
    time: query.time ?? null,
    adults: query.adults ?? 1,
    children: query.children ?? 0,
    infants: query.infants ?? 0,
  });
  const db = await getDb();
  // "Apply" puts the promo code on the page's address: the page prices everything with it.
  const promoCode = typeof query.promo === 'string' && query.promo.trim() ? query.promo.trim().slice(0, 40) : null;
  const view = selection.success ? await loadCheckoutView(db, principal, selection.data, new Date(), promoCode) : null;
  if (!view) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-4">{selection.success ? t('offerUnavailable') : t('noSelection')}</p>
        <LocaleLink href="/" className={buttonVariants({ className: 'mt-6' })}>
          {t('browseTours')}
        </LocaleLink>
      </div>
    );
  }

  // Card, crypto and (Russian domain) SBP as this host offers them, each with its charge line by
  // line (spec §9) in the currency it is charged in: roubles with fees and tax, else none; and the
  // credit rule for the balance option (an overdue invoice closes the credit).
  const options = await loadPaymentOptions(db, principal, {
    place: { variant, displayCurrency: await requestDisplayCurrency(variant) },
    booking: { ...view.quote, widgetId: null },
    requestOnly: Boolean(view.requestOnly),
    creditFor: view.quote.netTotalMinor,
  });
  const providerMethods: Partial<Record<ProviderPaymentMethod, ProviderMethodView>> = {};
  for (const { offered: option, quote } of options.providers) {
    if (!quote) continue;
    // The charge is the NET plus fees: in customer view it is charged as ever, its figures not shown.
    const charge = view.showNet ? await chargeLines(quote, locale) : { lines: [], total: null };
    providerMethods[option.method] = { isSandbox: option.isSandbox, walletsNeedGuestDetails: option.walletsNeedGuestDetails, ...charge };
  }
  const paymentMethods: readonly PaymentMethod[] = view.requestOnly
    ? ['request']
    : [...PAYMENT_METHODS.filter((method) => !isProviderPaymentMethod(method)), ...options.providers.map((option) => option.offered.method)];
  // An agency books once approved (createBooking refuses before that): say so instead of a form.
  const agencyStatus = await loadAgencyStatus(db, principal.agencyId);
  const creditClosed = options.credit?.closed ?? false;
  const labels = await formLabels(view, locale);
  if (options.credit?.overdue && creditClosed) labels.insufficientFunds = t('creditOverdue', localizeMessageValues(overdueMessageValues(options.credit.overdue), locale));
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AnalyticsMarker event="checkout_step" properties={{ step: 'details', offerId: view.offer.offerId, tourSlug: view.offer.tourSlug }} />
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <QuoteFromCheckoutLink role={principal.role} view={view} />
      {/* Below lg the summary (total, NET, funds, terms) comes first, so a phone shows what is
          being paid before the "Book now" button rather than after it. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[1fr_360px]">
        <div className="min-w-0">
          {/* A request is confirmed by hand: only the minimum applies to it, not the stock left. */}
          {view.problem && (view.problem.code === 'minPeople' || !view.requestOnly) ? (
            <p role="alert" className="mb-6 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {view.problem.code === 'minPeople' ? availability('minPeople', { min: view.problem.min }) : availability('soldOut', { max: view.problem.max })}
            </p>
          ) : null}
          {agencyStatus !== 'active' ? (
            <div data-testid="agency-not-approved">
              <FormAlert tone="notice">
                <p className="font-semibold">{account('checkout.pendingTitle')}</p>
                <p className="mt-1">{account(agencyStatus === 'pending' ? 'agencyPending' : agencyStatus === 'rejected' ? 'agencyRejected' : 'agencySuspended')}</p>
              </FormAlert>
            </div>
          ) : (
            <div>
              <CheckoutForm
                hidden={{
                  idempotencyKey: randomUUID(),
                  offerId: view.selection.offerId,
                  date: view.selection.date,
                  time: view.startTime ?? '',
                  adults: String(view.selection.adults),
                  children: String(view.selection.children),
                  infants: String(view.selection.infants),
                }}
                pickUp={view.offer.pickUp}
                hotels={view.hotels.map((hotel) => ({
                  id: hotel.id,
                  name: hotel.name,
                  cityName: hotel.cityName[locale],
                  pickUpText: hotel.pickUpTime ? t('pickUpTime', { time: hotel.pickUpTime }) : t('pickUpTimeUnknown'),
                }))}
                appliedPromo={
                  view.promo
                    ? { code: view.promo.code, percentOff: view.promo.percentOff, net: view.showNet ? { subtotalMinor: view.quote.netSubtotalMinor, discountMinor: view.quote.discountMinor, totalMinor: view.quote.netTotalMinor } : null }
                    : null
                }
                refusedPromo={view.promoRefused && promoCode ? { code: promoCode, message: t(view.promoRefused.replace(/^checkout\./, '') as never) } : null}
                paymentMethods={paymentMethods}
                providerMethods={providerMethods}
                balanceShort={!view.balanceCoversNet || creditClosed}
                canTopUp={can(principal.role, 'balance:topUp')}
                totals={{ netMinor: view.showNet ? view.quote.netTotalMinor : null, publishedMinor: view.quote.publishedTotalMinor }}
                labels={labels}
              />
            </div>
          )}
        </div>
        <BookingSummary view={view} locale={locale} />
      </div>
    </div>
  );
}

/** The checkout form has nine fields a summary can list. */
const ERROR_SUMMARY_MAX = 9;

async function formLabels(view: CheckoutView, locale: Locale): Promise<CheckoutFormLabels> {
  const t = await getTranslations('checkout');
  const booking = await getTranslations('booking');
  const availability = await getTranslations('availability');
  const errors = await getTranslations('errors');
  const payments = await getTranslations('payments');
  return {
    guestDetails: t('guestDetails'),
    guestName: t('guestName'),
    guestNameHint: t('guestNameHint'),
    phone: t('phone'),
    email: t('email'),
    emailConfirm: t('emailConfirm'),
    emailMismatch: t('errors.emailMismatch'),
    invalidForm: errors('validation'),
    fieldMessages: {
      ...Object.fromEntries(Object.entries(t.raw('errors') as Record<string, string>).map(([key, message]) => [`checkout.errors.${key}`, message])),
      [CONTROL_CHARACTERS_ERROR]: errors(CONTROL_CHARACTERS_ERROR.replace('errors.', '') as never),
    },
    pickUp: t('pickUp'),
    pickUpMode: t(({ none: 'pickUpNone', optional: 'pickUpOptional', included: 'pickUpIncluded' } as const)[view.offer.pickUp]),
    hotel: t('hotel'),
    noHotel: t('noHotel'),
    chooseHotel: t('chooseHotel'),
    hotelRequired: t('hotelRequired'),
    pickUpCityOnly: view.offer.pickUpCity ? t('pickUpCityOnly', { city: view.offer.pickUpCity.name[locale] }) : null,
    room: t('room'),
    notes: t('notes'),
    promoCode: t('promoCode'),
    // A junior never sees NET rates, so nothing on the page names them.
    promoHint: view.showNet ? t('promoNote') : t('promoNoteJunior'),
    applyPromo: t('applyPromo'),
    promoApplied: t.raw('promoApplied') as string,
    promoAppliedJunior: t('promoAppliedJunior'),
    promoNet: t('promoNet'),
    payment: t('payment'),
    paymentMethods: Object.fromEntries(PAYMENT_METHODS.map((method) => [method, booking(`paymentMethod.${method}`)])) as Record<PaymentMethod, string>,
    insufficientFunds: t('insufficientFunds'),
    topUp: t('topUp'),
    sandbox: payments('sandbox'),
    walletsNeedGuestDetails: payments('walletsNeedGuestDetails'),
    charge: payments('charge.title'),
    submitPay: payments('submitPay'),
    submitPayAmount: payments.raw('submitPayAmount') as string,
    totalToPay: payments('charge.total'),
    publishedRate: t('publishedRate'),
    errorSummary: Array.from({ length: ERROR_SUMMARY_MAX + 1 }, (_, count) => t('errorSummary', { count })),
    requestOnly: view.requestOnly ? `${availability(view.requestOnly)} ${t('requestOnly')}` : null,
    submit: t('submit'),
    submitRequest: t('submitRequest'),
    confirming: t('confirming'),
    loader: t.raw('loader') as string[],
  };
}

/** A charge's lines and total as the form shows them, formatted in the charge's currency. */
async function chargeLines(quote: ChargeQuote, locale: Locale): Promise<Pick<ProviderMethodView, 'lines' | 'total'>> {
  const t = await getTranslations('payments');
  return {
    lines: quote.lines.map((line) => ({
      label: line.percent === null ? t(`charge.${line.kind}`) : t(`charge.${line.kind}`, { percent: line.percent }),
      amount: formatMoney(line.amountMinor, quote.currency, locale),
    })),
    total: { label: t('charge.total'), amount: formatMoney(quote.totalMinor, quote.currency, locale) },
  };
}

async function BookingSummary({ view, locale }: { view: CheckoutView; locale: Locale }) {
  const t = await getTranslations('checkout');
  const policy = await getTranslations('cancellationPolicy');
  const { selection, offer, quote } = view;
  return (
    <aside
      aria-labelledby="summary-title"
      data-testid="booking-summary"
      className="order-first h-fit rounded-xl border border-border p-5 lg:sticky lg:top-20 lg:order-none"
    >
      <h2 id="summary-title" className="text-lg font-semibold">
        {t('summary')}
      </h2>
      <p className="mt-3 font-medium">
        <LocaleLink href={`/tour/${offer.tourSlug}`} className="hover:underline">
          {offer.tourTitle[locale]}
        </LocaleLink>
      </p>
      <p className="text-sm text-muted-foreground">
        {offer.offerName[locale]} · {offer.cityName[locale]}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t('date')}</dt>
        <dd>{formatDisplayDate(new Date(`${selection.date}T00:00:00`), locale)}</dd>
        {view.startTime ? (
          <>
            <dt className="text-muted-foreground">{t('time')}</dt>
            <dd>{offer.availabilityType === 'opening_hours' ? t('openingHoursFrom', { time: view.startTime }) : view.startTime}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t('guests')}</dt>
        <dd>{t('guestCounts', { adults: selection.adults, children: selection.children, infants: selection.infants })}</dd>
        <dt className="text-muted-foreground">{t('publishedRate')}</dt>
        <dd>
          <Price fils={quote.publishedTotalMinor} className="font-semibold" />
        </dd>
        {view.promo ? (
          <>
            <dt className="text-muted-foreground">{t('promoCode')}</dt>
            <dd data-testid="summary-promo">
              {/* A junior is told the code, never what it takes off the NET. */}
              {view.showNet ? t('summaryPromo', { code: view.promo.code, percent: view.promo.percentOff }) : view.promo.code}
            </dd>
          </>
        ) : null}
        {view.showNet ? (
          <>
            <dt className="text-muted-foreground">{t('netRate')}</dt>
            <dd data-testid="net-total">
              <Price fils={quote.netTotalMinor} className="font-semibold text-primary" />
            </dd>
          </>
        ) : null}
      </dl>
      {view.availableFundsMinor !== null ? (
        <p className="mt-3 text-sm" data-testid="available-funds">
          {/* In the visitor's display currency, like every other figure on the page. */}
          {t.rich('availableFunds', { amount: () => <Price fils={view.availableFundsMinor ?? 0} className="font-semibold" /> })}
        </p>
      ) : null}
      <section aria-labelledby="policy-title" className="mt-4 border-t border-border pt-4 text-sm" data-testid="cancellation-policy">
        <h3 id="policy-title" className="font-medium">
          {policy('title')}
        </h3>
        <ul className="mt-1 grid gap-1 text-muted-foreground">
          {describePolicy(view.cancellationPolicy, (key, values) => policy(key as never, values as never)).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {view.cancellationPolicy.kind === 'tiers' ? (
          <p className="mt-1 text-xs text-muted-foreground">{policy('feeNote', { percent: view.refundProcessingFeePercent })}</p>
        ) : null}
      </section>
    </aside>
  );
}
