// Which currencies the header's switch offers on each host: roubles only on the
// Russian domain. Pure: the switch, the price islands and the server (which re-checks the cookie) share it.
import type { Variant } from '@/shared/sites/site-variants';
import { VARIANT_FEATURES } from '@/shared/sites/site-variants';
import type { Currency } from './money';

const BY_VARIANT: Record<Variant, readonly Currency[]> = {
  main: ['AED', 'USD'],
  second: ['AED', 'USD'],
  russian: ['AED', 'USD', 'RUB'],
};

export function displayCurrenciesFor(variant: Variant): readonly Currency[] {
  return BY_VARIANT[variant];
}

/** The cookie's currency when this host offers it, else the host's default. */
export function resolveDisplayCurrency(value: unknown, variant: Variant): Currency {
  const allowed = BY_VARIANT[variant];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as Currency) : VARIANT_FEATURES[variant].defaultCurrency;
}
