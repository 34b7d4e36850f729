'use client';

import { type FormEvent, useActionState, useState } from 'react';
import { useFormStatus } from 'react-dom';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/forms/form-field';
import { useActionFailureFeedback } from '@/components/http/http-feedback';
import { checkoutAction, type CheckoutState } from '@/server/bookings/actions';
import type { CheckoutField, PaymentMethod } from '@/server/shared/bookings/checkout-schema';
import { ConfirmingLoader } from './confirming-loader';

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
  pickUp: string;
  hotel: string;
  noHotel: string;
  pickUpCityOnly: string | null;
  room: string;
  notes: string;
  promoCode: string;
  payment: string;
  paymentMethods: Record<PaymentMethod, string>;
  requestOnly: string | null;
  submit: string;
  submitRequest: string;
  confirming: string;
  loader: readonly string[];
};

type Props = {
  /** The selection from the tour page, posted back as hidden fields. */
  hidden: Partial<Record<CheckoutField, string>>;
  hotels: CheckoutHotel[];
  paymentMethods: readonly PaymentMethod[];
  labels: CheckoutFormLabels;
};

/**
 * The checkout form: a plain form posting to the booking action, so it works before hydration;
 * hydrated, it checks the repeated e-mail before posting, shows the hotel's pick-up time and the
 * confirming loader. What the agent typed survives a failed submit.
 */
export function CheckoutForm({ hidden, hotels, paymentMethods, labels }: Props) {
  const [state, formAction] = useActionState<CheckoutState, FormData>(checkoutAction, null);
  useActionFailureFeedback(state);
  const [mismatch, setMismatch] = useState(false);
  const [hotelId, setHotelId] = useState(state?.values.hotelId ?? '');
  const [method, setMethod] = useState<PaymentMethod>(paymentMethods[0] ?? 'request');
  const values = state?.values ?? {};
  const errors = { ...state?.fieldErrors, ...(mismatch && { guestEmailConfirm: labels.emailMismatch }) };
  const hotel = hotels.find((candidate) => candidate.id === hotelId);

  function checkEmails(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const differ = String(data.get('guestEmail')).trim().toLowerCase() !== String(data.get('guestEmailConfirm')).trim().toLowerCase();
    setMismatch(differ);
    if (differ) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLInputElement>('[name="guestEmailConfirm"]')?.focus();
    }
  }

  return (
    <form action={formAction} onSubmit={checkEmails} noValidate className="grid gap-8" aria-describedby={state ? 'checkout-error' : undefined}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state ? (
        <p id="checkout-error" role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {state.message}
        </p>
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
            <Input name="guestEmailConfirm" type="email" autoComplete="off" required defaultValue={values.guestEmailConfirm} onChange={() => setMismatch(false)} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">{labels.pickUp}</legend>
        {labels.pickUpCityOnly ? <p className="text-sm text-muted-foreground">{labels.pickUpCityOnly}</p> : null}
        <FormField name="hotelId" label={labels.hotel} error={errors.hotelId}>
          <select
            id="hotelId"
            name="hotelId"
            value={hotelId}
            onChange={(event) => setHotelId(event.target.value)}
            className="h-10 w-full rounded-lg border border-input bg-background px-3 text-base outline-none focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 md:text-sm"
          >
            <option value="">{labels.noHotel}</option>
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
        <div className="grid gap-4 md:grid-cols-[160px_1fr]">
          <FormField name="room" label={labels.room} error={errors.room}>
            <Input name="room" defaultValue={values.room} maxLength={20} />
          </FormField>
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
          {paymentMethods.map((candidate) => (
            <label key={candidate} className="flex cursor-pointer items-center gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
              <input type="radio" name="paymentMethod" value={candidate} checked={method === candidate} onChange={() => setMethod(candidate)} className="size-4 accent-primary" />
              {labels.paymentMethods[candidate]}
            </label>
          ))}
        </div>
        {errors.paymentMethod ? <p className="text-sm text-destructive">{errors.paymentMethod}</p> : null}
        <FormField name="promoCode" label={labels.promoCode} error={errors.promoCode}>
          <Input name="promoCode" defaultValue={values.promoCode} autoCapitalize="characters" className="max-w-60" />
        </FormField>
      </fieldset>

      <SubmitButton label={method === 'request' ? labels.submitRequest : labels.submit} confirming={labels.confirming} loader={labels.loader} />
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

function groupByCity(hotels: CheckoutHotel[]): [string, CheckoutHotel[]][] {
  const groups = new Map<string, CheckoutHotel[]>();
  for (const hotel of hotels) groups.set(hotel.cityName, [...(groups.get(hotel.cityName) ?? []), hotel]);
  return [...groups];
}
