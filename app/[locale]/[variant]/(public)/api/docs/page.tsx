import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ApiReference } from '@/components/api-docs/api-reference';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { API_BASE_PATH } from '@/shared/api/api-paths';

// Per request, like every page the proxy gives a nonce (proxy.ts): the reference is rendered in the browser.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'apiDocs' });
  return { title: t('title'), description: t('intro') };
}

/** The API reference for integrators: the OpenAPI document of `/api/v1`, rendered by Scalar from our own files. */
export default async function ApiDocsPage({ params }: { params: SiteParams }) {
  await resolveSiteParams(params);
  const t = await getTranslations('apiDocs');
  const documentUrl = `${API_BASE_PATH}/openapi.json`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t('title')}</h1>
      <p className="mt-2 max-w-3xl leading-relaxed text-muted-foreground">{t('intro')}</p>
      <p className="mt-2 text-sm">
        <a className="underline underline-offset-4" href={documentUrl}>
          {t('document')}
        </a>
      </p>
      <ApiReference documentUrl={documentUrl} labels={{ loading: t('loading'), failed: t('failed') }} />
    </div>
  );
}
