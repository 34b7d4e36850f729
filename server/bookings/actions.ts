'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { bookAndPay } from '@/server/payments/book-and-pay';
import { redirectToNextAction } from '@/server/pay/next-action';
import { requestDisplayCurrency, requestOrigin, requestVariant } from '@/server/pay/request-context';
import { checkoutSchema, type CheckoutField, isProviderPaymentMethod } from '@/shared/bookings/checkout-schema';
import { createBooking } from './create-booking';

/** A failed checkout, with what the agent entered so the form shows it again. */
export type CheckoutState = (ActionFailure<CheckoutField> & { values: Partial<Record<CheckoutField, string>> }) | null;

/** Every field of the form is echoed: the agent typed them all, or the picker chose them. */
const CHECKOUT_FIELDS = Object.keys(checkoutSchema.shape) as CheckoutField[];

/**
 * Books the checkout form. A repeated submit of the same form (double click, refresh, retry)
 * carries the same idempotency key and lands on the same booking's confirmation. A card, crypto or
 * SBP booking is created holding its stock (`payment_required`) and the browser goes on to pay.
 */
export const checkoutAction = runAction({
  schema: checkoutSchema,
  form: { echo: CHECKOUT_FIELDS },
  permission: 'bookings:create',
  run: async (input, { principal, db }) => {
    const locale = toLocale(await getLocale());
    if (!isProviderPaymentMethod(input.paymentMethod)) return { reference: (await createBooking(db, principal, input, { locale })).reference, payment: null };
    const variant = await requestVariant();
    const place = { variant, displayCurrency: await requestDisplayCurrency(variant), origin: await requestOrigin(), locale };
    const booked = await bookAndPay(db, principal, input, place);
    return { reference: booked.reference, payment: { paymentId: booked.paymentId, nextAction: booked.nextAction } };
  },
  answer: async (result): Promise<CheckoutState> => {
    if (!result.ok) return result;
    const locale = toLocale(await getLocale());
    if (result.data.payment) return redirectToNextAction(locale, result.data.payment);
    redirect(localizedPath(locale, `/checkout/confirmation/${result.data.reference}`));
  },
});
