'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { startBookingPayment } from '@/server/payments/start-payment';
import { redirectToNextAction } from '@/server/pay/next-action';
import { requestDisplayCurrency, requestOrigin, requestVariant } from '@/server/pay/request-context';
import { checkoutSchema, type CheckoutField, isProviderPaymentMethod } from '@/server/shared/bookings/checkout-schema';
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
        const booking = await createBooking(db, principal, input, { locale });
        const method = input.paymentMethod;
        // A replayed submit of a booking already paid (or a request) has nothing left to pay.
        if (!isProviderPaymentMethod(method) || (booking.status !== 'payment_required' && booking.status !== 'payment_failed')) return { booking, payment: null };
        const variant = await requestVariant();
        const payment = await startBookingPayment(db, principal, {
          reference: booking.reference,
          method,
          variant,
          displayCurrency: await requestDisplayCurrency(variant),
          origin: await requestOrigin(),
          locale,
        });
        return { booking, payment };
      },
    },
    values,
  );
  if (!result.ok) return { ...result, values };
  if (result.data.payment) redirectToNextAction(locale, result.data.payment);
  redirect(localizedPath(locale, `/checkout/confirmation/${result.data.booking.reference}`));
}
