import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { OpsPage } from '@/components/ops/ops-page';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { loadOpsWorkload } from '@/server/ops/dashboard-queries';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';

export async function generateMetadata() {
  const t = await getTranslations('ops');
  return { title: t('meta.title'), robots: { index: false } };
}

/** What waits for the operator, each count leading to its queue. */
export default async function OpsDashboardPage({ params }: { params: SiteParams }) {
  const staff = await requireOpsPage('ops:dashboard', '/ops');
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params), getTranslations('ops.dashboard')]);
  const workload = await loadOpsWorkload(await getDb(), staff);
  const tiles = [
    { label: t('pendingAgencies'), value: workload.pendingAgencies, href: '/ops/agencies?status=pending' },
    { label: t('openRequests'), value: workload.openRequests, href: '/ops/requests' },
    { label: t('pendingDeposits'), value: workload.pendingDeposits, href: '/ops/money' },
    { label: t('overdueAgencies'), value: workload.overdueAgencies, href: '/ops/agencies?standing=overdue' },
  ];
  return (
    <OpsPage title={t('title')}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.href} className="rounded-xl border border-border p-4">
            <p className="text-sm text-muted-foreground">{tile.label}</p>
            <p className="mt-1 text-3xl font-semibold" data-testid="ops-count">
              {tile.value}
            </p>
            <NextLink href={localizedPath(locale, tile.href)} className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
              {t('open')}
              <span className="sr-only">: {tile.label}</span>
            </NextLink>
          </li>
        ))}
      </ul>
    </OpsPage>
  );
}
