'use client';

import dynamic from 'next/dynamic';

export type ChartSeries = { key: string; label: string; color: string };

export type TelemetryChartProps = {
  kind: 'bar' | 'line';
  /** One point per x value: `label` (what the axis shows) and a number (or null: not measured) per series key. */
  data: Record<string, string | number | null>[];
  series: ChartSeries[];
  /** The chart's accessible name; its numbers are in the table under it. */
  label: string;
  valueFormat: { locale: string; fractionDigits: number };
};

// recharts (about 100 KB gzipped with its d3 parts) is fetched only when a telemetry chart
// renders, in the browser: the server sends the figure's frame and its table of numbers, so the
// page reads and works before (and without) the chart's script.
const TelemetryChart = dynamic(() => import('./telemetry-chart').then((module) => module.TelemetryChart), {
  ssr: false,
  loading: () => <div className="h-60 w-full animate-pulse rounded-lg bg-muted" aria-hidden />,
});

export function TelemetryChartIsland(props: TelemetryChartProps) {
  return <TelemetryChart {...props} />;
}
