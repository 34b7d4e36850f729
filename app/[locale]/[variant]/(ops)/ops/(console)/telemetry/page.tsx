import { getTranslations } from 'next-intl/server';
import { dubaiDateTime } from '@/components/ops/agencies/ops-format';
import { OpsPage } from '@/components/ops/ops-page';
import { TelemetryErrors, TelemetryFilterBar, TelemetryFunnel, TelemetrySpans, TelemetryVitals } from '@/components/ops/telemetry/telemetry-sections';
import { localizedPath } from '@/i18n/locales';
import { getDb } from '@/server/db/database';
import { resolveSiteParams, type SiteParams } from '@/server/hosts/variant-params';
import { requireOpsPage } from '@/server/staff/staff-principal';
import { loadTelemetryConsole, parseTelemetryFilters } from '@/server/telemetry/console/telemetry-console-queries';

export async function generateMetadata() {
  const t = await getTranslations('opsTelemetry');
  return { title: t('title'), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** What browsers reported and how fast the servers answered, over a period, per host and language. */
export default async function OpsTelemetryPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const staff = await requireOpsPage('ops:telemetry', '/ops/telemetry');
  const [{ locale }, t] = await Promise.all([resolveSiteParams(params), getTranslations('opsTelemetry')]);
  const filters = parseTelemetryFilters(await searchParams);
  const data = await loadTelemetryConsole(await getDb(), staff, filters);
  const path = localizedPath(locale, '/ops/telemetry');
  return (
    <OpsPage title={t('title')} description={t('description')}>
      <TelemetryFilterBar filters={filters} hosts={data.hosts} path={path} />
      <p className="text-sm text-muted-foreground" data-testid="telemetry-period">
        {t('filters.showing', { from: dubaiDateTime(data.since, locale), to: dubaiDateTime(data.until, locale) })}
      </p>
      <TelemetryErrors data={data} locale={locale} />
      <TelemetryVitals data={data} locale={locale} />
      <TelemetryFunnel data={data} locale={locale} />
      <TelemetrySpans data={data} locale={locale} />
    </OpsPage>
  );
}
