'use client';

import dynamic from 'next/dynamic';
import type { Locale } from '@/i18n/locales';
import type { DashboardCharts as DashboardChartsData } from '@/server/dashboard/dashboard-queries';

export type DashboardChartsLabels = {
  sales: string;
  salesSeries: string;
  commissionSeries: string;
  balance: string;
  balanceSeries: string;
  topTours: string;
  noData: string;
  loading: string;
};

export type DashboardChartsProps = { charts: DashboardChartsData; locale: Locale; labels: DashboardChartsLabels };

// recharts (about 100 KB gzipped with its d3 parts) is fetched only here, in the browser, when the
// dashboard renders: it is never part of a public page's first load (docs/dashboard.md#charts).
const Charts = dynamic(() => import('./dashboard-charts').then((module) => module.DashboardChartsView), {
  ssr: false,
  loading: () => <ChartsPlaceholder />,
});

function ChartsPlaceholder() {
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-3" aria-hidden>
      {[0, 1, 2].map((index) => (
        <div key={index} className="h-72 animate-pulse rounded-xl bg-muted" />
      ))}
    </div>
  );
}

export function DashboardCharts(props: DashboardChartsProps) {
  return <Charts {...props} />;
}
