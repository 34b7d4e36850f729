import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';

/** The 404 and 403 pages share one look. */
export async function StatusPage({ kind }: { kind: 'notFound' | 'forbidden' }) {
  const t = await getTranslations('errors');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-5xl font-bold text-primary">{kind === 'notFound' ? '404' : '403'}</p>
      <h1 className="mt-4 text-2xl font-semibold">{t(`${kind}Title`)}</h1>
      <p className="mt-2 text-muted-foreground">{t(`${kind}Text`)}</p>
      <LocaleLink href="/" className="mt-8 inline-block font-medium text-primary underline">
        {t('backHome')}
      </LocaleLink>
    </div>
  );
}
