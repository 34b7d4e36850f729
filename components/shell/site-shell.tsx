import type { Session } from 'next-auth';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { FrontendErrorBoundary } from '@/components/errors/frontend-error-boundary';
import { loadErrorLabels } from '@/components/errors/error-labels';
import { AppProviders } from '@/components/providers/app-providers';
import { displayCurrenciesFor } from '@/shared/money/display-currencies';
import { toLocale } from '@/i18n/locales';
import type { SiteShellSettings } from '@/server/settings/site-shell-settings';
import { SITE_CONTENT } from '@/shared/sites/site-content';
import { type Variant, VARIANT_FEATURES } from '@/shared/sites/site-variants';
import { Footer } from './footer';
import { Header } from './header';
import { LazyToaster } from './lazy-toaster';
import { RouteChangeSpinner } from './route-change-spinner';
import { WhatsAppButton } from './whatsapp-button';

/** Header, footer, WhatsApp button, route spinner and toasts around every portal page (spec §2). */
export async function SiteShell({
  variant,
  session,
  settings: { site: stored, rates },
  children,
}: {
  variant: Variant;
  session?: Session | null;
  /** The operator's settings over the built-in constants, from `loadSiteShellSettings`. */
  settings: SiteShellSettings;
  children: ReactNode;
}) {
  const t = await getTranslations('shell');
  const { errorScreen: errorLabels, http: httpLabels } = await loadErrorLabels();
  const locale = await getLocale();
  const data = stored.sites[variant];
  const site = { ...SITE_CONTENT[variant], mainLogo: data.logo, email: data.email, phone: stored.supportPhone, whatsApp: stored.supportWhatsApp };
  const lang = toLocale(locale);
  const currencies = displayCurrenciesFor(variant);
  return (
    <AppProviders session={session} defaultCurrency={VARIANT_FEATURES[variant].defaultCurrency} currencies={currencies} rates={rates} httpLabels={httpLabels}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <div className="flex min-h-dvh flex-col">
        <Header site={site} />
        {/* Whether this host has search, for what cannot read the route's variant (the 404's search form). */}
        <main id="main" className="group/site flex-1" data-search={VARIANT_FEATURES[variant].search ? undefined : 'off'}>
          <FrontendErrorBoundary labels={errorLabels}>{children}</FrontendErrorBoundary>
        </main>
        <Footer site={site} variant={variant} about={data.about[lang]} address={data.address[lang]} />
      </div>
      <WhatsAppButton number={site.whatsApp} label={t('whatsApp')} />
      <RouteChangeSpinner label={t('navigating')} />
      <LazyToaster position="top-right" richColors closeButton />
    </AppProviders>
  );
}
