import { getTranslations } from 'next-intl/server';

/**
 * An embed that cannot be shown here (unknown or deleted widget, a page not on its verified
 * domain, not an embed type) or a booking not found: a short line that fits the agency's frame,
 * telling nothing about the widget. In the language of the path (`/ru/embedded` for data-lang="ru").
 */
export default async function EmbedNotAvailable() {
  const t = await getTranslations('widgetBookings.embed');
  return (
    <main className="bg-white p-4 text-zinc-700">
      <p role="status" data-testid="embed-not-available">
        {t('notAvailable')}
      </p>
    </main>
  );
}
