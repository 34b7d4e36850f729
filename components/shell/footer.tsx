import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { type SiteContent, telLink, whatsAppLink } from '@/shared/sites/site-content';
import type { Variant } from '@/shared/sites/site-variants';

export async function Footer({ site, variant, about: aboutText, address }: { site: SiteContent; variant: Variant; about: string; address: string }) {
  const t = await getTranslations('footer');
  const about = await getTranslations(`sites.${variant}`);
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-border bg-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-semibold">
            {about('aboutTitle')}
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">{aboutText}</p>
        </section>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className="font-semibold">
            {t('contacts')}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('email')}</dt>
            <dd>
              <a className="hover:underline" href={`mailto:${site.email}`}>
                {site.email}
              </a>
            </dd>
            <dt className="text-muted-foreground">{t('phone')}</dt>
            <dd>
              <a className="hover:underline" href={telLink(site.phone)}>
                {site.phone}
              </a>
            </dd>
            <dt className="text-muted-foreground">{t('whatsApp')}</dt>
            <dd>
              <a className="hover:underline" href={whatsAppLink(site.whatsApp)} target="_blank" rel="noopener noreferrer">
                {site.whatsApp}
              </a>
            </dd>
            <dt className="text-muted-foreground">{t('address')}</dt>
            <dd>{address}</dd>
          </dl>
        </section>
        <section aria-label={t('legalName')} className="text-sm">
          <p>
            <span className="text-muted-foreground">{t('legalName')}: </span>
            {site.legalName}
          </p>
          <p>
            <span className="text-muted-foreground">{t('vat')}: </span>
            {site.vatNumber}
          </p>
          <p>
            <span className="text-muted-foreground">{t('tradeLicence')}: </span>
            {site.tradeLicenceNumber}
          </p>
          <nav className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
            <LocaleLink className="text-primary hover:underline" href="/privacy-policy">
              {t('privacy')}
            </LocaleLink>
            <LocaleLink className="text-primary hover:underline" href="/terms-of-use">
              {t('terms')}
            </LocaleLink>
          </nav>
        </section>
      </div>
      {/* Below md the floating WhatsApp button sits over the page's last 88 px: room for it, so the
          last line can scroll clear. A legal name ending in "L.L.C." already closes the sentence. */}
      {/* The cookie notice: what the portal's own telemetry keeps in the browser, in full in the privacy policy's Cookies section. */}
      <p className="mx-auto max-w-6xl border-t border-border px-4 pt-4 text-center text-xs text-muted-foreground" data-testid="footer-cookies">
        {t.rich('cookies', {
          link: (chunks) => (
            <LocaleLink className="text-primary underline underline-offset-4" href="/privacy-policy#cookies">
              {chunks}
            </LocaleLink>
          ),
        })}
      </p>
      <p className="px-4 pt-2 pb-24 text-center text-xs text-muted-foreground md:pb-4" data-testid="footer-rights">
        {t('rights', { year, legalName: site.legalName, legalNameEndsWithStop: String(site.legalName.endsWith('.')) })}
      </p>
    </footer>
  );
}
