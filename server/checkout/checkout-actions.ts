'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { type Locale, localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { redirectToNextAction } from '@/server/payments/next-action';
import { type PayBookingField, payBookingSchema } from '@/server/payments/pay-schema';
import type { PaymentPlace } from '@/server/payments/payment-place';
import { requestDisplayCurrency, requestOrigin, requestVariant } from '@/server/payments/request-context';
import { checkoutSchema, type CheckoutField } from '@/shared/bookings/checkout-schema';
import { payBooking } from './pay-booking';
import { placeBooking } from './place-booking';

// The portal's forms onto the money path: thin adapters of placeBooking and payBooking, which
// decide how a booking is paid.

/** A failed checkout, with what the agent entered so the form shows it again. */
export type CheckoutState = (ActionFailure<CheckoutField> & { values: Partial<Record<CheckoutField, string>> }) | null;

/** Where this request's provider payment starts and returns to: its host's variant, shown currency and origin. */
async function requestPaymentPlace(locale: Locale): Promise<PaymentPlace> {
  const variant = await requestVariant();
  return { variant, displayCurrency: await requestDisplayCurrency(variant), origin: await requestOrigin(), locale };
}

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
    const placed = await placeBooking(db, { principal, locale, place: () => requestPaymentPlace(locale) }, input);
    return { reference: placed.reference, payment: placed.payment };
  },
  answer: async (result): Promise<CheckoutState> => {
    if (!result.ok) return result;
    const locale = toLocale(await getLocale());
    if (result.data.payment) return redirectToNextAction(locale, result.data.payment);
    redirect(localizedPath(locale, `/checkout/confirmation/${result.data.reference}`));
  },
});

export type PayBookingState = ActionFailure<PayBookingField> | null;

/**
 * "Pay now" on a `payment_required` booking and "Pay again" after a failed card: from the
 * balance at once, or through a provider as a new attempt on the same booking.
 */
export const payBookingAction = runAction({
  schema: payBookingSchema,
  permission: 'bookings:create',
  run: async ({ reference, method }, { principal, db }) => {
    const locale = toLocale(await getLocale());
    return { reference, payment: await payBooking(db, principal, { reference, method, place: () => requestPaymentPlace(locale) }) };
  },
  answer: async (result): Promise<PayBookingState> => {
    if (!result.ok) return result;
    const locale = toLocale(await getLocale());
    if (result.data.payment) return redirectToNextAction(locale, result.data.payment);
    redirect(localizedPath(locale, `/checkout/confirmation/${result.data.reference}`));
  },
});
