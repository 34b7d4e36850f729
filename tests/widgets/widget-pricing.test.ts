import { discountedPrice, guestPrices, keepsMinimumMargin, lowestAllowedSalePrice, minimumSalePrice, priceKindsOf } from '@/shared/widgets/widget-pricing';

describe('widget sale prices', () => {
  it('puts the minimum 5% above cost, rounded up to a whole fils', () => {
    expect(minimumSalePrice(10_000)).toBe(10_500);
    expect(minimumSalePrice(9_999)).toBe(10_499);
    expect(minimumSalePrice(1)).toBe(2);
  });

  it('checks the margin after the discount', () => {
    expect(keepsMinimumMargin(10_500, 10_000, 0)).toBe(true);
    expect(keepsMinimumMargin(10_499, 10_000, 0)).toBe(false);
    expect(keepsMinimumMargin(11_667, 10_000, 10)).toBe(true);
    expect(keepsMinimumMargin(11_666, 10_000, 10)).toBe(false);
  });

  it('suggests the lowest price that keeps the margin for any discount', () => {
    for (const cost of [1, 99, 10_000, 12_345, 987_654]) {
      for (const discount of [0, 1, 7, 10, 33, 90]) {
        const lowest = lowestAllowedSalePrice(cost, discount);
        expect(keepsMinimumMargin(lowest, cost, discount)).toBe(true);
        expect(keepsMinimumMargin(lowest - 1, cost, discount)).toBe(false);
      }
    }
  });

  it("gives the guest the discounted sheet and sells an offer by its b2b sheet's kinds", () => {
    expect(guestPrices({ adult: 20_000, child: 10_000, trip: null }, 10)).toEqual({ adult: 18_000, child: 9_000, trip: null });
    expect(discountedPrice(333, 33)).toBe(223);
    expect(priceKindsOf({ adult: 1, child: null, trip: null })).toEqual(['adult']);
    expect(priceKindsOf({ adult: 1, child: 1, trip: null })).toEqual(['adult', 'child']);
    expect(priceKindsOf({ adult: null, child: null, trip: 5 })).toEqual(['trip']);
  });
});
