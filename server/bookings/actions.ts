'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { bookAndPay } from '@/server/payments/book-and-pay';
import { redirectToNextAction } from '@/server/payments/next-action';
import { requestDisplayCurrency, requestOrigin, requestVariant } from '@/server/payments/request-context';
import { checkoutSchema, type CheckoutField, isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { createBooking } from './create-booking';

/** A failed checkout, with what the agent entered so the form shows it again. */
export type CheckoutState = (ActionFailure<CheckoutField> & { values: Partial<Record<CheckoutField, string>> }) | null;

/**
 * Books the checkout form. A repeated submit of the same form (double click, refresh, retry)
 * carries the same idempotency key and lands on the same booking's confirmation. A card, crypto or
 * SBP booking is created holding its stock (`payment_required`) and the browser goes on to pay.
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
      run: async (input, { principal, db }) => {
        if (!isProviderPaymentMethod(input.paymentMethod)) return { reference: (await createBooking(db, principal, input, { locale })).reference, payment: null };
        const variant = await requestVariant();
        const place = { variant, displayCurrency: await requestDisplayCurrency(variant), origin: await requestOrigin(), locale };
        const booked = await bookAndPay(db, principal, input, place);
        return { reference: booked.reference, payment: { paymentId: booked.paymentId, nextAction: booked.nextAction } };
      },
    },
    values,
  );
  if (!result.ok) return { ...result, values };
  if (result.data.payment) return redirectToNextAction(locale, result.data.payment);
  redirect(localizedPath(locale, `/checkout/confirmation/${result.data.reference}`));
}
