import type { Locale } from '@/i18n/locales';
import { bookingExportColumns } from '@/server/exports/bookings-export';
import { commissionExportColumns } from '@/server/exports/commissions-export';
import { statementExportColumns } from '@/server/exports/statement-export';
import type { XlsxColumn } from '@/server/exports/xlsx-stream';

// Every amount column of every xlsx download says its currency in its header, in both languages,
// and its cells are formatted in that same currency.

const EXPORTS: Record<string, (locale: Locale) => XlsxColumn<never>[]> = {
  bookings: (locale) => bookingExportColumns(locale, true) as XlsxColumn<never>[],
  commissions: (locale) => commissionExportColumns(locale) as XlsxColumn<never>[],
  statement: (locale) => statementExportColumns(locale) as XlsxColumn<never>[],
};

describe.each(Object.keys(EXPORTS))('the %s export', (name) => {
  it.each(['en', 'ru'] as const)('names the currency of each amount column (%s)', (locale) => {
    const money = EXPORTS[name]!(locale).filter((column) => column.kind === 'money');
    expect(money.length).toBeGreaterThan(0);
    for (const column of money) {
      if (column.kind !== 'money') continue;
      expect(column.currency).toBe('AED');
      expect(column.header, column.header).toMatch(/, AED$/);
    }
  });
});

it('heads the booking export’s amounts in English and Russian', () => {
  expect(bookingExportColumns('en', true).filter((column) => column.kind === 'money').map((column) => column.header)).toEqual(['Published rate, AED', 'NET rate, AED']);
  expect(statementExportColumns('ru').filter((column) => column.kind === 'money').map((column) => column.header)).toEqual(['Списание, AED', 'Поступление, AED', 'Остаток, AED']);
});
