import 'server-only';
import { cookies, headers } from 'next/headers';
import { linkOrigin } from '@/server/http/link-origin';
import { getDisplayRates, loadSettings } from '@/server/settings/settings';
import type { Database } from '@/server/db/connection';
import { resolveDisplayCurrency } from '@/shared/money/display-currencies';
import { CURRENCY_COOKIE, type Currency, type ExchangeRates } from '@/shared/money/money';
import type { ChargeFees } from '@/shared/payments/charge-quote';
import { parseHostsConfig, type Variant, variantForHost } from '@/shared/sites/site-variants';

const HOSTS = parseHostsConfig(process.env.HOSTS);

/**
 * The portal's origin as this browser sees it (scheme and host, the variant's host included), so a
 * provider's return URL brings the agent back to the same host. Only configured hosts are trusted.
 */
export async function requestOrigin(): Promise<string> {
  return linkOrigin(await headers());
}

/** The host variant a server action was posted on (pages have it in their route). */
export async function requestVariant(): Promise<Variant> {
  const list = await headers();
  return variantForHost((list.get('x-forwarded-host') ?? list.get('host'))?.split(',')[0]?.trim() ?? null, HOSTS);
}

/** The header switch's currency for this request, checked against what the host offers. */
export async function requestDisplayCurrency(variant: Variant): Promise<Currency> {
  return resolveDisplayCurrency((await cookies()).get(CURRENCY_COOKIE)?.value, variant);
}

/** The rouble rate the header's prices use on the Russian domain (the settings' `rubPerAed`), through its tagged cache. */
export function loadDisplayRates(): Promise<ExchangeRates> {
  return getDisplayRates();
}

/** The settings' rouble rate and fee percents, as `quoteCharge` takes them. */
export async function loadChargeSettings(db: Database): Promise<{ rates: ExchangeRates; fees: ChargeFees }> {
  const settings = await loadSettings(db);
  return {
    rates: { rubPerAed: settings.rubPerAed },
    fees: { rubCardFeePercent: settings.rubCardFeePercent, rubTaxPercent: settings.rubTaxPercent, rubConversionFeePercent: settings.rubConversionFeePercent },
  };
}
