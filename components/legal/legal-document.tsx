import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getRefundFeePercent } from '@/server/settings/settings';
import { replayRetentionDays } from '@/server/telemetry/replay/replay-settings';
import { telemetrySettings } from '@/server/telemetry/telemetry-settings';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

/** `id`: the section's anchor, for links to it (the cookie notice links to `#cookies`). */
type Section = { heading: string; paragraphs: string[]; id?: string };

/**
 * The figures the documents state that the operator sets: the same settings the portal applies
 * (the refund fee, how long telemetry and session replays are kept).
 */
async function documentValues(document: 'terms' | 'privacy'): Promise<Record<string, number>> {
  if (document === 'privacy') return { telemetryDays: telemetrySettings().retentionDays, replayDays: replayRetentionDays() };
  return { refundFee: (await getRefundFeePercent()) / 100 };
}

/** Terms of use and privacy policy: pages whose text lives in messages/legal, with the operator's figures filled in. */
export function legalDocument(document: 'terms' | 'privacy') {
  async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
    const { locale } = await resolveSiteParams(params);
    const t = await getTranslations({ locale, namespace: `legal.${document}` });
    return { title: t('title'), description: t('intro').slice(0, 160) };
  }

  async function LegalPage({ params }: { params: SiteParams }) {
    await resolveSiteParams(params);
    const [t, values] = await Promise.all([getTranslations(`legal.${document}`), documentValues(document)]);
    const sections = t.raw('sections') as Section[];
    return (
      <article className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-semibold">{t('title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('updated')}</p>
        <p className="mt-6 leading-relaxed">{t('intro')}</p>
        {sections.map((section, sectionIndex) => (
          <section key={section.heading} id={section.id} className="mt-8 scroll-mt-20">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            {section.paragraphs.map((paragraph, index) => (
              <p key={paragraph.slice(0, 48)} className="mt-3 leading-relaxed">
                {/* Formatted as a message, so a figure reads in the page's language (2.5% / 2,5 %). */}
                {t(`sections.${sectionIndex}.paragraphs.${index}` as never, values as never)}
              </p>
            ))}
          </section>
        ))}
      </article>
    );
  }

  return { generateMetadata, LegalPage };
}
