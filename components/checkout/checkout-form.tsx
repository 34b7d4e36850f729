'use client';

import { type FormEvent, useActionState, useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useBookingDataStaleAfter } from '@/components/bookings/booking-data';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { track } from '@/components/telemetry/analytics';
import { checkoutAction, type CheckoutState } from '@/server/checkout/checkout-actions';
import type { PromoCheck } from '@/server/bookings/promo-codes';
import { type CheckoutField, checkoutSchema, type PaymentMethod, type ProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import type { PickUpMode } from '@/shared/bookings/offer-terms';
import { CheckoutChargeLines } from './checkout-charge-lines';
import { clearDraft, draftKey, parseDraft, readDraft, readStoredDraft, saveDraft, writeDraft } from './checkout-draft';
import { CheckoutErrorSummary, summarizeCheckoutErrors } from './checkout-error-summary';
import { type CheckoutErrors, type CheckoutFormLabels, type CheckoutHotel, FIELD_ORDER, type FormFieldName, type ProviderMethodView } from './checkout-form-types';
import { CheckoutGuestDetails } from './checkout-guest-details';
import { CheckoutPayBar } from './checkout-pay-bar';
import { CheckoutPayment, providerMethodOf } from './checkout-payment';
import { CheckoutPickUp } from './checkout-pick-up';
import { CheckoutPromoCode, usePromoCode } from './checkout-promo-code';

export type { ChargeLineView, CheckoutFormLabels, CheckoutHotel, ProviderMethodView } from './checkout-form-types';

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

const TYPED_FIELDS = ['guestName', 'guestPhone', 'guestEmail', 'guestEmailConfirm', 'room', 'notes', 'promoCode'] as const;

/**
 * The checkout form: a plain form posting to the booking action, so it works before hydration.
 * Hydrated, it checks what it can before posting, sums up every error at the top with a link to
 * each field, checks a promo code on "Apply", and keeps what was typed across a language switch.
 * Its sections (guest, pick-up, payment, charge, pay bar) render what this component decides.
 */
export function CheckoutForm({ hidden, pickUp, hotels, appliedPromo, refusedPromo, paymentMethods, providerMethods = {}, balanceShort, canTopUp, totals, labels }: Props) {
  const [state, formAction, pending] = useActionState<CheckoutState, FormData>(checkoutAction, null);
  useBookingDataStaleAfter(pending);
  useActionFailureFeedback(state);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
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
  const promoCode = usePromoCode({ hidden, appliedPromo, refusedPromo });
  const { promo } = promoCode;
  const values = state?.values ?? {};
  const hasClientErrors = Object.keys(clientErrors).length > 0;
  // "Apply" has the last word on the promo code, over an earlier failed booking's.
  const promoError = promo.status === 'wrong' ? promo.message : promo.status === 'applied' ? undefined : state?.fieldErrors.promoCode;
  const errors: CheckoutErrors = hasClientErrors ? clientErrors : { ...state?.fieldErrors, promoCode: promoError };
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
    const typedPromo = String(data.get('promoCode') ?? '').trim().toUpperCase();
    if (charge && typedPromo !== (appliedPromo?.code ?? '')) {
      event.preventDefault();
      if (typedPromo) promoCode.apply();
      return;
    }
    // Sent: the draft goes, and what it chose stays chosen while the booking is made.
    track('checkout_step', { step: 'submit', paymentMethod: method });
    setHotelChoice(hotelId);
    setMethodChoice(method);
    clearDraft(key);
  }

  function clearClientError(field: FormFieldName) {
    if (clientErrors[field]) setClientErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function fieldTarget(field: string): string | null {
    if (field === 'paymentMethod') return `paymentMethod-${method}`;
    if (field === 'room' && pickUp === 'none') return null;
    if (field === 'hotelId' && pickUp === 'none') return null;
    return (FIELD_ORDER as readonly string[]).includes(field) ? field : null;
  }

  // What the booking answered, or for the checks here what it would have answered.
  const failureMessage = hasClientErrors ? labels.invalidForm : (state?.message ?? null);
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
      {showSummary ? <CheckoutErrorSummary ref={summaryRef} summary={summarizeCheckoutErrors({ errors, failureMessage, fieldTarget, labels })} /> : null}

      <CheckoutGuestDetails labels={labels} errors={errors} values={values} onEmailConfirmChange={() => clearClientError('guestEmailConfirm')} />

      <CheckoutPickUp
        pickUp={pickUp}
        hotels={hotels}
        hotelId={hotelId}
        onHotelChange={(chosen) => {
          setHotelChoice(chosen);
          clearClientError('hotelId');
        }}
        labels={labels}
        errors={errors}
        values={values}
      />

      <CheckoutPayment
        paymentMethods={paymentMethods}
        providerMethods={providerMethods}
        method={method}
        onMethodChange={(chosen) => {
          setMethodChoice(chosen);
          clearClientError('paymentMethod');
        }}
        balanceShort={balanceShort}
        canTopUp={canTopUp}
        error={errors.paymentMethod}
        labels={labels}
      >
        <CheckoutPromoCode
          promo={promo}
          checking={promoCode.checking}
          inputRef={promoCode.inputRef}
          onApply={promoCode.apply}
          onKeyDown={promoCode.applyOnEnter}
          onChange={promoCode.changed}
          defaultValue={values.promoCode ?? appliedPromo?.code ?? refusedPromo?.code}
          error={errors.promoCode}
          labels={labels}
        />
      </CheckoutPayment>

      {charge?.total ? <CheckoutChargeLines charge={{ ...charge, total: charge.total }} title={labels.charge} /> : null}

      <CheckoutPayBar method={method} charge={charge} totals={totals} labels={labels} />
    </form>
  );
}

/** The draft changes only by this form's own typing: nothing to subscribe to. */
function subscribeToNothing(): () => void {
  return () => {};
}
