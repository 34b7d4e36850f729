import 'server-only';
import { z } from 'zod';
import type { Principal } from '@/server/auth/principal';
import { memberCan } from '@/shared/auth/permissions';
import type { Database } from '@/server/db/connection';
import { Forbidden } from '@/server/errors';
import { convertBreakdown, DISPLAY_CURRENCIES, type DisplayCurrency } from '@/shared/money/money';
import { loadBalanceOverview } from '@/server/balance/statement-queries';

/** Spec §7 `GET /b2b/balance (currencyCode)`: the currencies the header can show. */
export const agencyBalanceQuerySchema = z.object({
  currencyCode: z.enum(DISPLAY_CURRENCIES, { error: 'deposits.errors.currency' }).default('AED'),
});

/** The agency's funds in minor units of `currency` (the account itself is kept in AED). */
export type AgencyBalance = { currency: DisplayCurrency; balanceMinor: number; creditLimitMinor: number; availableMinor: number };

/** The balance, credit limit and available funds (balance + credit limit) of the principal's agency. */
export async function loadAgencyBalance(db: Database, principal: Principal, currency: DisplayCurrency): Promise<AgencyBalance> {
  if (!memberCan(principal, 'balance:view')) throw new Forbidden();
  const overview = await loadBalanceOverview(db, principal);
  // Available is balance + credit limit: derived from the converted two, it adds up with them to the cent.
  const {
    parts: [balanceMinor = 0, creditLimitMinor = 0],
    total: availableMinor,
  } = convertBreakdown([overview.balanceMinor, overview.creditLimitMinor], currency);
  return { currency, balanceMinor, creditLimitMinor, availableMinor };
}
