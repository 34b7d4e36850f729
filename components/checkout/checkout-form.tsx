'use client';

import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useActionState,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
} from 'react';
import { useFormStatus } from 'react-dom';
import { useRouter } from 'next/navigation';
import { Price } from '@/components/catalog/price';
import { useBookingDataStaleAfter } from '@/components/bookings/booking-data';
import { fillTemplate } from '@/components/bookings/picker/labels';
import { LocaleLink, useRouteLocale } from '@/components/i18n/locale-link';
import { formatPercent } from '@/i18n/numbers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormField } from '@/components/forms/form-field';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { checkoutAction, type CheckoutState } from '@/server/checkout/checkout-actions';
import type { PromoCheck } from '@/server/bookings/promo-codes';
import { applyPromoAction } from '@/server/bookings/promo-actions';
import { type CheckoutField, checkoutSchema, type PaymentMethod, type ProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import type { PickUpMode } from '@/shared/bookings/offer-terms';
import { clearDraft, draftKey, parseDraft, readDraft, readStoredDraft, saveDraft, writeDraft } from './checkout-draft';
import { ConfirmingLoader } from './confirming-loader';

/** One line of a provider charge (spec §9), formatted in the charge's currency by the server. */
export type ChargeLineView = { label: string; amount: string };

/** A card, crypto or SBP method as offered on this host, with what it would charge. */
export type ProviderMethodView = {
  /** The sandbox gateway: labelled as test payments wherever it shows. */
  isSandbox: boolean;
  /** Apple Pay / Google Pay through this provider need the guest's details first. */
  walletsNeedGuestDetails: boolean;
  lines: ChargeLineView[];
  total: ChargeLineView;
};

/** A pick-up hotel with the sentence that gives its pick-up time for this tour's start time. */
export type CheckoutHotel = { id: string; name: string; cityName: string; pickUpText: string };

export type CheckoutFormLabels = {
  guestDetails: string;
  guestName: string;
  guestNameHint: string;
  phone: string;
  email: string;
  emailConfirm: string;
  emailMismatch: string;
  /** The booking's answer to a form that does not parse ("Check the highlighted fields."). */
  invalidForm: string;
  /** The schema's messages by key (`checkout.errors.required`…), for the checks made before sending. */
  fieldMessages: Record<string, string>;
  pickUp: string;
  /** What the offer says about pick-up: included, optional or none. */
  pickUpMode: string;
  hotel: string;
  noHotel: string;
  chooseHotel: string;
  hotelRequired: string;
  pickUpCityOnly: string | null;
  room: string;
  notes: string;
  promoCode: string;
  /** Under the promo field; names the NET rate only for roles that see it. */
  promoHint: string;
  applyPromo: string;
  /** Raw, with `{code}` and `{percent}` (a percent as `formatPercent` gives it, sign included). */
  promoApplied: string;
  promoAppliedJunior: string;
  promoNet: string;
  payment: string;
  paymentMethods: Record<PaymentMethod, string>;
  insufficientFunds: string;
  topUp: string;
  /** "Test payments (sandbox)". */
  sandbox: string;
  walletsNeedGuestDetails: string;
  /** Heading of the charge's lines ("You will be charged"). */
  charge: string;
  /** The Book button of a provider method ("Book and pay"). */
  submitPay: string;
  /** Raw, with `{amount}`: the Book button of a provider method whose charge is known ("Pay AED 130.00"). */
  submitPayAmount: string;
  /** The pay bar's total: what a provider method charges or the balance debits ("Total to pay"). */
  totalToPay: string;
  publishedRate: string;
  requestOnly: string | null;
  /** "Please correct N fields", by N (index 0 unused). */
  errorSummary: readonly string[];
  submit: string;
  submitRequest: string;
  confirming: string;
  loader: readonly string[];
};

type Props = {
  /** The selection from the tour page, posted back as hidden fields. */
  hidden: Partial<Record<CheckoutField, string>>;
  pickUp: PickUpMode;
  hotels: CheckoutHotel[];
  /** The promo code the page is priced with (applied, on the page's address), or null. */
  appliedPromo: PromoCheck | null;
  /** The page's promo code that no longer applies, with the message why. */
  refusedPromo: { code: string; message: string } | null;
  paymentMethods: readonly PaymentMethod[];
  /** The provider methods among `paymentMethods`, with their charge (the applied promo's discount in it). */
  providerMethods?: Partial<Record<ProviderPaymentMethod, ProviderMethodView>>;
  /** Balance + credit does not cover the NET: the balance is marked and not preselected. */
  balanceShort: boolean;
  /** The agent may top up (the link beside an insufficient balance). */
  canTopUp: boolean;
  /** The booking's totals in AED fils, for the pay bar: the NET only for a role that sees it. */
  totals: { netMinor: number | null; publishedMinor: number };
  labels: CheckoutFormLabels;
};

/** The form's fields in page order, as the error summary lists them. */
const FIELD_ORDER = ['guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'hotelId', 'room', 'notes', 'paymentMethod', 'promoCode'] as const;
type FormFieldName = (typeof FIELD_ORDER)[number];
const TYPED_FIELDS = ['guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'room', 'notes', 'promoCode'] as const;

/** `page`: what the page was priced with (appliedPromo / refusedPromo); the others are this form's own. */
type PromoState = { status: 'page' } | { status: 'idle' } | { status: 'applied'; check: PromoCheck } | { status: 'wrong'; message: string };

/**
 * The checkout form: a plain form posting to the booking action, so it works before hydration.
 * Hydrated, it checks what it can before posting, sums up every error at the top with a link to
 * each field, checks a promo code on "Apply", and keeps what was typed across a language switch.
 */
export function CheckoutForm({ hidden, pickUp, hotels, appliedPromo, refusedPromo, paymentMethods, providerMethods = {}, balanceShort, canTopUp, totals, labels }: Props) {
  const router = useRouter();
  const locale = useRouteLocale();
  const [state, formAction, pending] = useActionState<CheckoutState, FormData>(checkoutAction, null);
  useBookingDataStaleAfter(pending);
  useActionFailureFeedback(state);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const promoRef = useRef<HTMLInputElement>(null);
  const [clientErrors, setClientErrors] = useState<Partial<Record<FormFieldName, string>>>({});
  const [clientFailures, setClientFailures] = useState(0);
  const key = draftKey(hidden);
  // The server renders no draft; the browser's is read once hydrated, so the two never disagree.
  const storedDraft = useSyncExternalStore(subscribeToNothing, () => readStoredDraft(key), () => null);
  const draft = useMemo(() => parseDraft(storedDraft), [storedDraft]);
  // The hotel and the method are what the agent chose here, else what the draft kept.
  const [hotelChoice, setHotelChoice] = useState<string | null>(null);
  const hotelId = hotelChoice ?? hotels.find((candidate) => candidate.id === draft?.hotelId)?.id ?? '';
  const [methodChoice, setMethodChoice] = useState<PaymentMethod | null>(null);
  // A method that can pay: never a balance known not to cover the NET.
  const method =
    methodChoice ??
    paymentMethods.find((candidate) => candidate === draft?.paymentMethod) ??
    paymentMethods.find((candidate) => candidate !== 'balance' || !balanceShort) ??
    paymentMethods[0] ??
    'request';
  const [promoState, setPromo] = useState<PromoState>({ status: 'page' });
  const promo: Exclude<PromoState, { status: 'page' }> =
    promoState.status !== 'page'
      ? promoState
      : appliedPromo
        ? { status: 'applied', check: appliedPromo }
        : refusedPromo
          ? { status: 'wrong', message: refusedPromo.message }
          : { status: 'idle' };
  const [checkingPromo, startPromoCheck] = useTransition();
  const values = state?.values ?? {};
  const hasClientErrors = Object.keys(clientErrors).length > 0;
  // "Apply" has the last word on the promo code, over an earlier failed booking's.
  const promoError = promo.status === 'wrong' ? promo.message : promo.status === 'applied' ? undefined : state?.fieldErrors.promoCode;
  const errors: Partial<Record<string, string>> = hasClientErrors ? clientErrors : { ...state?.fieldErrors, promoCode: promoError };
  const hotel = hotels.find((candidate) => candidate.id === hotelId);
  const charge = providerMethodOf(providerMethods, method);

  // Typed fields are the browser's own (uncontrolled): the draft goes straight into them.
  const restoreTypedFields = useEffectEvent(() => {
    const saved = readDraft(key);
    const form = formRef.current;
    if (!saved || !form) return;
    for (const field of TYPED_FIELDS) {
      const input = form.elements.namedItem(field);
      const value = saved[field];
      if (value && input instanceof HTMLInputElement && input.value === '') input.value = value;
    }
  });
  useEffect(() => restoreTypedFields(), []);

  // Each failure, from the server or from the checks here, moves focus to the summary.
  useEffect(() => {
    if (state === null && clientFailures === 0) return;
    const summary = summaryRef.current;
    summary?.focus({ preventScroll: true });
    summary?.scrollIntoView({ block: 'start' });
  }, [state, clientFailures]);

  // The draft is dropped when the form is sent; a failed booking comes back with its values.
  const keepFailedValues = useEffectEvent(() => {
    if (state) writeDraft(key, Object.fromEntries(FIELD_ORDER.flatMap((field) => (values[field] ? [[field, values[field]]] : []))));
  });
  useEffect(() => keepFailedValues(), [state]);

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const found: Partial<Record<FormFieldName, string>> = {};
    // The booking's own schema, so every field that would be refused is named at once.
    const parsed = checkoutSchema.safeParse(Object.fromEntries([...data].filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if ((FIELD_ORDER as readonly string[]).includes(field)) found[field as FormFieldName] ??= labels.fieldMessages[issue.message] ?? labels.fieldMessages['checkout.errors.required'];
    }
    // Object refinements wait for the fields to parse; the repeated e-mail is checked regardless.
    if (String(data.get('guestEmail')).trim().toLowerCase() !== String(data.get('guestEmailConfirm')).trim().toLowerCase()) {
      found.guestEmailConfirm ??= labels.emailMismatch;
    }
    if (pickUp === 'included' && !data.get('hotelId')) found.hotelId = labels.hotelRequired;
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setClientFailures((count) => count + 1);
      return;
    }
    // A provider payment charges what is shown: a promo code not applied yet (or changed since) is
    // applied first, and the agent books once the totals show it.
    const promoCode = String(data.get('promoCode') ?? '').trim().toUpperCase();
    if (charge && promoCode !== (appliedPromo?.code ?? '')) {
      event.preventDefault();
      if (promoCode) applyPromo();
      return;
    }
    // Sent: the draft goes, and what it chose stays chosen while the booking is made.
    setHotelChoice(hotelId);
    setMethodChoice(method);
    clearDraft(key);
  }

  function clearClientError(field: FormFieldName) {
    if (clientErrors[field]) setClientErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function applyPromo() {
    const promoCode = promoRef.current?.value.trim() ?? '';
    if (!promoCode) return;
    const { offerId = '', date = '', time = '', adults = '', children = '', infants = '' } = hidden;
    startPromoCheck(async () => {
      const result = await applyPromoAction({ offerId, date, time, adults, children, infants, promoCode });
      startPromoCheck(() => {
        setPromo(result.ok ? { status: 'applied', check: result.data } : { status: 'wrong', message: result.fieldErrors.promoCode ?? result.message });
        // The page prices itself with the code it carries: NET, funds, the charge and its fees.
        priceWithPromo(result.ok ? result.data.code : null);
      });
    });
  }

  function priceWithPromo(code: string | null) {
    const url = new URL(window.location.href);
    if ((url.searchParams.get('promo') ?? null) === code) return;
    if (code) url.searchParams.set('promo', code);
    else url.searchParams.delete('promo');
    router.replace(`${url.pathname}${url.search}`, { scroll: false });
  }

  function applyOnEnter(event: KeyboardEvent<HTMLInputElement>) {
    // Enter in the promo field checks the code rather than booking.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    applyPromo();
  }

  function fieldTarget(field: string): string | null {
    if (field === 'paymentMethod') return `paymentMethod-${method}`;
    if (field === 'room' && pickUp === 'none') return null;
    if (field === 'hotelId' && pickUp === 'none') return null;
    return (FIELD_ORDER as readonly string[]).includes(field) ? field : null;
  }

  function focusField(event: MouseEvent<HTMLAnchorElement>, target: string) {
    const field = document.getElementById(target);
    if (!field) return;
    event.preventDefault();
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'start' });
  }

  const fieldLabels: Record<FormFieldName, string> = {
    guestName: labels.guestName,
    guestPhone: labels.phone,
    guestEmail: labels.email,
    guestEmailConfirm: labels.emailConfirm,
    hotelId: labels.hotel,
    room: labels.room,
    notes: labels.notes,
    paymentMethod: labels.payment,
    promoCode: labels.promoCode,
  };
  // Fields on the form are linked by name (their message shows beside them); a message about
  // anything else (the guests, the slot) is given in full, once.
  const erred = [...FIELD_ORDER, ...Object.keys(errors).filter((field) => !(FIELD_ORDER as readonly string[]).includes(field))].filter((field) => errors[field]);
  const linked = erred.flatMap((field) => {
    const target = fieldTarget(field);
    const label = fieldLabels[field as FormFieldName];
    return target && label ? [{ field, target, label }] : [];
  });
  const unlinked = [...new Set(erred.filter((field) => !linked.some((link) => link.field === field)).map((field) => errors[field] ?? ''))];
  // What the booking answered, or for the checks here what it would have answered.
  const failureMessage = hasClientErrors ? labels.invalidForm : (state?.message ?? null);
  const notes = [...(failureMessage ? [failureMessage] : []), ...unlinked].filter((note, index, all) => all.indexOf(note) === index);
  const heading = linked.length > 0 ? labels.errorSummary[Math.min(linked.length, labels.errorSummary.length - 1)] : notes.shift();
  const showSummary = hasClientErrors || state !== null;

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={checkBeforeSending}
      onChange={(event) => saveDraft(key, event.currentTarget)}
      noValidate
      // Fields scroll clear of the sticky header (h-16) with their label above them in view.
      className="grid gap-8 [&_:is(input,select,textarea)]:scroll-mt-28"
      aria-describedby={showSummary ? 'checkout-error' : undefined}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {showSummary ? (
        <div
          ref={summaryRef}
          id="checkout-error"
          role="alert"
          tabIndex={-1}
          aria-labelledby="checkout-error-title"
          data-testid="error-summary"
          className="scroll-mt-28 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive outline-none focus-visible:ring-3 focus-visible:ring-destructive/30"
        >
          <h2 id="checkout-error-title" className="font-semibold">
            {heading}
          </h2>
          {notes.map((note) => (
            <p key={note} className="mt-1">
              {note}
            </p>
          ))}
          {linked.length > 0 ? (
            <ul className="mt-2 grid list-disc gap-1 pl-5">
              {linked.map(({ field, target, label }) => (
                <li key={field}>
                  <a href={`#${target}`} onClick={(event) => focusField(event, target)} className="underline underline-offset-2">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">{labels.guestDetails}</legend>
        <FormField name="guestName" label={labels.guestName} hint={labels.guestNameHint} error={errors.guestName}>
          <Input name="guestName" autoComplete="name" required defaultValue={values.guestName} />
        </FormField>
        <FormField name="guestPhone" label={labels.phone} error={errors.guestPhone}>
          <Input name="guestPhone" type="tel" autoComplete="tel" required defaultValue={values.guestPhone} />
        </FormField>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField name="guestEmail" label={labels.email} error={errors.guestEmail}>
            <Input name="guestEmail" type="email" autoComplete="email" required defaultValue={values.guestEmail} />
          </FormField>
          <FormField name="guestEmailConfirm" label={labels.emailConfirm} error={errors.guestEmailConfirm}>
            <Input
              name="guestEmailConfirm"
              type="email"
              autoComplete="off"
              required
              defaultValue={values.guestEmailConfirm}
              onChange={() => clearClientError('guestEmailConfirm')}
            />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">{labels.pickUp}</legend>
        <p className="text-sm text-muted-foreground" data-testid="pick-up-mode" data-mode={pickUp}>
          {labels.pickUpMode}
        </p>
        {pickUp !== 'none' ? (
          <>
            {labels.pickUpCityOnly ? <p className="text-sm text-muted-foreground">{labels.pickUpCityOnly}</p> : null}
            <FormField name="hotelId" label={labels.hotel} error={errors.hotelId}>
              <select
                name="hotelId"
                value={hotelId}
                required={pickUp === 'included'}
                onChange={(event) => {
                  setHotelChoice(event.target.value);
                  clearClientError('hotelId');
                }}
                className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 md:text-sm"
              >
                {/* Included pick-up has no "No pick-up": the agent must choose, so the placeholder cannot be sent as a choice. */}
                <option value="" disabled={pickUp === 'included'}>
                  {pickUp === 'included' ? labels.chooseHotel : labels.noHotel}
                </option>
                {groupByCity(hotels).map(([city, cityHotels]) => (
                  <optgroup key={city} label={city}>
                    {cityHotels.map((candidate) => (
                      <option key={candidate.id} value={candidate.id}>
                        {candidate.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </FormField>
            {hotel ? (
              <p className="text-sm" aria-live="polite" data-testid="pick-up-time">
                {hotel.pickUpText}
              </p>
            ) : null}
          </>
        ) : null}
        <div className={pickUp === 'none' ? 'grid gap-4' : 'grid gap-4 md:grid-cols-[160px_1fr]'}>
          {pickUp !== 'none' ? (
            <FormField name="room" label={labels.room} error={errors.room}>
              <Input name="room" defaultValue={values.room} maxLength={20} />
            </FormField>
          ) : null}
          <FormField name="notes" label={labels.notes} error={errors.notes}>
            <Input name="notes" defaultValue={values.notes} maxLength={1000} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">{labels.payment}</legend>
        {labels.requestOnly ? (
          <p role="note" className="rounded-lg bg-muted p-3 text-sm">
            {labels.requestOnly}
          </p>
        ) : null}
        <div role="radiogroup" aria-label={labels.payment} className="grid gap-2">
          {paymentMethods.map((candidate) => {
            const short = candidate === 'balance' && balanceShort;
            const provider = providerMethodOf(providerMethods, candidate);
            const notes = [short ? 'balance-short' : null, provider?.walletsNeedGuestDetails ? `wallets-${candidate}` : null].filter(Boolean).join(' ');
            return (
              <div
                key={candidate}
                className="rounded-lg border border-border has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                data-testid={`payment-${candidate}`}
              >
                <label className="flex cursor-pointer items-center gap-3 p-3">
                  <input
                    type="radio"
                    id={`paymentMethod-${candidate}`}
                    name="paymentMethod"
                    value={candidate}
                    checked={method === candidate}
                    onChange={() => {
                      setMethodChoice(candidate);
                      clearClientError('paymentMethod');
                    }}
                    aria-describedby={notes || undefined}
                    className="size-4 accent-primary"
                  />
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    {labels.paymentMethods[candidate]}
                    {provider?.isSandbox ? (
                      <span className="rounded-full border border-amber-500/60 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900" data-testid="sandbox-label">
                        {labels.sandbox}
                      </span>
                    ) : null}
                  </span>
                </label>
                {provider?.walletsNeedGuestDetails ? (
                  <p id={`wallets-${candidate}`} className="-mt-1 px-3 pb-3 pl-10 text-sm text-muted-foreground">
                    {labels.walletsNeedGuestDetails}
                  </p>
                ) : null}
                {short ? (
                  // Marked, not disabled: the booking itself gives the spec's message if it is tried.
                  <p id="balance-short" className="-mt-1 flex flex-wrap gap-x-2 px-3 pb-3 pl-10 text-sm text-destructive" data-testid="balance-short">
                    <span>{labels.insufficientFunds}</span>
                    {canTopUp ? (
                      <LocaleLink href="/top-up" className="font-medium text-primary underline underline-offset-2">
                        {labels.topUp}
                      </LocaleLink>
                    ) : null}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        {errors.paymentMethod ? <p className="text-sm text-destructive">{errors.paymentMethod}</p> : null}
        <div className="grid gap-1.5">
          <Label htmlFor="promoCode">{labels.promoCode}</Label>
          <div className="flex gap-2">
            <Input
              ref={promoRef}
              id="promoCode"
              name="promoCode"
              defaultValue={values.promoCode ?? appliedPromo?.code ?? refusedPromo?.code}
              autoCapitalize="characters"
              onKeyDown={applyOnEnter}
              onChange={() => {
                setPromo({ status: 'idle' });
                // A code changed after "Apply" no longer prices the page.
                if (appliedPromo) startPromoCheck(() => priceWithPromo(null));
              }}
              aria-invalid={errors.promoCode ? true : undefined}
              aria-describedby={errors.promoCode ? 'promoCode-hint promoCode-error' : 'promoCode-hint'}
              className="max-w-60"
            />
            <Button type="button" variant="outline" onClick={applyPromo} disabled={checkingPromo} aria-busy={checkingPromo}>
              {labels.applyPromo}
            </Button>
          </div>
          <p id="promoCode-hint" className="text-xs text-muted-foreground">
            {labels.promoHint}
          </p>
          {errors.promoCode ? (
            <p id="promoCode-error" className="text-sm text-destructive">
              {errors.promoCode}
            </p>
          ) : null}
          <div aria-live="polite" data-testid="promo-result" className="text-sm">
            {promo.status === 'applied' ? (
              promo.check.net ? (
                <p>
                  {fillTemplate(labels.promoApplied, { code: promo.check.code, percent: formatPercent(promo.check.percentOff, locale) })}{' '}
                  <span className="whitespace-nowrap">
                    {labels.promoNet} <Price fils={promo.check.net.totalMinor} className="font-semibold text-primary" />
                  </span>
                </p>
              ) : (
                <p>{labels.promoAppliedJunior}</p>
              )
            ) : null}
          </div>
        </div>
      </fieldset>

      {charge ? (
        <section aria-labelledby="charge-title" aria-live="polite" className="grid gap-2 rounded-lg bg-muted/50 p-4 text-sm" data-testid="charge-lines">
          <h3 id="charge-title" className="font-semibold">
            {labels.charge}
          </h3>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            {charge.lines.map((line) => (
              <div key={line.label} className="contents" data-testid="charge-line">
                <dt className="text-muted-foreground">{line.label}</dt>
                <dd className="text-right tabular-nums">{line.amount}</dd>
              </div>
            ))}
            <div className="contents" data-testid="charge-total">
              <dt className="border-t border-border pt-1 font-medium">{charge.total.label}</dt>
              <dd className="border-t border-border pt-1 text-right font-semibold tabular-nums">{charge.total.amount}</dd>
            </div>
          </dl>
        </section>
      ) : null}

      {/* The pay bar: below lg it stays at the bottom of the screen while the form scrolls, with
          the total beside the button, so a phone never loses either (and it leaves the WhatsApp
          button its corner). What it says is what the method charges: a provider's quote, the
          NET the balance debits (to roles that see it), else the published rate. No z-index: the
          confirming loader inside it must cover the whole page, header included. */}
      <div
        className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-border bg-background px-4 py-3 pr-20 lg:static lg:mx-0 lg:block lg:border-0 lg:p-0"
        data-testid="checkout-pay-bar"
        data-pay-bar
      >
        <p className="lg:hidden" data-testid="pay-bar-total">
          {charge ? (
            <>
              <span className="block text-xs text-muted-foreground">{labels.totalToPay}</span>
              <span className="font-semibold tabular-nums">{charge.total.amount}</span>
            </>
          ) : method === 'balance' && totals.netMinor !== null ? (
            <>
              <span className="block text-xs text-muted-foreground">{labels.totalToPay}</span>
              <Price fils={totals.netMinor} className="font-semibold" />
            </>
          ) : (
            <>
              <span className="block text-xs text-muted-foreground">{labels.publishedRate}</span>
              <Price fils={totals.publishedMinor} className="font-semibold" />
            </>
          )}
        </p>
        <SubmitButton
          label={method === 'request' ? labels.submitRequest : charge ? fillTemplate(labels.submitPayAmount, { amount: charge.total.amount }) : labels.submit}
          confirming={labels.confirming}
          loader={labels.loader}
        />
      </div>
    </form>
  );
}

function SubmitButton({ label, confirming, loader }: { label: string; confirming: string; loader: readonly string[] }) {
  const { pending } = useFormStatus();
  return (
    <>
      <Button type="submit" size="lg" disabled={pending} className="justify-self-start">
        {label}
      </Button>
      {pending ? <ConfirmingLoader title={confirming} messages={loader} /> : null}
    </>
  );
}

function providerMethodOf(methods: Partial<Record<ProviderPaymentMethod, ProviderMethodView>>, method: PaymentMethod): ProviderMethodView | undefined {
  return Object.hasOwn(methods, method) ? methods[method as ProviderPaymentMethod] : undefined;
}

/** The draft changes only by this form's own typing: nothing to subscribe to. */
function subscribeToNothing(): () => void {
  return () => {};
}

function groupByCity(hotels: CheckoutHotel[]): [string, CheckoutHotel[]][] {
  const groups = new Map<string, CheckoutHotel[]>();
  for (const hotel of hotels) groups.set(hotel.cityName, [...(groups.get(hotel.cityName) ?? []), hotel]);
  return [...groups];
}
