import { Send } from '@/components/icons/icons';
import { StaticImage } from '@/components/ui/static-image';
import { getTranslations } from 'next-intl/server';
import { CurrencySwitch } from '@/components/currency/currency-switch';
import { CustomerViewHeaderSwitch } from '@/components/customer-view/customer-view-header-switch';
import { HeaderBookingLookup } from '@/components/dashboard/header-booking-lookup';
import { LOCALES } from '@/i18n/locales';
import { LocaleLink } from '@/components/i18n/locale-link';
import { HEADER_MENU } from '@/shared/auth/route-access';
import type { SiteContent } from '@/shared/sites/site-content';
import { AccountMenu, type AccountMenuLabels } from './account-menu';
import { LanguageSwitch } from './language-switch';

export async function Header({ site }: { site: SiteContent }) {
  const t = await getTranslations('shell');
  const balance = await getTranslations('headerBalance');
  const accountLabels: AccountMenuLabels = {
    signIn: t('signIn'),
    accountMenuFor: t.raw('accountMenuFor') as string,
    signedInAs: t.raw('signedInAs') as string,
    logout: t('logout'),
    menu: Object.fromEntries(HEADER_MENU.map(({ key }) => [key, t(`menu.${key}`)])) as AccountMenuLabels['menu'],
    balance: { label: balance('label'), available: balance.raw('available') as string, loading: balance('loading') },
  };
  const languageNames = Object.fromEntries(LOCALES.map((code) => [code, t(`languages.${code}`)])) as Record<
    (typeof LOCALES)[number],
    string
  >;
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <LocaleLink href="/" aria-label={t('home')} className="shrink-0 rounded-lg">
          <StaticImage src={site.logoMark} alt="" width={36} height={36} priority unoptimized className="size-9 md:hidden" />
          <StaticImage src={site.mainLogo} alt="" width={site.mainLogoWidth} height={36} priority unoptimized className="hidden h-9 w-auto md:block" />
        </LocaleLink>
        <div className="ml-auto flex items-center gap-2">
          {site.telegram ? (
            <a
              href={site.telegram}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('telegram')}
              title={t('telegram')}
              data-testid="telegram-link"
              className="hidden size-9 items-center justify-center rounded-lg text-primary hover:bg-muted md:flex"
            >
              <Send aria-hidden className="size-5" />
            </a>
          ) : null}
          <HeaderBookingLookup />
          <CustomerViewHeaderSwitch />
          <LanguageSwitch label={t('language')} names={languageNames} />
          <CurrencySwitch label={t('currency')} />
          <AccountMenu labels={accountLabels} />
        </div>
      </div>
    </header>
  );
}
