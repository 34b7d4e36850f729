import { createTranslator } from 'next-intl';
import { formatPercent, PERCENT_ARGUMENT } from '@/i18n/numbers';
import { loadMessages } from '@/messages/areas';

// Numbers in each language's own format: "2.5%" in English, "2,5 %" in Russian (decimal comma and
// a no-break space before the sign), in code and in every message alike.

const NBSP = '\u00a0';

/** Every message text, with its key. */
function texts(messages: unknown, prefix = ''): [string, string][] {
  if (typeof messages === 'string') return [[prefix, messages]];
  if (Array.isArray(messages)) return messages.flatMap((item, index) => texts(item, `${prefix}.${index}`));
  if (typeof messages === 'object' && messages !== null) return Object.entries(messages).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
  return [];
}

describe('formatPercent', () => {
  it('writes a percent by the language’s rules', () => {
    expect(formatPercent(2.5, 'en')).toBe('2.5%');
    expect(formatPercent(2.5, 'ru')).toBe(`2,5${NBSP}%`);
    expect(formatPercent(10, 'ru')).toBe(`10${NBSP}%`);
    expect(formatPercent(2.125, 'en')).toBe('2.13%');
  });
});

describe('percents in messages', () => {
  it('go through the number formatter, never as a raw argument before a % sign', async () => {
    for (const locale of ['en', 'ru']) {
      const raw = texts(await loadMessages(locale)).filter(([, text]) => /\{\w+\}\s*%/.test(text));
      expect(raw, locale).toEqual([]);
    }
  });

  it('read "2,5 %" in Russian and "2.5%" in English, with the same figure the helper writes', async () => {
    const [en, ru] = await Promise.all([loadMessages('en'), loadMessages('ru')]);
    const fee = { en: createTranslator({ locale: 'en', messages: en }), ru: createTranslator({ locale: 'ru', messages: ru }) };
    expect(fee.en('cancellationPolicy.feeNote' as never, { percent: 2.5 } as never)).toBe('A processing fee of 2.5% is kept from every refund.');
    expect(fee.ru('cancellationPolicy.feeNote' as never, { percent: 2.5 } as never)).toContain(`сбор за обработку ${formatPercent(2.5, 'ru')}.`);
    expect(fee.ru('payments.charge.tax' as never, { percent: 6 } as never)).toBe(`Налог (6${NBSP}%)`);
    const percentMessages = texts(ru).filter(([, text]) => text.includes(PERCENT_ARGUMENT));
    expect(percentMessages.length).toBeGreaterThan(5);
  });

  it('keep a space between a written figure and % in Russian', async () => {
    const glued = texts(await loadMessages('ru')).filter(([, text]) => /\d%/.test(text));
    expect(glued).toEqual([]);
  });
});
