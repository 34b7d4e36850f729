import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import legalEn from '@/messages/legal/en.json';
import legalRu from '@/messages/legal/ru.json';
import { loadMessages, MESSAGE_AREAS } from '@/messages/areas';

type Tree = { [key: string]: string | Tree | unknown[] };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? keys(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('translations', () => {
  it('has every English message in Russian and no extras', () => {
    expect(keys(ru).sort()).toEqual(keys(en).sort());
  });

  it('has every area message in Russian, and no namespace defined by two areas', async () => {
    const [allEn, allRu] = await Promise.all([loadMessages('en'), loadMessages('ru')]);
    expect(keys(allRu as Tree).sort()).toEqual(keys(allEn as Tree).sort());
    const namespaces = [Object.keys(en), ...(await Promise.all(MESSAGE_AREAS.map(async (area) => Object.keys((await import(`@/messages/${area}/en.json`)).default))))].flat();
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it('has the legal documents in both languages with the same sections', () => {
    expect(legalRu.terms.sections).toHaveLength(legalEn.terms.sections.length);
    expect(legalRu.privacy.sections).toHaveLength(legalEn.privacy.sections.length);
  });

  it('keeps the spec’s exact English messages', () => {
    expect(en.auth.errors.invalidCredentials).toBe('Username or Password is incorrect');
    expect(en.errors.frontendTitle).toBe('An error occurred in the frontend application.');
    expect(en.errors.contactPrefix).toBe('Please contact your relationship manager or');
    expect(en.errors.contactSuffix).toBe('for further assistance.');
  });

  it('states the legal age and notice period the spec requires', () => {
    const terms = JSON.stringify(legalEn.terms);
    expect(terms).toMatch(/18/);
    expect(terms).toMatch(/30 days/);
  });

  it('leaves no Russian message empty or untranslated', async () => {
    const [allEn, allRu] = await Promise.all([loadMessages('en'), loadMessages('ru')]);
    const english = new Map(strings(allEn as Tree));
    // Brand and language names read the same in both languages by design, and so do a legal
    // section's anchor (`#cookies`), which links point to in either language.
    const sameByDesign = /^(meta\.|legal\.[a-z]+\.sections\.\d+\.id$|shell\.languages\.|shell\.telegram$|footer\.whatsApp$|catalog\.card\.separator$|widgets\.editor\.fields\.contacts\.(telegram|whatsApp|viber)$)/;
    for (const [key, value] of strings(allRu as Tree)) {
      expect(value.trim(), key).not.toBe('');
      if (!sameByDesign.test(key)) expect(value, key).not.toBe(english.get(key));
    }
  });
});

function strings(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : strings(value as Tree, `${prefix}${key}.`),
  );
}
