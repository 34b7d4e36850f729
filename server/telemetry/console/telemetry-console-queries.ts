import 'server-only';
import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, lte, max, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@/server/db/connection';
import { analyticsEvents, replaySessions, telemetryEvents, telemetrySpans } from '@/server/db/schema';
import { isLocale, type Locale } from '@/i18n/locales';
import { FUNNEL_STAGES } from '@/shared/telemetry/analytics-events';
import type { StaffPrincipal } from '@/server/staff/staff-principal';
import {
  type Bucket,
  type BucketKey,
  DEFAULT_TELEMETRY_PERIOD,
  isTelemetryPeriod,
  TELEMETRY_PERIODS,
  type TelemetryPeriod,
  WEB_VITALS,
  type WebVital,
} from '@/shared/telemetry/telemetry-periods';

// What `/ops/telemetry` shows, read from the tables the collector and the tracer keep when no
// collector is configured (docs/telemetry.md): browser errors grouped by message and page, Web
// Vitals at the 75th percentile (the figure Google's Core Web Vitals are judged by), the
// search → tour → checkout → booked funnel, and the slowest server spans. Every figure is one SQL
// aggregate over the period's rows: the tables are capped and pruned to a few days, so no
// rollup table is kept. Days and hours are Dubai's, like every date in the portal.

export type TelemetryFilters = { period: TelemetryPeriod; host?: string; locale?: Locale };

/** A host as the collector stores it (the request's Host: a name, maybe a port). */
const HOST = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:\d{1,5})?$/;

/** The page's filters from its URL; what does not parse is dropped, never an error. */
export function parseTelemetryFilters(params: Record<string, string | string[] | undefined>): TelemetryFilters {
  const one = (key: string) => {
    const value = params[key];
    return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase();
  };
  const period = one('period');
  const host = one('host');
  const locale = one('locale');
  return {
    period: isTelemetryPeriod(period) ? period : DEFAULT_TELEMETRY_PERIOD,
    host: host && HOST.test(host) ? host : undefined,
    locale: isLocale(locale) ? locale : undefined,
  };
}

export type ErrorOccurrence = { occurredAt: Date; host: string; authUser: string | null; sessionId: string | null; hasReplay: boolean };
export type ErrorGroup = { message: string; typeName: string; path: string | null; count: number; sessions: number; lastAt: Date; last: ErrorOccurrence[] };
export type VitalRow = { path: string | null; host: string; samples: number } & Record<WebVital, number | null>;
export type VitalsDay = { bucket: BucketKey } & Record<WebVital, number | null>;
export type FunnelRow = { host: string; locale: string | null; stages: Record<(typeof FUNNEL_STAGES)[number], number> };
export type SlowSpanGroup = { name: string; kind: string; count: number; errors: number; p75Ms: number; maxMs: number; lastAt: Date; slowestTraceId: string; hosts: string[] };

export type TelemetryConsole = {
  filters: TelemetryFilters;
  since: Date;
  until: Date;
  bucket: Bucket;
  /** Every bucket of the period, oldest first: the charts' x axis, with no gap on a quiet day. */
  buckets: BucketKey[];
  /** Hosts and locales seen in the period, for the filters. */
  hosts: string[];
  errorGroups: ErrorGroup[];
  errorsPerBucket: { bucket: BucketKey; errors: number }[];
  vitals: VitalRow[];
  vitalsPerBucket: VitalsDay[];
  funnel: FunnelRow[];
  funnelTotals: Record<(typeof FUNNEL_STAGES)[number], number>;
  slowSpans: SlowSpanGroup[];
};

/** How many of each list the page shows; the charts and totals count everything. */
export const CONSOLE_LIMITS = { errorGroups: 20, lastOccurrences: 3, vitalRows: 30, funnelRows: 30, slowSpans: 20, hosts: 50 } as const;

const HOUR_MS = 60 * 60 * 1000;
const DUBAI_OFFSET_MS = 4 * HOUR_MS;

/** The Dubai bucket of an instant (Dubai has no daylight saving: a fixed UTC+4). */
export function bucketOf(at: Date, bucket: Bucket): BucketKey {
  const dubai = new Date(at.getTime() + DUBAI_OFFSET_MS).toISOString();
  return bucket === 'day' ? dubai.slice(0, 10) : dubai.slice(0, 13);
}

/** Every bucket from `since` to `until`, oldest first. */
export function bucketsBetween(since: Date, until: Date, bucket: Bucket): BucketKey[] {
  const step = bucket === 'day' ? 24 * HOUR_MS : HOUR_MS;
  const keys: BucketKey[] = [];
  for (let at = since.getTime(); at < until.getTime(); at += step) keys.push(bucketOf(new Date(at), bucket));
  const last = bucketOf(until, bucket);
  if (keys.at(-1) !== last) keys.push(last);
  return keys;
}

/** The SQL of a timestamp's Dubai bucket, the same key as `bucketOf` (a constant format, no parameter: GROUP BY must repeat it exactly). */
function bucketSql(column: AnyPgColumn, bucket: Bucket): SQL<string> {
  const format = bucket === 'day' ? `'YYYY-MM-DD'` : `'YYYY-MM-DD"T"HH24'`;
  return sql<string>`to_char(${column} at time zone 'Asia/Dubai', ${sql.raw(format)})`;
}

function p75(column: AnyPgColumn): SQL<number | null> {
  return sql<number | null>`percentile_cont(0.75) within group (order by ${column})`.mapWith((value) => (value === null ? null : Number(value)));
}

/** Which of these browser sessions have a recorded replay (replay's `replay_sessions`): the occurrences that link to the player. */
async function sessionsWithReplay(db: Database, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db.select({ sessionId: replaySessions.sessionId }).from(replaySessions).where(inArray(replaySessions.sessionId, sessionIds));
  return new Set(rows.map((row) => row.sessionId));
}

/**
 * Everything `/ops/telemetry` shows for the filters. `now` is the period's end (a parameter so
 * tests can place rows in it). Staff only: the page checks `ops:telemetry` first.
 */
export async function loadTelemetryConsole(
  db: Database,
  _staff: StaffPrincipal,
  filters: TelemetryFilters,
  { now = new Date() }: { now?: Date } = {},
): Promise<TelemetryConsole> {
  const since = new Date(now.getTime() - TELEMETRY_PERIODS[filters.period] * HOUR_MS);
  const bucket: Bucket = filters.period === '24h' ? 'hour' : 'day';
  const events = (...more: (SQL | undefined)[]) =>
    and(
      gte(telemetryEvents.occurredAt, since),
      lte(telemetryEvents.occurredAt, now),
      filters.host ? eq(telemetryEvents.host, filters.host) : undefined,
      filters.locale ? eq(telemetryEvents.locale, filters.locale) : undefined,
      ...more,
    );
  const exceptions = events(eq(telemetryEvents.kind, 'exception'));
  const vitalsWhere = events(eq(telemetryEvents.kind, 'metric'), inArray(telemetryEvents.name, [...WEB_VITALS]), isNotNull(telemetryEvents.value));
  const analytics = and(
    gte(analyticsEvents.occurredAt, since),
    lte(analyticsEvents.occurredAt, now),
    filters.host ? eq(analyticsEvents.host, filters.host) : undefined,
    filters.locale ? eq(analyticsEvents.locale, filters.locale) : undefined,
    inArray(analyticsEvents.name, [...FUNNEL_STAGES]),
    isNotNull(analyticsEvents.sessionId),
  );
  // Spans carry no language: the language filter leaves them as they are.
  const spans = and(gte(telemetrySpans.startedAt, since), lte(telemetrySpans.startedAt, now), filters.host ? eq(telemetrySpans.host, filters.host) : undefined);

  const message = sql<string>`coalesce(${telemetryEvents.message}, ${telemetryEvents.name})`;
  const vitalsBucket = bucketSql(telemetryEvents.occurredAt, bucket);
  const errorsBucket = bucketSql(telemetryEvents.occurredAt, bucket);

  const [hostRows, groups, errorsPerBucket, vitalCells, vitalDays, funnelCells, spanGroups] = await Promise.all([
    db
      .selectDistinct({ host: telemetryEvents.host })
      .from(telemetryEvents)
      .where(and(gte(telemetryEvents.occurredAt, since), lte(telemetryEvents.occurredAt, now)))
      .union(db.selectDistinct({ host: analyticsEvents.host }).from(analyticsEvents).where(and(gte(analyticsEvents.occurredAt, since), lte(analyticsEvents.occurredAt, now))))
      .orderBy(sql`1`)
      .limit(CONSOLE_LIMITS.hosts),
    db
      .select({
        message,
        typeName: sql<string>`min(${telemetryEvents.name})`,
        path: telemetryEvents.path,
        count: count(),
        sessions: countDistinct(telemetryEvents.sessionId),
        lastAt: max(telemetryEvents.occurredAt),
      })
      .from(telemetryEvents)
      .where(exceptions)
      .groupBy(sql`1`, telemetryEvents.path)
      .orderBy(desc(count()), desc(max(telemetryEvents.occurredAt)))
      .limit(CONSOLE_LIMITS.errorGroups),
    db.select({ bucket: errorsBucket, errors: count() }).from(telemetryEvents).where(exceptions).groupBy(sql`1`),
    db
      .select({ name: telemetryEvents.name, path: telemetryEvents.path, host: telemetryEvents.host, p75: p75(telemetryEvents.value), samples: count() })
      .from(telemetryEvents)
      .where(vitalsWhere)
      .groupBy(telemetryEvents.name, telemetryEvents.path, telemetryEvents.host),
    db.select({ bucket: vitalsBucket, name: telemetryEvents.name, p75: p75(telemetryEvents.value) }).from(telemetryEvents).where(vitalsWhere).groupBy(sql`1`, telemetryEvents.name),
    db
      .select({ host: analyticsEvents.host, locale: analyticsEvents.locale, name: analyticsEvents.name, sessions: countDistinct(analyticsEvents.sessionId) })
      .from(analyticsEvents)
      .where(analytics)
      .groupBy(analyticsEvents.host, analyticsEvents.locale, analyticsEvents.name),
    db
      .select({
        name: telemetrySpans.name,
        kind: telemetrySpans.kind,
        count: count(),
        errors: sql<number>`count(*) filter (where ${telemetrySpans.status} = 'error')`.mapWith(Number),
        p75Ms: p75(telemetrySpans.durationMs),
        maxMs: max(telemetrySpans.durationMs),
        lastAt: max(telemetrySpans.startedAt),
        slowestTraceId: sql<string>`(array_agg(${telemetrySpans.traceId} order by ${telemetrySpans.durationMs} desc))[1]`,
        hosts: sql<string[] | null>`array_agg(distinct ${telemetrySpans.host}) filter (where ${telemetrySpans.host} is not null)`,
      })
      .from(telemetrySpans)
      .where(spans)
      .groupBy(telemetrySpans.name, telemetrySpans.kind)
      .orderBy(desc(max(telemetrySpans.durationMs)))
      .limit(CONSOLE_LIMITS.slowSpans),
  ]);

  const funnelTotals = await funnelStageTotals(db, analytics);
  const errorGroups = await withLastOccurrences(db, exceptions, groups);
  const buckets = bucketsBetween(since, now, bucket);

  return {
    filters,
    since,
    until: now,
    bucket,
    buckets,
    hosts: hostRows.map((row) => row.host),
    errorGroups,
    errorsPerBucket: fillBuckets(buckets, errorsPerBucket, (row) => ({ errors: row?.errors ?? 0 })),
    vitals: pivotVitals(vitalCells),
    vitalsPerBucket: fillBuckets(buckets, groupVitalDays(vitalDays), (row) => row ?? emptyVitals()),
    funnel: pivotFunnel(funnelCells),
    funnelTotals,
    slowSpans: spanGroups.map((row) => ({ ...row, p75Ms: row.p75Ms ?? 0, maxMs: row.maxMs ?? 0, lastAt: row.lastAt ?? now, hosts: row.hosts ?? [] })),
  };
}

/** Distinct sessions reaching each stage over all hosts and languages (a session is one host's, so per-host rows add up to it). */
async function funnelStageTotals(db: Database, where: SQL | undefined) {
  const rows = await db.select({ name: analyticsEvents.name, sessions: countDistinct(analyticsEvents.sessionId) }).from(analyticsEvents).where(where).groupBy(analyticsEvents.name);
  const totals = emptyStages();
  for (const row of rows) if (isStage(row.name)) totals[row.name] = row.sessions;
  return totals;
}

/** The last few occurrences of each shown group: when, on which host, whose session, and whether it was recorded. */
async function withLastOccurrences(
  db: Database,
  exceptions: SQL | undefined,
  groups: { message: string; typeName: string; path: string | null; count: number; sessions: number; lastAt: Date | null }[],
): Promise<ErrorGroup[]> {
  if (groups.length === 0) return [];
  const ranked = db
    .select({
      message: sql<string>`coalesce(${telemetryEvents.message}, ${telemetryEvents.name})`.as('message'),
      path: telemetryEvents.path,
      occurredAt: telemetryEvents.occurredAt,
      host: telemetryEvents.host,
      authUser: telemetryEvents.authUser,
      sessionId: telemetryEvents.sessionId,
      rank: sql<number>`row_number() over (partition by coalesce(${telemetryEvents.message}, ${telemetryEvents.name}), ${telemetryEvents.path} order by ${telemetryEvents.occurredAt} desc, ${telemetryEvents.id} desc)`.as('rank'),
    })
    .from(telemetryEvents)
    .where(exceptions)
    .as('ranked');
  const rows = await db
    .select({ message: ranked.message, path: ranked.path, occurredAt: ranked.occurredAt, host: ranked.host, authUser: ranked.authUser, sessionId: ranked.sessionId })
    .from(ranked)
    .where(lte(ranked.rank, CONSOLE_LIMITS.lastOccurrences))
    .orderBy(desc(ranked.occurredAt));
  const recorded = await sessionsWithReplay(db, [...new Set(rows.map((row) => row.sessionId).filter((id): id is string => id !== null))]);
  const key = (message: string, path: string | null) => JSON.stringify([message, path]);
  const last = new Map<string, ErrorOccurrence[]>();
  for (const row of rows) {
    const list = last.get(key(row.message, row.path)) ?? [];
    list.push({ occurredAt: row.occurredAt, host: row.host, authUser: row.authUser, sessionId: row.sessionId, hasReplay: row.sessionId !== null && recorded.has(row.sessionId) });
    last.set(key(row.message, row.path), list);
  }
  return groups.map((group) => ({ ...group, lastAt: group.lastAt ?? new Date(0), last: last.get(key(group.message, group.path)) ?? [] }));
}

function fillBuckets<Row extends { bucket: BucketKey }, Value>(buckets: BucketKey[], rows: Row[], value: (row: Row | undefined) => Value): ({ bucket: BucketKey } & Value)[] {
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return buckets.map((bucket) => ({ ...value(byBucket.get(bucket)), bucket }));
}

function emptyVitals(): Record<WebVital, number | null> {
  return { LCP: null, INP: null, CLS: null, FCP: null, TTFB: null };
}

function isVital(name: string): name is WebVital {
  return (WEB_VITALS as readonly string[]).includes(name);
}

function groupVitalDays(cells: { bucket: BucketKey; name: string; p75: number | null }[]): VitalsDay[] {
  const days = new Map<BucketKey, VitalsDay>();
  for (const cell of cells) {
    if (!isVital(cell.name)) continue;
    const day = days.get(cell.bucket) ?? { bucket: cell.bucket, ...emptyVitals() };
    day[cell.name] = cell.p75;
    days.set(cell.bucket, day);
  }
  return [...days.values()];
}

/** One row per page and host with each vital's p75, the most measured first. */
function pivotVitals(cells: { name: string; path: string | null; host: string; p75: number | null; samples: number }[]): VitalRow[] {
  const rows = new Map<string, VitalRow>();
  for (const cell of cells) {
    if (!isVital(cell.name)) continue;
    const key = JSON.stringify([cell.path, cell.host]);
    const row = rows.get(key) ?? { path: cell.path, host: cell.host, samples: 0, ...emptyVitals() };
    row[cell.name] = cell.p75;
    row.samples += cell.samples;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.samples - a.samples || (a.path ?? '').localeCompare(b.path ?? '') || a.host.localeCompare(b.host)).slice(0, CONSOLE_LIMITS.vitalRows);
}

type Stage = (typeof FUNNEL_STAGES)[number];

function isStage(name: string): name is Stage {
  return (FUNNEL_STAGES as readonly string[]).includes(name);
}

function emptyStages(): Record<Stage, number> {
  return { search: 0, tour_view: 0, checkout_step: 0, booking_placed: 0 };
}

/** One row per host and language with the sessions reaching each stage, the busiest first. */
function pivotFunnel(cells: { host: string; locale: string | null; name: string; sessions: number }[]): FunnelRow[] {
  const rows = new Map<string, FunnelRow>();
  for (const cell of cells) {
    if (!isStage(cell.name)) continue;
    const key = JSON.stringify([cell.host, cell.locale]);
    const row = rows.get(key) ?? { host: cell.host, locale: cell.locale, stages: emptyStages() };
    row.stages[cell.name] = cell.sessions;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.stages.search - a.stages.search || a.host.localeCompare(b.host) || (a.locale ?? '').localeCompare(b.locale ?? '')).slice(0, CONSOLE_LIMITS.funnelRows);
}
