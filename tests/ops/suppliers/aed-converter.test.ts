import { aedConverter } from '@/server/ops/suppliers/supplier-products';

// A supplier's amounts become AED fils by the portal's own rates: dirhams as they are, dollars at
// the 3.65 peg, roubles at the operator's rate; a currency without a rate is refused (null).

describe('aedConverter', () => {
  const toAed = aedConverter(24.5);

  it('converts dirhams, dollars and roubles', () => {
    expect(toAed({ amountMinor: 12_345, currency: 'AED' })).toBe(12_345);
    expect(toAed({ amountMinor: 10_000, currency: 'USD' })).toBe(36_500);
    expect(toAed({ amountMinor: 245_000, currency: 'RUB' })).toBe(10_000);
  });

  it('refuses a currency the portal has no rate for, and roubles without a rate', () => {
    expect(toAed({ amountMinor: 100, currency: 'EUR' })).toBeNull();
    expect(aedConverter(0)({ amountMinor: 100, currency: 'RUB' })).toBeNull();
  });
});
