// Our prices over a supplier's (docs/suppliers.md, "Operating suppliers"): the b2b price is the
// supplier's net plus our markup, the recommended retail is the supplier's own retail or its net
// plus a retail markup. Pure: the console computes an offer's price columns with it on mapping,
// publishing and accepting a changed product, and its form shows the same rule.

/** A price as the supplier gives it, in minor units of its currency. */
export type SupplierPrice = { amountMinor: number; currency: string };

/** What a unit of the supplier's costs us (`net`) and what it recommends selling it for (`retail`). */
export type SupplierUnitPrices = { net: SupplierPrice | null; retail: SupplierPrice | null };

/** Mirrors the `offers.supplierMargin` column (server/db/schema/catalogue.ts). */
export type SupplierMarginRule = { netMarkupPercent: number; retail: 'supplier' | 'markup'; retailMarkupPercent: number };

export type OfferPriceColumns = {
  pricePerAdult: number;
  pricePerChild: number | null;
  recPricePerAdult: number;
  recPricePerChild: number | null;
};

/** Why an option cannot be priced: no adult unit mapped, no net price shared, no retail to follow, a currency we cannot convert. */
export type SupplierPricingProblem = 'noAdultUnit' | 'noNetPrice' | 'noRetailPrice' | 'currency';

/** Converts a supplier's amount to AED fils, or null when its currency has no rate in the portal. */
export type ToAedFils = (price: SupplierPrice) => number | null;

/** A markup of `percent` on whole fils, rounded half up to a fil. */
export function withMarkup(fils: number, percent: number): number {
  return Math.round((fils * (100 + percent)) / 100);
}

function unitColumns(unit: SupplierUnitPrices, margin: SupplierMarginRule, toAed: ToAedFils): { b2b: number; retail: number } | SupplierPricingProblem {
  if (!unit.net) return 'noNetPrice';
  const net = toAed(unit.net);
  if (net === null) return 'currency';
  const b2b = withMarkup(net, margin.netMarkupPercent);
  if (margin.retail === 'markup') return { b2b, retail: withMarkup(net, margin.retailMarkupPercent) };
  if (!unit.retail) return 'noRetailPrice';
  const retail = toAed(unit.retail);
  if (retail === null) return 'currency';
  return { b2b, retail };
}

/**
 * An offer's price columns (AED fils) from the supplier's prices of the units mapped as adult and
 * child. Infants travel free in the portal's model, so an infant unit has no column.
 */
export function supplierOfferPrices(
  units: { adult: SupplierUnitPrices | null; child: SupplierUnitPrices | null },
  margin: SupplierMarginRule,
  toAed: ToAedFils,
): { ok: true; prices: OfferPriceColumns } | { ok: false; problem: SupplierPricingProblem } {
  if (!units.adult) return { ok: false, problem: 'noAdultUnit' };
  const adult = unitColumns(units.adult, margin, toAed);
  if (typeof adult === 'string') return { ok: false, problem: adult };
  const child = units.child ? unitColumns(units.child, margin, toAed) : null;
  if (typeof child === 'string') return { ok: false, problem: child };
  return { ok: true, prices: { pricePerAdult: adult.b2b, pricePerChild: child?.b2b ?? null, recPricePerAdult: adult.retail, recPricePerChild: child?.retail ?? null } };
}
