import { createTranslator } from 'next-intl';
import catalogEn from '@/messages/ops-catalog/en.json';
import catalogRu from '@/messages/ops-catalog/ru.json';
import requestsEn from '@/messages/ops-requests/en.json';
import requestsRu from '@/messages/ops-requests/ru.json';
import staffEn from '@/messages/ops-staff/en.json';
import staffRu from '@/messages/ops-staff/ru.json';

// The console counts people, hours and days with each language's plural rules ("1 adult",
// "2 взрослых", "5 детей"), never "1 adults" or an abbreviation.

const requests = {
  en: createTranslator({ locale: 'en', messages: requestsEn, namespace: 'opsRequests' }),
  ru: createTranslator({ locale: 'ru', messages: requestsRu, namespace: 'opsRequests' }),
};

describe('console plurals', () => {
  it('counts a request’s people, leaving out the kinds it has none of', () => {
    expect(requests.en('people', { adults: 1, children: 0, infants: 0 })).toBe('1 adult');
    expect(requests.en('people', { adults: 2, children: 1, infants: 3 })).toBe('2 adults · 1 child · 3 infants');
    expect(requests.ru('people', { adults: 1, children: 0, infants: 0 })).toBe('1 взрослый');
    expect(requests.ru('people', { adults: 2, children: 5, infants: 1 })).toBe('2 взрослых · 5 детей · 1 младенец');
    expect(requests.ru('people', { adults: 21, children: 3, infants: 2 })).toBe('21 взрослый · 3 ребёнка · 2 младенца');
  });

  it('counts the hours a request waits', () => {
    expect(requests.en('ageHours', { hours: 1 })).toBe('1 hour');
    expect(requests.en('ageHours', { hours: 30 })).toBe('30 hours');
    expect([1, 3, 11, 22].map((hours) => requests.ru('ageHours', { hours }))).toEqual(['1 час', '3 часа', '11 часов', '22 часа']);
  });

  it('counts the stock left per type and the days a set-up link lasts', () => {
    const catalog = { en: createTranslator({ locale: 'en', messages: catalogEn, namespace: 'opsCatalog.availability' }), ru: createTranslator({ locale: 'ru', messages: catalogRu, namespace: 'opsCatalog.availability' }) };
    expect(catalog.en('leftPerType', { adults: 1, children: 2 })).toBe('1 adult, 2 children left');
    expect(catalog.ru('leftPerType', { adults: 5, children: 1 })).toBe('осталось: 5 взрослых, 1 ребёнок');
    const staff = { en: createTranslator({ locale: 'en', messages: staffEn }), ru: createTranslator({ locale: 'ru', messages: staffRu }) };
    const link = { email: 'a@b.test', days: 1 };
    expect(staff.en('opsEnrol.link', link)).toContain('(valid 1 day)');
    expect(staff.ru('opsEnrol.link', { ...link, days: 7 })).toContain('(действует 7 дней)');
  });

  it('says an empty queue is empty, in both languages', () => {
    expect(requests.en('empty')).toMatch(/queue is empty/);
    expect(requests.ru('empty')).toMatch(/очередь пуста/);
  });
});
