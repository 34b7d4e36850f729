import { runRoute } from '@/server/http/run-route';
import { agencyBalanceQuerySchema, loadAgencyBalance } from '@/server/ledger/agency-balance';

/**
 * Spec §7 `GET /b2b/balance (currencyCode)`: the agency's balance, credit limit and available
 * funds (balance + credit limit) in minor units of `currencyCode` (AED or USD; AED by default),
 * for the header of agents who may see balances.
 */
export const GET = runRoute({
  permission: 'balance:view',
  query: agencyBalanceQuerySchema,
  doc: { tag: 'Balance', summary: 'The agency’s balance, credit limit and available funds' },
  run: async ({ query }, { principal, db }) => loadAgencyBalance(db, principal, query.currencyCode),
});
