import { dubaiDate, dubaiDateTime, monthName } from '@/components/ops/agencies/ops-format';
import { dateLocale, formatDisplayDate, formatDisplayDay, formatDubaiDateTime, formatIsoDate, formatMonthName } from '@/i18n/dates';

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

describe('the console’s formats are the portal’s', () => {
  it('shows a calendar day as dd MMM, yy, with no time zone shift', () => {
    expect(formatDisplayDay('2026-11-21', 'en')).toBe('21 Nov, 26');
    expect(dubaiDate('2026-11-21', 'ru')).toBe('21 нояб., 26');
  });

  it('shows an instant as its day and HH:mm on the Dubai clock', () => {
    // 20:30 UTC is half past midnight the next day in Dubai (UTC+4).
    const instant = new Date('2026-11-27T20:30:00Z');
    expect(formatDubaiDateTime(instant, 'en')).toBe('28 Nov, 26 00:30');
    expect(dubaiDateTime(instant, 'ru')).toBe('28 нояб., 26 00:30');
    expect(dubaiDate(instant, 'en')).toBe('28 Nov, 26');
  });

  it('names months as words in both languages', () => {
    expect(formatMonthName('2026-11', 'en')).toBe('November 2026');
    expect(monthName('2026-02-01', 'ru')).toBe('Февраль 2026');
  });
});
