import { z } from 'zod';
import { paymentPlaceOf } from '@/server/payments/payment-place';
import { startTopUpPayment } from '@/server/payments/start-payment';
import { runRoute } from '@/server/http/run-route';
import { topUpFeeQuerySchema } from '@/server/top-up/deposit-schema';

/**
 * Spec §7 `/b2b/balance/topup`: a card top-up of `amount` (major units, like `topupfee`); answers
 * the payment and where the payer goes. The balance is credited when the provider confirms it.
 */
export const POST = runRoute({
  permission: 'balance:topUp',
  body: { kind: 'json', maxBytes: 1024, schema: topUpFeeQuerySchema.extend({ currency: z.literal('AED', { error: 'deposits.errors.currency' }).default('AED') }) },
  doc: { tag: 'Balance', summary: 'Start a card top-up' },
  run: async ({ body }, { principal, db, locale, request }) => startTopUpPayment(db, principal, { ...paymentPlaceOf(request, locale), amountMinor: body.amount, method: 'card' }),
});
