import 'server-only';
import { displayCurrenciesFor } from '@/shared/money/display-currencies';
import type { ExchangeRates } from '@/shared/money/money';
import type { Variant } from '@/shared/sites/site-variants';
import { getDisplayRates, getPublicSiteSettings, type PublicSiteSettings } from './settings';

export type SiteShellSettings = { site: PublicSiteSettings; rates: ExchangeRates | undefined };

/**
 * What the shell around every page shows from the operator's settings (console): the contacts
 * and each host's logo, about and address, and the rouble rate only where roubles are offered
 * (other hosts' pages read nothing more). Both are cached, tagged reads.
 */
export async function loadSiteShellSettings(variant: Variant): Promise<SiteShellSettings> {
  const [site, rates] = await Promise.all([getPublicSiteSettings(), displayCurrenciesFor(variant).includes('RUB') ? getDisplayRates() : undefined]);
  return { site, rates };
}
