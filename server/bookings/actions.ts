'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { checkoutSchema, type CheckoutField } from '@/server/shared/bookings/checkout-schema';
import { createBooking } from './create-booking';

/** A failed checkout, with what the agent entered so the form shows it again. */
export type CheckoutState = (ActionFailure<CheckoutField> & { values: Partial<Record<CheckoutField, string>> }) | null;

/**
 * Books the checkout form. A repeated submit of the same form (double click, refresh, retry)
 * carries the same idempotency key and lands on the same booking's confirmation.
 */
export async function checkoutAction(_previous: CheckoutState, formData: FormData): Promise<CheckoutState> {
  // React adds its own `$ACTION_…` fields to a form submitted before hydration.
  const values = Object.fromEntries(
    [...formData].filter((entry): entry is [CheckoutField, string] => typeof entry[1] === 'string' && !entry[0].startsWith('$')),
  );
  const requestLocale = await getLocale();
  const locale = toLocale(requestLocale);
  const result = await runAction(
    {
      schema: checkoutSchema,
      permission: 'bookings:create',
      run: (input, { principal, db }) => createBooking(db, principal, input, { locale }),
    },
    values,
  );
  if (!result.ok) return { ...result, values };
  redirect(localizedPath(locale, `/checkout/confirmation/${result.data.reference}`));
}
