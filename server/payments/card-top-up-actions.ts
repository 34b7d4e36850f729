'use server';

import 'server-only';
import { getLocale } from 'next-intl/server';
import { z } from 'zod';
import { toLocale } from '@/i18n/locales';
import { type ActionFailure, runAction } from '@/server/actions/run-action';
import { startTopUpPayment } from '@/server/payments/start-payment';
import { topUpFeeQuerySchema } from '@/server/top-up/deposit-schema';
import { redirectToNextAction } from './next-action';
import { requestDisplayCurrency, requestOrigin, requestVariant } from './request-context';

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
      locale: toLocale(await getLocale()),
    });
  },
  answer: async (result): Promise<CardTopUpState> => {
    if (!result.ok) return result;
    return redirectToNextAction(toLocale(await getLocale()), result.data);
  },
});
