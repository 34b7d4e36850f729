import { refundQuote } from '@/server/bookings/refund-rules';
import { convertBreakdown, convertFromAed, type Currency, formatMoney } from '@/shared/money/money';
import type { Locale } from '@/i18n/locales';

// Figures that add up are converted once each, and the figure derived from them (a
// refund, a final balance) is derived from the converted ones, so what is shown adds up to the cent.

const RATES = { rubPerAed: 24.5 };
const CURRENCIES: Currency[] = ['AED', 'USD', 'RUB'];
const LOCALES: Locale[] = ['en', 'ru'];

/** A small seeded generator, so a failure names amounts that can be replayed. */
function randomAmounts(seed: number, count: number, max: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return 1 + (state % max);
  });
}

/** Minor units back from a shown amount, "AED 1,234.56" or "1 234,56 USD" or "1 234,56 ₽". */
function shownMinor(text: string): number {
  const digits = text.replace(/[^\d,.-]/g, '');
  const negative = /[-−]/.test(text);
  const [whole = '0', fraction = '00'] = digits.replace(/-/g, '').split(/[.,](?=\d{2}$)/);
  const minor = Number(whole.replace(/[.,]/g, '')) * 100 + Number(fraction);
  return negative ? -minor : minor;
}

const at = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new Error(`No item ${index}`);
  return value;
};

describe('convertBreakdown', () => {
  it('converts each part as a price on its own is converted, and derives the total from them', () => {
    for (const currency of CURRENCIES) {
      for (const fils of randomAmounts(7, 200, 5_000_000)) {
        const fee = Math.round(fils * 0.025);
        const { parts, total } = convertBreakdown([fils, -fee], currency, RATES);
        expect(parts).toEqual([convertFromAed(fils, currency, RATES), -convertFromAed(fee, currency, RATES)]);
        expect(total).toBe(at(parts, 0) + at(parts, 1));
        // Never more than half a unit per part away from converting the total on its own.
        expect(Math.abs(total - convertFromAed(fils - fee, currency, RATES))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('shows 23.01 − 0.58 as 22.43, where converting the refund alone gave 22.44', () => {
    const paid = 8_400;
    const fee = 210;
    expect(convertFromAed(paid - fee, 'USD')).toBe(2_244);
    expect(convertBreakdown([paid, -fee], 'USD')).toEqual({ parts: [2_301, -58], total: 2_243 });
  });

  it('keeps AED figures as they are', () => {
    expect(convertBreakdown([310_000, -7_750], 'AED')).toEqual({ parts: [310_000, -7_750], total: 302_250 });
  });

  it('refuses to show roubles without a rate', () => {
    expect(() => convertBreakdown([100], 'RUB')).toThrow(/rouble rate/);
  });
});

describe('the cancellation figures as shown', () => {
  const feePercent = { refundProcessingFeePercent: 2.5 };
  const now = new Date('2026-11-01T08:00:00Z');

  it('refund shown = refund before the fee shown − fee shown, to the cent, in every currency and language', () => {
    const percents = [100, 50, 0];
    randomAmounts(42, 300, 2_000_000).forEach((paidMinor, index) => {
      const percent = at(percents, index % percents.length);
      const quote = refundQuote(
        { paidMinor, tourDate: '2026-12-01', startTime: '09:00', policy: { kind: 'tiers', tiers: { moreThan48h: percent, between24hAnd48h: 0, lessThan24h: 0 } } },
        feePercent,
        now,
      );
      for (const currency of CURRENCIES) {
        const { parts, total } = convertBreakdown([quote.grossRefundMinor, -quote.feeMinor], currency, RATES);
        for (const locale of LOCALES) {
          const gross = shownMinor(formatMoney(at(parts, 0), currency, locale));
          const fee = shownMinor(formatMoney(-at(parts, 1), currency, locale));
          const refund = shownMinor(formatMoney(total, currency, locale));
          expect(refund, `${paidMinor} fils at ${percent}% in ${currency} (${locale})`).toBe(gross - fee);
          if (percent === 100) expect(gross).toBe(shownMinor(formatMoney(convertFromAed(paidMinor, currency, RATES), currency, locale)));
        }
      }
    });
  });

  it('final balance shown = NET − paid − collected, to the cent', () => {
    const nets = randomAmounts(11, 200, 3_000_000);
    const collections = randomAmounts(13, 200, 4_000_000);
    nets.forEach((net, index) => {
      const collected = at(collections, index);
      for (const currency of CURRENCIES) {
        const { parts, total } = convertBreakdown([net, -0, -collected], currency, RATES);
        const shown = (minor: number) => shownMinor(formatMoney(minor, currency, 'ru'));
        expect(shown(total)).toBe(shown(at(parts, 0)) + shown(at(parts, 1)) + shown(at(parts, 2)));
      }
    });
  });
});
