import { renderToStaticMarkup } from 'react-dom/server';
import { legalDocument } from '@/components/legal/legal-document';
import type { Locale } from '@/i18n/locales';
import { saveSettings } from '@/server/settings/settings';
import { serveRoutesFrom } from '../support/route-requests';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// Spec §9 "Refund processing fee 2-3%": the terms of use state the fee the operator set in the
// console, the one every refund keeps, in the page's number format.

const intl = vi.hoisted(() => ({ locale: 'en' as 'en' | 'ru' }));
vi.mock('next/cache', async (original) => ({
  ...(await original<typeof import('next/cache')>()),
  // Read through to the database, as a first request (or one after the tag expired) does.
  unstable_cache: (read: () => unknown) => read,
}));
vi.mock('next-intl/server', async () => {
  const { createTranslator } = await import('next-intl');
  const { loadMessages } = await import('@/messages/areas');
  return {
    setRequestLocale: () => {},
    getTranslations: async (namespace: string) =>
      createTranslator({ locale: intl.locale, messages: await loadMessages(intl.locale), namespace: namespace as never, timeZone: 'Asia/Dubai' }),
  };
});

let live: TestDatabase;
beforeAll(async () => {
  live = await createTestDatabase();
  serveRoutesFrom(live);
});
afterAll(() => live.dispose());

async function termsText(locale: Locale): Promise<string> {
  intl.locale = locale;
  const page = await legalDocument('terms').LegalPage({ params: Promise.resolve({ locale, variant: 'main' }) });
  return renderToStaticMarkup(page).replace(/<[^>]+>/g, ' ');
}

describe('the terms of use', () => {
  it('state the refund processing fee from the settings, in each language’s format', async () => {
    await saveSettings(live.db, { refundProcessingFeePercent: 2.75 });
    const english = await termsText('en');
    expect(english).toContain('A processing fee of 2.75% of the amount paid is deducted from each refund.');
    expect(english).not.toMatch(/2–3/);
    const russian = await termsText('ru');
    expect(russian).toContain('в размере 2,75\u00a0% от уплаченной суммы');

    await saveSettings(live.db, { refundProcessingFeePercent: 2 });
    expect(await termsText('en')).toContain('A processing fee of 2% of the amount paid');
  });

  it('render the privacy policy, which has no figures, unchanged', async () => {
    intl.locale = 'en';
    const page = await legalDocument('privacy').LegalPage({ params: Promise.resolve({ locale: 'en', variant: 'main' }) });
    expect(renderToStaticMarkup(page)).toContain('<h1');
  });
});
