import { AED_PER_USD, convertFromAed, currencyForLocale, formatAedAs, formatMoney } from '@/shared/money/money';

const normalizeSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('AED to USD at the fixed 3.65', () => {
  it('uses the peg', () => expect(AED_PER_USD).toBe(3.65));

  it.each([
    [36_500, 10_000],
    [100, 27],
    [15_000, 4_110],
    [0, 0],
    [-36_500, -10_000],
  ])('%i fils → %i cents', (fils, cents) => {
    expect(convertFromAed(fils, 'USD')).toBe(cents);
  });

  it('keeps AED as it is', () => expect(convertFromAed(12_345, 'AED')).toBe(12_345));

  it('converts to roubles with the operator rate, and refuses without one', () => {
    expect(convertFromAed(10_000, 'RUB', { rubPerAed: 24.5 })).toBe(245_000);
    expect(() => convertFromAed(10_000, 'RUB')).toThrow(/rouble rate/);
  });

  it('refuses fractions of a minor unit', () => expect(() => convertFromAed(10.5, 'USD')).toThrow(/whole minor units/));
});

describe('formatting', () => {
  it('formats AED and USD in English', () => {
    expect(normalizeSpaces(formatMoney(15_000, 'AED', 'en'))).toBe('AED 150.00');
    expect(normalizeSpaces(formatMoney(123_456, 'USD', 'en'))).toBe('USD 1,234.56');
  });

  it('formats in Russian with a comma and grouped thousands', () => {
    expect(normalizeSpaces(formatMoney(123_456, 'USD', 'ru'))).toBe('1 234,56 USD');
    expect(normalizeSpaces(formatMoney(245_000, 'RUB', 'ru'))).toBe('2 450,00 ₽');
  });

  it('converts then formats', () => expect(normalizeSpaces(formatAedAs(36_500, 'USD', 'en'))).toBe('USD 100.00'));
});

describe('locale switch currency reset', () => {
  it('is USD for Russian and AED otherwise', () => {
    expect(currencyForLocale('ru')).toBe('USD');
    expect(currencyForLocale('en')).toBe('AED');
  });
});
