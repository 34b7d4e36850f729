import { calendarDay, EARLIEST_DAY, isCalendarDay, isCalendarMonth, LATEST_DAY } from '@/shared/dates';

describe('isCalendarDay', () => {
  it('accepts the days of the calendar within 2000-01-01 … 2100-12-31', () => {
    for (const day of ['2000-01-01', '2026-11-21', '2024-02-29', '2000-02-29', '2100-12-31']) expect(isCalendarDay(day), day).toBe(true);
    expect([EARLIEST_DAY, LATEST_DAY]).toEqual(['2000-01-01', '2100-12-31']);
  });

  it('refuses days that do not exist, absurd years and other shapes', () => {
    const refused = ['2026-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31'];
    for (const day of [...refused, '+010000-01-01', '2026-1-01', '20261121', '2026-11-21T00:00', ' 2026-11-21', '2026-11-21\u0000', '', null, 20261121]) {
      expect(isCalendarDay(day), JSON.stringify(day)).toBe(false);
    }
  });

  it('narrows the window for a field with a natural range', () => {
    expect(isCalendarDay('2026-11-21', { max: '2026-11-21' })).toBe(true);
    expect(isCalendarDay('2026-11-22', { max: '2026-11-21' })).toBe(false);
    expect(isCalendarDay('2026-08-22', { min: '2026-08-23' })).toBe(false);
  });
});

describe('isCalendarMonth', () => {
  it('accepts 2000-01 … 2100-12 and nothing else', () => {
    for (const month of ['2000-01', '2026-11', '2100-12']) expect(isCalendarMonth(month), month).toBe(true);
    for (const month of ['1999-12', '2101-01', '9999-12', '0000-01', '2026-13', '2026-00', '2026-1', '2026-11-01', '', undefined]) {
      expect(isCalendarMonth(month), String(month)).toBe(false);
    }
  });
});

describe('calendarDay()', () => {
  it('answers one message, the field’s, whatever is wrong', () => {
    const day = calendarDay('checkout.errors.date');
    expect(day.parse('2026-11-21')).toBe('2026-11-21');
    for (const value of ['9999-12-31', '2026-02-30', 'tomorrow', 42]) {
      expect(day.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual(['checkout.errors.date']);
    }
  });
});
