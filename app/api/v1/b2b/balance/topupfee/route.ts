import { topUpFeeQuerySchema } from '@/server/top-up/deposit-schema';
import { quoteCardTopUp } from '@/shared/top-up/top-up-fee';
import { runRoute } from '@/server/http/run-route';
import { loadSettings } from '@/server/settings/settings';

/**
 * Spec §6 `/b2b/balance/topupfee (amount, type, currency)`: the card top-up fee for an amount
 * typed in major units ("1500" or "1500.50"), from the operator's settings. Amounts in the answer
 * are minor units of `currency`; `language` picks the language of error messages.
 */
export const GET = runRoute({
  permission: 'balance:topUp',
  query: topUpFeeQuerySchema,
  doc: { tag: 'Balance', summary: 'The card top-up fee for an amount' },
  run: async ({ query }, { db }) => {
    const { cardTopUpFeePercent } = await loadSettings(db);
    return { type: query.type, currency: query.currency, ...quoteCardTopUp(query.amount, cardTopUpFeePercent) };
  },
});
