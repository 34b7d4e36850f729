'use server';

import 'server-only';
import { redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { localizedPath, toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { payBookingFromBalance } from '@/server/payments/pay-from-balance';
import { startBookingPayment, startTopUpPayment } from '@/server/payments/start-payment';
import { topUpFeeQuerySchema } from '@/server/top-up/deposit-schema';
import { redirectToNextAction } from './next-action';
import { type PayBookingField, payBookingSchema } from './pay-schema';
import { requestDisplayCurrency, requestOrigin, requestVariant } from './request-context';

export type PayBookingState = ActionFailure<PayBookingField> | null;

/**
 * "Pay now" on a `payment_required` booking and "Pay again" after a failed card: from the
 * balance at once, or through a provider as a new attempt on the same booking.
 */
export const payBookingAction = runAction({
  schema: payBookingSchema,
  permission: 'bookings:create',
  run: async ({ reference, method }, { principal, db }) => {
    if (method === 'balance') {
      await payBookingFromBalance(db, principal, reference);
      return { reference, payment: null };
    }
    const variant = await requestVariant();
    const payment = await startBookingPayment(db, principal, {
      reference,
      method,
      variant,
      displayCurrency: await requestDisplayCurrency(variant),
      origin: await requestOrigin(),
      locale: await requestLocale(),
    });
    return { reference, payment };
  },
  answer: async (result): Promise<PayBookingState> => {
    if (!result.ok) return result;
    const locale = await requestLocale();
    if (result.data.payment) return redirectToNextAction(locale, result.data.payment);
    redirect(localizedPath(locale, `/checkout/confirmation/${result.data.reference}`));
  },
});

const cardTopUpSchema = topUpFeeQuerySchema.pick({ amount: true });
export type CardTopUpState = ActionFailure<keyof z.input<typeof cardTopUpSchema>> | null;

/** The card top-up's "Continue to card payment": the amount credited, the fee on top, paid by card. */
export const cardTopUpAction = runAction({
  schema: cardTopUpSchema,
  permission: 'balance:topUp',
  run: async ({ amount }, { principal, db }) => {
    const variant = await requestVariant();
    return startTopUpPayment(db, principal, {
      amountMinor: amount,
      method: 'card',
      variant,
      displayCurrency: await requestDisplayCurrency(variant),
      origin: await requestOrigin(),
      locale: await requestLocale(),
    });
  },
  answer: async (result): Promise<CardTopUpState> => {
    if (!result.ok) return result;
    return redirectToNextAction(await requestLocale(), result.data);
  },
});

async function requestLocale() {
  return toLocale(await getLocale());
}
