import { createTranslator } from 'next-intl';
import { dayValue, localizeMessageValues, moneyValue, monthValue } from '@/i18n/message-values';
import { loadMessages } from '@/messages/areas';

// A refusal's money, day and month are formatted in the reader's language where the message is
// rendered (the action's answer, a route's answer, the page), not where the rule refused.

/** The values with Intl's no-break spaces read as plain ones. */
function plain(values: Record<string, string | number>) {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.replaceAll(/\s/g, ' ') : value]));
}

describe('message values in the reader’s language', () => {
  const values = { amount: moneyValue(123450, 'AED'), month: monthValue('2026-10-01'), dueOn: dayValue('2026-11-30'), count: 2, name: 'Dunes' };

  it('formats money, days and months in English and in Russian, and leaves plain values as they are', () => {
    expect(plain(localizeMessageValues(values, 'en'))).toEqual({ amount: 'AED 1,234.50', month: 'October 2026', dueOn: '30 Nov, 26', count: 2, name: 'Dunes' });
    expect(plain(localizeMessageValues(values, 'ru'))).toEqual({ amount: '1 234,50 AED', month: 'октябрь 2026', dueOn: '30 нояб., 26', count: 2, name: 'Dunes' });
  });

  it('reads the overdue credit message with no raw amount or ISO date, in both languages', async () => {
    for (const [locale, expected] of [
      ['en', 'Your invoice for October 2026 of AED 1,234.50 was due on 30 Nov, 26'],
      ['ru', 'Ваш счёт за октябрь 2026 на сумму 1 234,50 AED нужно было оплатить до 30 нояб., 26'],
    ] as const) {
      const t = createTranslator({ locale, messages: await loadMessages(locale), timeZone: 'Asia/Dubai' });
      const text = t('checkout.creditOverdue' as never, localizeMessageValues(values, locale) as never);
      expect(text.replaceAll(/\s/g, ' ')).toContain(expected);
      expect(text).not.toMatch(/\d{4}-\d{2}|1234\.50/);
    }
  });
});
