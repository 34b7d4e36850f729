import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { OpsTable } from '@/components/ops/ops-page';
import { Button, buttonVariants } from '@/components/ui/button';
import { formatDisplayDay } from '@/i18n/dates';
import { type Locale, LOCALES, localizedPath } from '@/i18n/locales';
import { FUNNEL_STAGES } from '@/shared/telemetry/analytics-events';
import { DEFAULT_TELEMETRY_RANGE, dropOff, TELEMETRY_RANGES, type TelemetryRange } from '@/shared/telemetry/telemetry-ranges';
import type { TelemetryConsole, TelemetryFilters } from '@/server/telemetry/console/telemetry-console-queries';
import { WEB_VITALS, type WebVital } from '@/server/telemetry/telemetry-queries';
import { type ChartSeries, TelemetryChartIsland } from './telemetry-chart-island';

// The sections of `/ops/telemetry`: server components that render the loader's figures. Each
// chart is a client island (recharts, loaded in the browser), and its numbers are a table in a
// <details> under it, rendered here: one click (or Enter) away, and there without JavaScript.

const CONTROL = 'h-10 min-w-0 rounded-lg border border-input bg-background px-3 text-base md:text-sm';

/** The series' colours: the portal's primary, error and success colours, then an amber. */
const VITAL_COLOURS: Record<Exclude<WebVital, 'CLS'>, string> = { LCP: '#2637aa', FCP: '#1b7f4b', TTFB: '#8a5a00', INP: '#c62828' };
/** CLS has no unit: it is in the tables, not on the milliseconds chart. */
const CHARTED_VITALS = ['LCP', 'FCP', 'TTFB', 'INP'] as const satisfies readonly Exclude<WebVital, 'CLS'>[];

function numberFormat(locale: Locale, fractionDigits = 0) {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits });
}

function vitalValue(name: WebVital, value: number | null, locale: Locale): string {
  if (value === null) return '—';
  return name === 'CLS' ? numberFormat(locale, 3).format(value) : numberFormat(locale).format(value);
}


function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid={`telemetry-${id}`}>
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground" data-testid="telemetry-empty">
      {children}
    </p>
  );
}

/** A chart with its numbers under it, behind a disclosure that keyboard and screen readers open like a button. */
async function ChartFigure({ title, chart, numbers }: { title: string; chart: ReactNode; numbers: ReactNode }) {
  const t = await getTranslations('opsTelemetry.chart');
  return (
    <figure className="grid min-w-0 gap-2 rounded-xl border border-border p-3">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      {chart}
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
          {t('showNumbers')}
        </summary>
        <div className="mt-2">{numbers}</div>
      </details>
    </figure>
  );
}

export async function TelemetryFilterBar({ filters, hosts, path }: { filters: TelemetryFilters; hosts: string[]; path: string }) {
  const t = await getTranslations('opsTelemetry.filters');
  const hostOptions = filters.host && !hosts.includes(filters.host) ? [filters.host, ...hosts] : hosts;
  const filtered = filters.host !== undefined || filters.locale !== undefined || filters.range !== DEFAULT_TELEMETRY_RANGE;
  return (
    <form method="get" action={path} role="search" aria-label={t('label')} className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm">
        <span>{t('period')}</span>
        <select name="period" defaultValue={filters.range} className={CONTROL}>
          {(Object.keys(TELEMETRY_RANGES) as TelemetryRange[]).map((period) => (
            <option key={period} value={period}>
              {t(`periods.${period}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span>{t('host')}</span>
        <select name="host" defaultValue={filters.host ?? ''} className={CONTROL}>
          <option value="">{t('allHosts')}</option>
          {hostOptions.map((host) => (
            <option key={host} value={host}>
              {host}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        <span>{t('locale')}</span>
        <select name="locale" defaultValue={filters.locale ?? ''} className={CONTROL}>
          <option value="">{t('allLocales')}</option>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {t(`locales.${locale}`)}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit">{t('apply')}</Button>
      {filtered ? (
        <NextLink href={path} className={buttonVariants({ variant: 'outline' })}>
          {t('reset')}
        </NextLink>
      ) : null}
    </form>
  );
}

export async function TelemetryErrors({ data, locale }: { data: TelemetryConsole; locale: Locale }) {
  const [t, chart] = await Promise.all([getTranslations('opsTelemetry.errors'), getTranslations('opsTelemetry.chart')]);
  const total = data.errorsPerDay.reduce((sum, day) => sum + day.errors, 0);
  const points = data.errorsPerDay.map((day) => ({ label: formatDisplayDay(day.day, locale), errors: day.errors }));
  const series: ChartSeries[] = [{ key: 'errors', label: t('series'), color: '#c62828' }];
  const title = t('chartTitle');
  return (
    <Section id="errors" title={t('title')} intro={t('intro')}>
      {total === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <>
          <ChartFigure
            title={title}
            chart={<TelemetryChartIsland kind="bar" data={points} series={series} label={title} valueFormat={{ locale, fractionDigits: 0 }} />}
            numbers={
              <OpsTable caption={title}>
                <thead>
                  <tr>
                    <th scope="col">{chart('day')}</th>
                    <th scope="col">{t('series')}</th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((point) => (
                    <tr key={point.label} data-testid="telemetry-errors-day">
                      <td>{point.label}</td>
                      <td>{numberFormat(locale).format(point.errors)}</td>
                    </tr>
                  ))}
                </tbody>
              </OpsTable>
            }
          />
          <OpsTable caption={t('table')}>
            <thead>
              <tr>
                <th scope="col">{t('message')}</th>
                <th scope="col">{t('page')}</th>
                <th scope="col">{t('count')}</th>
                <th scope="col">{t('hosts')}</th>
                <th scope="col">{t('last')}</th>
              </tr>
            </thead>
            <tbody>
              {data.errorGroups.map((group) => (
                <tr key={`${group.message}\n${group.path}`} data-testid="telemetry-error-group">
                  <td className="max-w-md break-words">
                    <span className="block text-xs text-muted-foreground">{group.typeName}</span>
                    {group.message}
                  </td>
                  <td className="break-all font-mono text-xs">{group.path ?? t('noPath')}</td>
                  <td data-testid="telemetry-error-count">{numberFormat(locale).format(group.count)}</td>
                  <td className="break-all">{group.hosts.join(', ')}</td>
                  <td>
                    <ul className="grid gap-1 text-xs">
                      {group.last.map((occurrence) => {
                        const time = dubaiDateTime(occurrence.occurredAt, locale);
                        return (
                          <li key={`${occurrence.occurredAt.toISOString()}${occurrence.sessionId}`} className="break-all" data-testid="telemetry-error-occurrence">
                            <span className="whitespace-nowrap">{time}</span> · {occurrence.host} · {occurrence.authUser ?? <span className="text-muted-foreground">{t('anonymous')}</span>} ·{' '}
                            {occurrence.hasReplay && occurrence.sessionId ? (
                              <NextLink
                                href={localizedPath(locale, `/ops/telemetry/replays/${encodeURIComponent(occurrence.sessionId)}`)}
                                aria-label={t('replayOf', { time })}
                                className="font-medium text-primary underline-offset-4 hover:underline"
                              >
                                {t('replay')}
                              </NextLink>
                            ) : (
                              <span className="text-muted-foreground">{t('noReplay')}</span>
                            )}
                          </li>
                        );
                      })}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        </>
      )}
    </Section>
  );
}

export async function TelemetryVitals({ data, locale }: { data: TelemetryConsole; locale: Locale }) {
  const [t, chart] = await Promise.all([getTranslations('opsTelemetry.vitals'), getTranslations('opsTelemetry.chart')]);
  const title = t('chartTitle');
  const points = data.vitalsPerDay.map((day) => ({ label: formatDisplayDay(day.day, locale), ...Object.fromEntries(WEB_VITALS.map((name) => [name, day[name]])) }));
  const series: ChartSeries[] = CHARTED_VITALS.map((name) => ({ key: name, label: name, color: VITAL_COLOURS[name] }));
  return (
    <Section id="vitals" title={t('title')} intro={t('intro')}>
      {data.vitals.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <>
          <ChartFigure
            title={title}
            chart={<TelemetryChartIsland kind="line" data={points} series={series} label={title} valueFormat={{ locale, fractionDigits: 0 }} />}
            numbers={
              <OpsTable caption={title}>
                <thead>
                  <tr>
                    <th scope="col">{chart('day')}</th>
                    {WEB_VITALS.map((name) => (
                      <th key={name} scope="col">
                        <abbr title={t(`names.${name}`)}>{name}</abbr>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.vitalsPerDay.map((day) => (
                    <tr key={day.day}>
                      <td>{formatDisplayDay(day.day, locale)}</td>
                      {WEB_VITALS.map((name) => (
                        <td key={name}>{vitalValue(name, day[name], locale)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </OpsTable>
            }
          />
          <OpsTable caption={t('table')}>
            <thead>
              <tr>
                <th scope="col">{t('page')}</th>
                <th scope="col">{t('host')}</th>
                {WEB_VITALS.map((name) => (
                  <th key={name} scope="col">
                    <abbr title={t(`names.${name}`)}>{name}</abbr>
                  </th>
                ))}
                <th scope="col">{t('samples')}</th>
              </tr>
            </thead>
            <tbody>
              {data.vitals.map((row) => (
                <tr key={`${row.path}\n${row.host}`} data-testid="telemetry-vitals-row">
                  <td className="break-all font-mono text-xs">{row.path ?? '—'}</td>
                  <td className="break-all">{row.host}</td>
                  {WEB_VITALS.map((name) => (
                    <td key={name} data-vital={name}>
                      {vitalValue(name, row[name], locale)}
                    </td>
                  ))}
                  <td>{numberFormat(locale).format(row.samples)}</td>
                </tr>
              ))}
            </tbody>
          </OpsTable>
        </>
      )}
    </Section>
  );
}

export async function TelemetryFunnel({ data, locale }: { data: TelemetryConsole; locale: Locale }) {
  const t = await getTranslations('opsTelemetry.funnel');
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const totals = data.funnelTotals;
  const points = FUNNEL_STAGES.map((stage) => ({ label: t(`stages.${stage}`), sessions: totals[stage] }));
  const series: ChartSeries[] = [{ key: 'sessions', label: t('series'), color: '#2637aa' }];
  const lost = (from: number, to: number) => {
    const share = dropOff(from, to);
    return share === null ? '—' : percent.format(share);
  };
  return (
    <Section id="funnel" title={t('title')} intro={t('intro')}>
      {FUNNEL_STAGES.every((stage) => totals[stage] === 0) ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <>
          <ChartFigure
            title={t('chartTitle')}
            chart={<TelemetryChartIsland kind="bar" data={points} series={series} label={t('chartTitle')} valueFormat={{ locale, fractionDigits: 0 }} />}
            numbers={
              <OpsTable caption={t('chartTitle')}>
                <thead>
                  <tr>
                    <th scope="col">{t('totals')}</th>
                    <th scope="col">{t('series')}</th>
                    <th scope="col">{t('dropOff')}</th>
                  </tr>
                </thead>
                <tbody>
                  {FUNNEL_STAGES.map((stage, index) => (
                    <tr key={stage} data-testid="telemetry-funnel-stage">
                      <td>{t(`stages.${stage}`)}</td>
                      <td>{numberFormat(locale).format(totals[stage])}</td>
                      <td>{index === 0 ? '—' : lost(totals[FUNNEL_STAGES[index - 1]!], totals[stage])}</td>
                    </tr>
                  ))}
                </tbody>
              </OpsTable>
            }
          />
          <OpsTable caption={t('table')}>
            <thead>
              <tr>
                <th scope="col">{t('host')}</th>
                <th scope="col">{t('locale')}</th>
                {FUNNEL_STAGES.map((stage) => (
                  <th key={stage} scope="col">
                    {t(`stages.${stage}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.funnel.map((row) => (
                <tr key={`${row.host}\n${row.locale}`} data-testid="telemetry-funnel-row">
                  <td className="break-all">{row.host}</td>
                  <td>{row.locale ?? t('noLocale')}</td>
                  {FUNNEL_STAGES.map((stage, index) => (
                    <td key={stage} data-stage={stage}>
                      {numberFormat(locale).format(row.stages[stage])}
                      {index > 0 ? (
                        <span className="block text-xs text-muted-foreground">
                          <span className="sr-only">{t('dropOffTo', { stage: t(`stages.${stage}`) })}: </span>
                          <span aria-hidden>−</span>
                          {lost(row.stages[FUNNEL_STAGES[index - 1]!], row.stages[stage])}
                        </span>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </OpsTable>
        </>
      )}
    </Section>
  );
}

export async function TelemetrySpans({ data, locale }: { data: TelemetryConsole; locale: Locale }) {
  const t = await getTranslations('opsTelemetry.spans');
  const ms = (value: number) => t('ms', { value: numberFormat(locale).format(value) });
  return (
    <Section id="spans" title={t('title')} intro={t('intro')}>
      {data.slowSpans.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <OpsTable caption={t('table')}>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('count')}</th>
              <th scope="col">{t('errors')}</th>
              <th scope="col">{t('p75')}</th>
              <th scope="col">{t('max')}</th>
              <th scope="col">{t('last')}</th>
              <th scope="col">{t('trace')}</th>
              <th scope="col">{t('hosts')}</th>
            </tr>
          </thead>
          <tbody>
            {data.slowSpans.map((span) => (
              <tr key={`${span.name}\n${span.kind}`} data-testid="telemetry-span">
                <td className="break-all">
                  {span.name}
                  <span className="block text-xs text-muted-foreground">
                    {t('kind')}: {span.kind}
                  </span>
                </td>
                <td>{numberFormat(locale).format(span.count)}</td>
                <td>{numberFormat(locale).format(span.errors)}</td>
                <td>{ms(span.p75Ms)}</td>
                <td>{ms(span.maxMs)}</td>
                <td className="whitespace-nowrap">{dubaiDateTime(span.lastAt, locale)}</td>
                <td className="break-all font-mono text-xs">{span.slowestTraceId}</td>
                <td className="break-all">{span.hosts.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
    </Section>
  );
}
