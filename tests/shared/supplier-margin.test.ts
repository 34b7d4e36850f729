import { supplierOfferPrices, withMarkup, type SupplierMarginRule, type ToAedFils } from '@/shared/suppliers/supplier-margin';

// Our prices over a supplier's: b2b = net + markup, retail = the supplier's retail or net + a
// retail markup, in AED fils by the portal's rates; what cannot be priced says why.

const aedOnly: ToAedFils = (price) => (price.currency === 'AED' ? price.amountMinor : null);
const aed = (amountMinor: number) => ({ amountMinor, currency: 'AED' });
const supplierRetail: SupplierMarginRule = { netMarkupPercent: 10, retail: 'supplier', retailMarkupPercent: 0 };

describe('supplier margin', () => {
  it('adds the markup to the net and rounds to a fil', () => {
    expect(withMarkup(20_000, 10)).toBe(22_000);
    expect(withMarkup(999, 12.5)).toBe(1124);
    expect(withMarkup(20_000, 0)).toBe(20_000);
  });

  it('prices adult and child from their units, retail from the supplier', () => {
    const priced = supplierOfferPrices({ adult: { net: aed(20_000), retail: aed(25_000) }, child: { net: aed(10_000), retail: aed(12_500) } }, supplierRetail, aedOnly);
    expect(priced).toEqual({ ok: true, prices: { pricePerAdult: 22_000, pricePerChild: 11_000, recPricePerAdult: 25_000, recPricePerChild: 12_500 } });
  });

  it('prices retail as net plus its own markup when asked, and leaves the child unpriced without a child unit', () => {
    const priced = supplierOfferPrices({ adult: { net: aed(20_000), retail: null }, child: null }, { netMarkupPercent: 10, retail: 'markup', retailMarkupPercent: 30 }, aedOnly);
    expect(priced).toEqual({ ok: true, prices: { pricePerAdult: 22_000, pricePerChild: null, recPricePerAdult: 26_000, recPricePerChild: null } });
  });

  it('says why an option cannot be priced', () => {
    expect(supplierOfferPrices({ adult: null, child: null }, supplierRetail, aedOnly)).toEqual({ ok: false, problem: 'noAdultUnit' });
    expect(supplierOfferPrices({ adult: { net: null, retail: aed(1) }, child: null }, supplierRetail, aedOnly)).toEqual({ ok: false, problem: 'noNetPrice' });
    expect(supplierOfferPrices({ adult: { net: aed(1), retail: null }, child: null }, supplierRetail, aedOnly)).toEqual({ ok: false, problem: 'noRetailPrice' });
    expect(supplierOfferPrices({ adult: { net: { amountMinor: 1, currency: 'EUR' }, retail: null }, child: null }, supplierRetail, aedOnly)).toEqual({ ok: false, problem: 'currency' });
    // A child unit that cannot be priced stops the offer too: agents would otherwise sell children at nothing.
    expect(supplierOfferPrices({ adult: { net: aed(1), retail: aed(2) }, child: { net: null, retail: null } }, supplierRetail, aedOnly)).toEqual({ ok: false, problem: 'noNetPrice' });
  });
});
