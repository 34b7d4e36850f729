import { isLocale, type Locale } from '@/i18n/locales';
import { requirePermission } from '@/server/auth/principal';
import { getDb } from '@/server/db/database';
import { topUpFeeQuerySchema } from '@/server/top-up/deposit-schema';
import { quoteCardTopUp } from '@/server/shared/top-up/top-up-fee';
import { domainErrorResponse, PRIVATE_HEADERS, validationResponse } from '@/server/http/api-errors';
import { loadSettings } from '@/server/settings/settings';

/**
 * Spec §6 `/b2b/balance/topupfee (amount, type, currency)`: the card top-up fee for an amount
 * typed in major units ("1500" or "1500.50"), from the operator's settings. Amounts in the answer
 * are minor units of `currency`; `language` picks the language of error messages.
 */
export async function GET(request: Request) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const locale: Locale = isLocale(query.language) ? query.language : 'en';
  const parsed = topUpFeeQuerySchema.safeParse(query);
  if (!parsed.success) return validationResponse(parsed.error, locale);
  try {
    await requirePermission('balance:topUp');
  } catch (error) {
    return domainErrorResponse(error, locale);
  }
  const { cardTopUpFeePercent } = await loadSettings(await getDb());
  return Response.json(
    { type: parsed.data.type, currency: parsed.data.currency, ...quoteCardTopUp(parsed.data.amount, cardTopUpFeePercent) },
    { headers: PRIVATE_HEADERS },
  );
}
