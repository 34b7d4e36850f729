'use client';

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TelemetryChartProps } from './telemetry-chart-island';

// One console chart drawn with recharts, shadcn/ui's chart pattern: each series' colour is a CSS
// variable on the frame (`--color-<key>`), axes and grid in the portal's muted colours, a tooltip
// on hover and on keyboard focus (recharts' accessibility layer: the arrow keys move between
// points). Loaded only by the telemetry page's island, never on the agents' pages.

const AXIS = { stroke: 'var(--color-muted-foreground)', fontSize: 12, tickLine: false } as const;

export function TelemetryChart({ kind, data, series, label, valueFormat }: TelemetryChartProps) {
  const style = Object.fromEntries(series.map((item) => [`--color-${item.key}`, item.color]));
  const format = (value: unknown) => (typeof value === 'number' ? new Intl.NumberFormat(valueFormat.locale, { maximumFractionDigits: valueFormat.fractionDigits }).format(value) : '—');
  const tooltip = (
    <Tooltip
      formatter={(value, name) => [format(value), name]}
      contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 12 }}
      cursor={{ fill: 'var(--color-muted)', stroke: 'var(--color-border)' }}
    />
  );
  const common = { data, margin: { top: 8, right: 8, bottom: 0, left: 0 }, accessibilityLayer: true, role: 'img', 'aria-label': label } as const;
  return (
    <div className="h-60 w-full" style={style} data-testid="telemetry-chart">
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'bar' ? (
          <BarChart {...common}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" {...AXIS} minTickGap={12} />
            <YAxis {...AXIS} width={48} allowDecimals={false} tickFormatter={format} />
            {tooltip}
            {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            {series.map((item) => (
              <Bar key={item.key} dataKey={item.key} name={item.label} fill={`var(--color-${item.key})`} radius={[4, 4, 0, 0]} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : (
          <LineChart {...common}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" {...AXIS} minTickGap={12} />
            <YAxis {...AXIS} width={56} tickFormatter={format} />
            {tooltip}
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {series.map((item) => (
              <Line key={item.key} dataKey={item.key} name={item.label} stroke={`var(--color-${item.key})`} strokeWidth={2} dot={{ r: 2 }} connectNulls isAnimationActive={false} type="monotone" />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
