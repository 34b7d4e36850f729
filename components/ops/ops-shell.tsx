import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { FrontendErrorBoundary } from '@/components/errors/frontend-error-boundary';
import { loadErrorLabels } from '@/components/errors/error-labels';
import { HttpFeedbackProvider } from '@/components/http/http-feedback';
import { LazyToaster } from '@/components/shell/lazy-toaster';
import { Button } from '@/components/ui/button';
import { type Locale, localizedPath } from '@/i18n/locales';
import { opsMenuFor } from '@/shared/auth/route-access';
import { staffSignOutAction } from '@/server/staff/staff-auth-actions';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import { OpsNav } from './ops-nav';

/** Every console page's frame: the sections a role may open, who is signed in, sign-out, toasts. */
export async function OpsShell({ staff, locale, children }: { staff: StaffPrincipal; locale: Locale; children: ReactNode }) {
  const t = await getTranslations('ops.shell');
  const { errorScreen: errorLabels, http: httpLabels } = await loadErrorLabels();
  const items = opsMenuFor(staff.role).map((section) => ({ href: localizedPath(locale, section.href), label: t(`sections.${section.key}`) }));
  return (
    <HttpFeedbackProvider labels={httpLabels}>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-semibold">{t('title')}</p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>
              {t('signedInAs', { name: staff.name })} · {t(`roles.${staff.role}`)}
            </span>
            <form action={staffSignOutAction}>
              <input type="hidden" name="locale" value={locale} />
              <Button type="submit" variant="outline" size="sm">
                {t('signOut')}
              </Button>
            </form>
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-4 md:grid-cols-[12rem_minmax(0,1fr)]">
        <OpsNav items={items} label={t('menu')} />
        <main id="main" className="min-w-0">
          <FrontendErrorBoundary labels={errorLabels}>{children}</FrontendErrorBoundary>
        </main>
      </div>
      <LazyToaster position="top-right" richColors closeButton />
    </HttpFeedbackProvider>
  );
}
