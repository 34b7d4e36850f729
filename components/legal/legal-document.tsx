import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { resolveSiteParams, type SiteParams } from '@/server/sites/site-params';

type Section = { heading: string; paragraphs: string[] };

/** Terms of use and privacy policy: static pages whose text lives in messages/legal. */
export function legalDocument(document: 'terms' | 'privacy') {
  async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
    const { locale } = await resolveSiteParams(params);
    const t = await getTranslations({ locale, namespace: `legal.${document}` });
    return { title: t('title'), description: t('intro').slice(0, 160) };
  }

  async function LegalPage({ params }: { params: SiteParams }) {
    await resolveSiteParams(params);
    const t = await getTranslations(`legal.${document}`);
    const sections = t.raw('sections') as Section[];
    return (
      <article className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-semibold">{t('title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('updated')}</p>
        <p className="mt-6 leading-relaxed">{t('intro')}</p>
        {sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 48)} className="mt-3 leading-relaxed">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    );
  }

  return { generateMetadata, LegalPage };
}
