import { getTranslations } from 'next-intl/server';

/** Widget pages framed on agencies' sites: no portal shell. Their content comes with widgets. */
export async function EmbeddedPlaceholder({ title }: { title: 'title' | 'checkoutTitle' }) {
  const t = await getTranslations('embedded');
  return (
    <main className="p-6">
      <h1 className="text-xl font-semibold">{t(title)}</h1>
      <p role="status" className="mt-3 text-muted-foreground">
        {t('comingLater')}
      </p>
    </main>
  );
}
