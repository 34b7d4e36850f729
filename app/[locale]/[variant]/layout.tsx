import type { Metadata, Viewport } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DemoLabel } from '@/components/shell/demo-label';
import { TelemetryIslands } from '@/components/telemetry/telemetry-islands';
import { SESSION_HINT_SCRIPT } from '@/shared/auth/session-hint';
import { NO_EVAL_SCRIPT } from '@/server/http/security-headers';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { posthogSettings } from '@/shared/telemetry/posthog-settings';

/**
 * Nothing is prerendered at build time, because `next build` never touches the database: each
 * locale × variant page renders on its first request and is then served from cache.
 * resolveSiteParams turns unknown locales and variants into 404s.
 */
export function generateStaticParams() {
  return [];
}

/** A cached page is refreshed at least daily (the footer shows the current year). */
export const revalidate = 86400;

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'meta' });
  return {
    title: { default: t('title'), template: `%s | ${t('title')}` },
    description: t('description'),
    applicationName: t('portalTitle'),
    other: { 'portal-title': t('portalTitle') },
  };
}

export const viewport: Viewport = { themeColor: '#2637AA', width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children, params }: { children: ReactNode; params: SiteParams }) {
  const { locale } = await resolveSiteParams(params);
  return (
    // The hint script may add a class to <html> before hydration (server/auth/session-hint.ts).
    <html lang={locale} suppressHydrationWarning>
      <head>
        {/* Runs before the first paint, so an agent never sees the visitor's "Sign in" buttons flash. */}
        <script dangerouslySetInnerHTML={{ __html: SESSION_HINT_SCRIPT }} />
        {/* Before any script file: no library probes for eval, which the Content-Security-Policy refuses. */}
        <script dangerouslySetInnerHTML={{ __html: NO_EVAL_SCRIPT }} />
      </head>
      <body className="font-sans">
        <DemoLabel locale={locale} />
        {/* No client translation runtime: islands get their texts as props and the locale from the route. */}
        {children}
        <TelemetryIslands posthog={posthogSettings({ POSTHOG_KEY: process.env.POSTHOG_KEY, POSTHOG_HOST: process.env.POSTHOG_HOST })} />
      </body>
    </html>
  );
}
