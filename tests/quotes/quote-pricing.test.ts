import { guestQuoteToken, readGuestQuoteToken } from '@/server/quotes/quote-token';
import { quoteBookingCharge } from '@/shared/payments/charge-quote';
import { markupProblem, quoteGuestCharge, quotePrice } from '@/shared/quotes/quote-pricing';
import { quoteSchema, storedMarkup } from '@/shared/quotes/quote-schema';

// A quote's price is one function (NET + markup, within the bounds), and the guest's charge is the
// one quote of a booking's provider payment over it: what the page shows is what the card pays.

const SETTINGS = { rubPerAed: 24.5, rubCardFeePercent: 2, rubTaxPercent: 6, rubConversionFeePercent: 4 };

describe('a quote price', () => {
  it('adds a percent of the NET, rounded to a whole fils, or an amount', () => {
    expect(quotePrice(123_45, { kind: 'percent', value: 15 })).toEqual({ netTotalMinor: 123_45, markupMinor: 18_52, retailTotalMinor: 141_97 });
    expect(quotePrice(500_00, { kind: 'amount', value: 75_50 })).toEqual({ netTotalMinor: 500_00, markupMinor: 75_50, retailTotalMinor: 575_50 });
  });

  it('keeps at least 5% and at most 100% over the NET', () => {
    expect(markupProblem(1000_00, 1049_99)).toBe('belowMinimum');
    expect(markupProblem(1000_00, 1050_00)).toBeNull();
    expect(markupProblem(1000_00, 2000_00)).toBeNull();
    expect(markupProblem(1000_00, 2000_01)).toBe('aboveMaximum');
  });

  it.each(['AED', 'USD', 'RUB'] as const)('charges in %s exactly what the booking sold at that price is charged', (currency) => {
    const price = quotePrice(321_00, { kind: 'percent', value: 20 });
    const shown = quoteGuestCharge(price, currency, SETTINGS);
    const charged = quoteBookingCharge({ netTotalMinor: price.netTotalMinor, publishedTotalMinor: price.retailTotalMinor, widgetId: null, quoteId: crypto.randomUUID() }, { currency, method: 'card', rates: SETTINGS, fees: SETTINGS });
    expect(shown).toEqual(charged);
    // The guest price, never the NET, is what is converted and charged.
    expect(shown.baseAmountMinor).toBe(price.retailTotalMinor);
  });
});

describe('the new-quote form', () => {
  const base = { offerId: crypto.randomUUID(), date: '2030-01-10', time: '', adults: '2', guestName: 'Anna Petrova', guestPhone: '+971 50 123 4567', guestEmail: 'anna@example.test', locale: 'ru', currency: 'RUB' };

  it('reads a percent as a whole percent and an amount in AED as fils', () => {
    expect(storedMarkup(quoteSchema.parse({ ...base, markupKind: 'percent', markupValue: '12' }))).toEqual({ kind: 'percent', value: 12 });
    expect(storedMarkup(quoteSchema.parse({ ...base, markupKind: 'amount', markupValue: '150.25' }))).toEqual({ kind: 'amount', value: 150_25 });
  });

  it('refuses a fractional or out-of-range percent, a negative amount and a currency we do not charge', () => {
    const issues = (input: object) => quoteSchema.safeParse({ ...base, ...input }).error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues({ markupKind: 'percent', markupValue: '12.5' })).toEqual(['markupValue:quotes.errors.percentRange']);
    expect(issues({ markupKind: 'percent', markupValue: '101' })).toEqual(['markupValue:quotes.errors.percentRange']);
    expect(issues({ markupKind: 'amount', markupValue: '-1' })).toEqual(['markupValue:quotes.errors.markupValue']);
    expect(issues({ markupKind: 'amount', markupValue: '10', currency: 'EUR' })).toEqual(['currency:quotes.errors.currency']);
  });
});

describe('a quote link', () => {
  const id = '0b7a1c00-6d1f-4f3e-9a51-3c1e6a0b0001';
  const expiresAt = new Date('2030-01-01T10:00:00Z');

  it('opens its quote until it expires', () => {
    const token = guestQuoteToken({ id, expiresAt });
    expect(readGuestQuoteToken(token, new Date('2029-12-31T00:00:00Z'))).toEqual({ quoteId: id, expired: false });
    expect(readGuestQuoteToken(token, expiresAt)).toEqual({ quoteId: id, expired: true });
  });

  it('opens nothing when forged: another id, a later expiry, another key, or garbage', () => {
    const token = guestQuoteToken({ id, expiresAt });
    const [hex, expiry, mac] = token.split('.') as [string, string, string];
    const now = new Date('2029-01-01T00:00:00Z');
    expect(readGuestQuoteToken(`${hex.replace(/^0/, '1')}.${expiry}.${mac}`, now)).toBeNull();
    expect(readGuestQuoteToken(`${hex}.${(parseInt(expiry, 36) + 86_400).toString(36)}.${mac}`, now)).toBeNull();
    expect(readGuestQuoteToken(guestQuoteToken({ id, expiresAt }, 'another key'), now)).toBeNull();
    expect(readGuestQuoteToken('not-a-token', now)).toBeNull();
    expect(readGuestQuoteToken(`${hex}.${expiry}.${mac.slice(0, 30)}`, now)).toBeNull();
  });
});
