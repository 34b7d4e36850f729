import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DashboardPage } from '@/components/dashboard/dashboard-page';
import { requirePageAccess } from '@/server/auth/principal';
import { cachedAgencyCharts } from '@/server/dashboard/dashboard-charts-cache';
import { loadDashboard } from '@/server/dashboard/dashboard-queries';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  const { locale } = await resolveSiteParams(params);
  const t = await getTranslations({ locale, namespace: 'dashboard' });
  return { title: t('title'), robots: { index: false } };
}

export default async function DashboardRoute({ params }: { params: SiteParams }) {
  const { locale } = await resolveSiteParams(params);
  const principal = await requirePageAccess('/dashboard');
  return <DashboardPage locale={locale} data={await loadDashboard(await getDb(), principal, new Date(), { charts: cachedAgencyCharts })} />;
}
