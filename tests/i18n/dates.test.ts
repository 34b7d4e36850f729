import { dateLocale, formatDisplayDate, formatIsoDate } from '@/i18n/dates';

describe('date locales', () => {
  it('starts the week on Sunday in English and on Monday in Russian', () => {
    expect(dateLocale('en').options?.weekStartsOn).toBe(0);
    expect(dateLocale('ru').options?.weekStartsOn).toBe(1);
  });

  it('displays dates as dd MMM, yy in both languages', () => {
    const date = new Date(2026, 10, 21);
    expect(formatDisplayDate(date, 'en')).toBe('21 Nov, 26');
    expect(formatDisplayDate(date, 'ru')).toBe('21 нояб., 26');
    expect(formatIsoDate(date)).toBe('2026-11-21');
  });
});
