'use client';

import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardChartsProps } from './dashboard-charts-island';

// The dashboard's charts for an agency owner, drawn with recharts (the chart library the console's
// telemetry already uses): sales and commissions per month, the balance over 90 days, the top
// tours. Each chart has its figures in a table for screen readers; the keyboard moves between a
// chart's points (recharts' accessibility layer). Loaded only by the dashboard's island.

const AXIS = { stroke: 'var(--color-muted-foreground)', fontSize: 12, tickLine: false } as const;
const COLORS = { sales: 'var(--color-primary)', commission: '#d97706', balance: 'var(--color-primary)' };

function Figure({ title, testId, children, table }: { title: string; testId: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure className="min-w-0 rounded-xl border border-border p-4 shadow-sm" data-testid={testId}>
      <figcaption className="mb-3 text-base font-semibold">{title}</figcaption>
      {children}
      <div className="sr-only">{table}</div>
    </figure>
  );
}

function FigureTable({ rows }: { rows: [string, ...string[]][] }) {
  return (
    <table>
      <tbody>
        {rows.map(([head, ...cells]) => (
          <tr key={head}>
            <th scope="row">{head}</th>
            {cells.map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DashboardChartsView({ charts, locale, labels }: DashboardChartsProps) {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'AED', maximumFractionDigits: 0 });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const monthName = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const dayName = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'short', timeZone: 'UTC' });
  const format = (value: unknown) => (typeof value === 'number' ? money.format(value) : '—');
  const tooltip = (
    <Tooltip formatter={(value, name) => [format(value), name]} contentStyle={{ borderRadius: 8, borderColor: 'var(--color-border)', fontSize: 12 }} cursor={{ fill: 'var(--color-muted)' }} />
  );
  const months = charts.months.map((row) => ({
    label: monthName.format(new Date(`${row.month}-01T00:00:00Z`)),
    sales: row.salesMinor / 100,
    commission: row.commissionMinor / 100,
  }));
  const balance = charts.balance.map((row) => ({ label: dayName.format(new Date(`${row.day}T00:00:00Z`)), balance: row.balanceMinor / 100 }));
  const hasSales = charts.months.some((row) => row.salesMinor !== 0);
  const common = { margin: { top: 8, right: 8, bottom: 0, left: 0 }, accessibilityLayer: true } as const;
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-3" data-testid="dashboard-charts">
      <Figure
        title={labels.sales}
        testId="dashboard-chart-sales"
        table={<FigureTable rows={months.map((row) => [row.label, format(row.sales), format(row.commission)])} />}
      >
        {hasSales ? (
          <div className="h-60 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={months} {...common} role="img" aria-label={labels.sales}>
                <CartesianGrid vertical={false} stroke="var(--color-border)" />
                <XAxis dataKey="label" {...AXIS} minTickGap={8} />
                <YAxis {...AXIS} width={48} tickFormatter={(value: number) => compact.format(value)} />
                {tooltip}
                <Legend wrapperStyle={{ fontSize: 12 }} />
                <Bar dataKey="sales" name={labels.salesSeries} fill={COLORS.sales} radius={[4, 4, 0, 0]} isAnimationActive={false} />
                <Bar dataKey="commission" name={labels.commissionSeries} fill={COLORS.commission} radius={[4, 4, 0, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{labels.noData}</p>
        )}
      </Figure>

      <Figure title={labels.balance} testId="dashboard-chart-balance" table={<FigureTable rows={balance.map((row) => [row.label, format(row.balance)])} />}>
        {balance.length ? (
          <div className="h-60 w-full">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={balance} {...common} role="img" aria-label={labels.balance}>
                <CartesianGrid vertical={false} stroke="var(--color-border)" />
                <XAxis dataKey="label" {...AXIS} minTickGap={16} />
                <YAxis {...AXIS} width={48} tickFormatter={(value: number) => compact.format(value)} />
                {tooltip}
                <Line dataKey="balance" name={labels.balanceSeries} stroke={COLORS.balance} strokeWidth={2} dot={false} type="stepAfter" isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{labels.noData}</p>
        )}
      </Figure>

      <Figure
        title={labels.topTours}
        testId="dashboard-chart-top-tours"
        table={<FigureTable rows={charts.topTours.map((row) => [row.title[locale], String(row.bookings), format(row.salesMinor / 100)])} />}
      >
        {charts.topTours.length ? (
          <ol className="space-y-2 text-sm">
            {charts.topTours.map((row) => {
              const widest = charts.topTours[0]?.bookings || 1;
              return (
                <li key={row.title.en}>
                  <div className="flex justify-between gap-2">
                    <span className="truncate">{row.title[locale]}</span>
                    <span className="tabular-nums text-muted-foreground">{row.bookings}</span>
                  </div>
                  <div className="mt-1 h-2 rounded-full bg-muted" aria-hidden>
                    <div className="h-2 rounded-full bg-primary" style={{ width: `${Math.max(4, (row.bookings / widest) * 100)}%` }} />
                  </div>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">{labels.noData}</p>
        )}
      </Figure>
    </div>
  );
}
