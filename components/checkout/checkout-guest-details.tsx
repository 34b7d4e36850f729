'use client';

import { FormField } from '@/components/forms/form-field';
import { Input } from '@/components/ui/input';
import type { CheckoutField } from '@/shared/bookings/checkout-schema';
import type { CheckoutErrors, CheckoutFormLabels } from './checkout-form-types';

/** The guest's name, phone and e-mail (twice), uncontrolled: a failed booking's values come back as defaults. */
export function CheckoutGuestDetails({
  labels,
  errors,
  values,
  onEmailConfirmChange,
}: {
  labels: Pick<CheckoutFormLabels, 'guestDetails' | 'guestName' | 'guestNameHint' | 'phone' | 'email' | 'emailConfirm'>;
  errors: CheckoutErrors;
  values: Partial<Record<CheckoutField, string>>;
  /** The repeated e-mail's mismatch, found before sending, goes as soon as it is retyped. */
  onEmailConfirmChange: () => void;
}) {
  return (
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
          <Input name="guestEmailConfirm" type="email" autoComplete="off" required defaultValue={values.guestEmailConfirm} onChange={onEmailConfirmChange} />
        </FormField>
      </div>
    </fieldset>
  );
}
