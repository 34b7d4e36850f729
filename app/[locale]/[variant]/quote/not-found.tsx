import { getTranslations } from 'next-intl/server';

/** A link that opens no quote (mistyped, forged): one neutral line, no brand, telling nothing about any quote. */
export default async function QuoteNotFound() {
  const t = await getTranslations('quotes.guest');
  return (
    <main className="mx-auto max-w-2xl bg-white px-4 py-12 text-zinc-700">
      <p role="status" data-testid="quote-not-found">
        {t('notFound')}
      </p>
    </main>
  );
}
