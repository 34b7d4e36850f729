import { linesTotal, priceLines, quoteBooking } from '@/shared/bookings/pricing';

const perPerson = (adult: number | null, child: number | null) => ({ adult, child, trip: null });
const perTrip = (trip: number) => ({ adult: null, child: null, trip });
const guests = (adults: number, children = 0, infants = 0) => ({ adults, children, infants });

describe('price lines', () => {
  it('charges each adult and child its price', () => {
    const lines = priceLines(perPerson(15_000, 9_000), guests(2, 3));
    expect(lines).toEqual([
      { kind: 'adult', quantity: 2, unitMinor: 15_000, totalMinor: 30_000 },
      { kind: 'child', quantity: 3, unitMinor: 9_000, totalMinor: 27_000 },
    ]);
    expect(linesTotal(lines)).toBe(57_000);
  });

  it('charges children the adult price when the offer has no child price', () => {
    expect(linesTotal(priceLines(perPerson(15_000, null), guests(1, 2)))).toBe(45_000);
  });

  it('lets infants travel free', () => {
    expect(priceLines(perPerson(15_000, 9_000), guests(1, 0, 4))).toEqual([{ kind: 'adult', quantity: 1, unitMinor: 15_000, totalMinor: 15_000 }]);
  });

  it('charges a per-trip offer once, whatever the head count', () => {
    expect(priceLines(perTrip(250_000), guests(6, 4, 1))).toEqual([{ kind: 'trip', quantity: 1, unitMinor: 250_000, totalMinor: 250_000 }]);
  });
});

describe('quote', () => {
  const sheet = { b2b: perPerson(12_000, 8_000), retail: perPerson(15_000, 10_000) };

  it('gives the NET (b2b) and the published (retail) totals', () => {
    expect(quoteBooking(sheet, guests(2, 1, 1))).toEqual({
      netLines: [
        { kind: 'adult', quantity: 2, unitMinor: 12_000, totalMinor: 24_000 },
        { kind: 'child', quantity: 1, unitMinor: 8_000, totalMinor: 8_000 },
      ],
      netSubtotalMinor: 32_000,
      discountMinor: 0,
      netTotalMinor: 32_000,
      publishedTotalMinor: 40_000,
    });
  });

  it('takes a promo off the NET total only, rounded to whole fils', () => {
    // 3 × 33.33 = 99.99 AED; 7% of 9,999 fils is 699.93 → 700 fils.
    const quote = quoteBooking({ b2b: perPerson(3_333, null), retail: perPerson(4_000, null) }, guests(3), 7);
    expect(quote.discountMinor).toBe(700);
    expect(quote.netTotalMinor).toBe(9_299);
    expect(quote.publishedTotalMinor).toBe(12_000);
    // Halves round up: 5% of 9,990 fils is 499.5 → 500.
    expect(quoteBooking({ b2b: perPerson(3_330, null), retail: perPerson(4_000, null) }, guests(3), 5).discountMinor).toBe(500);
  });

  it('keeps every amount a whole number of fils', () => {
    const quote = quoteBooking({ b2b: perTrip(123_457), retail: perTrip(150_000) }, guests(2), 12.5);
    for (const amount of [quote.netSubtotalMinor, quote.discountMinor, quote.netTotalMinor, quote.publishedTotalMinor]) {
      expect(Number.isInteger(amount)).toBe(true);
    }
    expect(quote.netTotalMinor + quote.discountMinor).toBe(quote.netSubtotalMinor);
  });
});
