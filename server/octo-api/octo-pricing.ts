import 'server-only';
// OCTO's `octo/pricing` capability over our prices (docs/octo-api.md#pricing): `retail` is our
// recommended retail price, `net` the agency's b2b (NET) price, both in the offer currency's
// minor units (AED fils, precision 2); no taxes are added on top. Pure, but for the server: the routes and the mapping read it.
import type { GuestCounts } from '@/shared/availability/rules';
import { linesTotal, priceLines } from '@/shared/bookings/pricing';
import type { OfferPrices } from '@/shared/catalog/prices';

export const OCTO_UNITS = ['adult', 'child', 'infant'] as const;
export type OctoUnitId = (typeof OCTO_UNITS)[number];
export function isOctoUnit(value: string): value is OctoUnitId {
  return (OCTO_UNITS as readonly string[]).includes(value);
}

/** OCTO's capability ids we serve (the request's `Octo-Capabilities` names which it wants). */
export const OCTO_CAPABILITIES = ['octo/pricing'] as const;

/** Minor units per major unit, as a currency's precision: every currency we sell in has cents. */
const CURRENCY_PRECISION = 2;

export type OctoPricing = {
  original: number;
  retail: number;
  net: number | null;
  currency: string;
  currencyPrecision: number;
  includedTaxes: never[];
};

type Priced = { b2b: OfferPrices; retail: OfferPrices; currency: string };

/** The price of a head count: retail and net totals as the booking itself prices them (shared/bookings/pricing). */
export function octoPricing(offer: Priced, counts: GuestCounts): OctoPricing {
  const retail = linesTotal(priceLines(offer.retail, counts));
  return { original: retail, retail, net: linesTotal(priceLines(offer.b2b, counts)), currency: offer.currency, currencyPrecision: CURRENCY_PRECISION, includedTaxes: [] };
}

export function countsOfUnit(unit: OctoUnitId): GuestCounts {
  return { adults: unit === 'adult' ? 1 : 0, children: unit === 'child' ? 1 : 0, infants: unit === 'infant' ? 1 : 0 };
}

/** One unit's price. */
export function unitPrice(offer: Priced, unit: OctoUnitId): OctoPricing {
  return octoPricing(offer, countsOfUnit(unit));
}

/** Each unit's price, as OCTO's `unitPricing` lists them. */
export function unitPricing(offer: Priced): (OctoPricing & { unitId: string })[] {
  return OCTO_UNITS.map((unit) => ({ ...unitPrice(offer, unit), unitId: unit }));
}
